"""OAuth's own conventions on the wire (extensions.md E5, "Conventions"): errors as
`{error, error_description}` with RFC 6749's codes (every error under /api/oauth2, a 404 or
429 too), form bodies only on the token, revocation and introspection endpoints, and CORS from
any origin (no credentials) on what a browser tool calls."""
import base64
import binascii

from flask import Response, json, request
from flask_cors import cross_origin

FORM = "application/x-www-form-urlencoded"
ENVELOPE = "oauth2"
# The framework's and the pipeline's statuses as OAuth's error codes (RFC 6749 5.2, 4.1.2.1).
CODES = {401: "invalid_client", 403: "access_denied", 429: "temporarily_unavailable",
         500: "server_error", 502: "temporarily_unavailable", 503: "temporarily_unavailable"}
# No credentials (cookies) ever: the bearer or the client's secret travels in a header.
any_origin = cross_origin(origins="*", send_wildcard=True, supports_credentials=False,
                          allow_headers=["Authorization", "Content-Type"], max_age=600)


def error(status: int, code: str, description: str, headers=None) -> Response:
    body = json.dumps({"error": code, "error_description": description})
    response = Response(body, status=status, mimetype="application/json", headers=headers)
    response.headers["Cache-Control"] = "no-store"
    return response


def render_api_error(err) -> Response:
    """core/errors.py `use_envelope`: every error of the /api/oauth2 blueprint in OAuth's form,
    with the headers it carries (Retry-After, a bearer challenge)."""
    code = CODES.get(err.status, "invalid_request")
    return error(err.status, code, err.message, headers=err.headers)


REPEATABLE = {"resource"}  # RFC 8707 2: the one parameter that may repeat
MAX_PARAMETER = 4096  # characters: the longest access token the service takes (tokens.py)


def refuse_bad_form():
    """E5: a token, revocation or introspection request is a form (a JSON body, or any other:
    400 invalid_request), each parameter once (RFC 6749 3.2)."""
    if request.mimetype != FORM:
        return error(400, "invalid_request", f"The request body must be {FORM}")
    if request.args:  # RFC 6749 3.2: in the body; the query string is never read
        return error(400, "invalid_request", "The parameters go in the request body, not the "
                                             "query string")
    if not _readable_basic(request.headers.get("Authorization")):
        return error(401, "invalid_client", "The Basic credentials are not client_id:secret "
                                            "in base64", headers={"WWW-Authenticate": "Basic"})
    for name in request.form:
        values = request.form.getlist(name)
        if name not in REPEATABLE and len(values) > 1:
            return error(400, "invalid_request", f"{name} is given more than once")
        if len(name) > MAX_PARAMETER or any(len(value) > MAX_PARAMETER for value in values):
            return error(400, "invalid_request", f"A parameter is longer than {MAX_PARAMETER} "
                                                 "characters")
    if _is_basic(request.headers.get("Authorization")) and "client_secret" in request.form:
        # RFC 6749 2.3: one authentication method a request
        return error(401, "invalid_client", "Authenticate with Basic or client_secret, "
                                            "not both", headers={"WWW-Authenticate": "Basic"})
    return None


# What an error of authlib's that carries no description says (E5: {error, error_description}).
DESCRIPTIONS = {
    "invalid_request": "The request is missing a parameter or has a malformed one",
    "invalid_client": "Client authentication failed",
    "invalid_grant": "The code, refresh token or device code is unknown, expired, spent, "
                     "another client's, or does not match this request",
    "unauthorized_client": "This client may not use this grant type",
    "unsupported_grant_type": "The grant types are authorization_code, refresh_token and "
                              "urn:ietf:params:oauth:grant-type:device_code",
    "invalid_scope": "The scope is unknown or wider than the one granted",
    "unsupported_token_type": "This token type cannot be revoked",
}


def described(response: Response) -> Response:
    """An error answer of authlib's in E5's form: `error_description` set when it had none, and
    a failed client authentication 401 with a challenge (authlib answers an unknown client_id
    without Basic credentials 400)."""
    if response.status_code < 400 or response.mimetype != "application/json":
        return response
    body = response.get_json(silent=True)
    if not isinstance(body, dict) or "error" not in body:
        return response
    if not body.get("error_description"):
        body["error_description"] = DESCRIPTIONS.get(body["error"], "The request was refused")
        response.set_data(json.dumps(body))
    if body["error"] == "invalid_client":
        response.status_code = 401
        response.headers.setdefault("WWW-Authenticate", "Basic")
    return response


def _is_basic(header: str | None) -> bool:
    return header is not None and header.split(" ", 1)[0].lower() == "basic"


def _readable_basic(header: str | None) -> bool:
    """RFC 7617: `Basic` and the base64 of UTF-8 `id:secret`, or no Basic header at all (a
    public client, or client_secret_post): what authlib's parser takes without a 500."""
    if not _is_basic(header):
        return True
    try:
        decoded = base64.b64decode(header[6:].strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return False
    return ":" in decoded and "\x00" not in decoded
