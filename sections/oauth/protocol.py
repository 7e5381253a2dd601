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
any_origin = cross_origin(origins="*", supports_credentials=False,
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
        if name not in REPEATABLE and len(request.form.getlist(name)) > 1:
            return error(400, "invalid_request", f"{name} is given more than once")
    return None


def _readable_basic(header: str | None) -> bool:
    """RFC 7617: `Basic` and the base64 of UTF-8 `id:secret`, or no Basic header at all (a
    public client, or client_secret_post): what authlib's parser takes without a 500."""
    if header is None or header.split(" ", 1)[0].lower() != "basic":
        return True
    try:
        decoded = base64.b64decode(header[6:].strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return False
    return ":" in decoded and "\x00" not in decoded
