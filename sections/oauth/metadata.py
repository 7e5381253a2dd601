"""The documents that tell clients where everything is (extensions.md E5.1, E5.7): the
authorization server's metadata (RFC 8414, and OpenID Connect Discovery's the same), the
protected resource's metadata (RFC 9728), and the challenge every 401 of the API carries."""
from flask import current_app, request
from werkzeug.exceptions import HTTPException

from sections.oauth import scopes
from sections.oauth import tokens as issued

ID_TOKEN_ALGS = ["RS256", "ES256"]
CLIENT_AUTH = ["client_secret_basic", "client_secret_post", "none"]
CLAIMS = ["iss", "sub", "aud", "azp", "exp", "iat", "auth_time", "nonce", "at_hash", "email",
          "email_verified", "name", "picture"]


def endpoint(path: str) -> str:
    return issued.issuer() + "/api/oauth2" + path


DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


def served(path: str) -> bool:
    """Whether this app serves POST `path` (an endpoint is advertised only where it is)."""
    try:
        current_app.url_map.bind("").match(path, method="POST")
    except HTTPException:
        return False
    return True


def server_metadata() -> dict:
    """RFC 8414 2 (OpenID Connect Discovery 3's members among them). The device endpoint and
    grant are named once the endpoint is served, the registration endpoint while dynamic
    registration is on (E5.1)."""
    config, document = current_app.config, _members()
    if served("/api/oauth2/device_authorization"):
        document["device_authorization_endpoint"] = endpoint("/device_authorization")
        document["grant_types_supported"].append(DEVICE_GRANT)
    if config["OAUTH_DYNAMIC_REGISTRATION"]:
        document["registration_endpoint"] = endpoint("/register")
    document["client_id_metadata_document_supported"] = bool(
        config["OAUTH_CLIENT_ID_METADATA_DOCUMENTS"])
    return document


def _members() -> dict:
    return {
        "issuer": issued.issuer(),
        "authorization_endpoint": endpoint("/authorize"),
        "token_endpoint": endpoint("/token"),
        "jwks_uri": endpoint("/jwks"),
        "userinfo_endpoint": endpoint("/userinfo"),
        "revocation_endpoint": endpoint("/revoke"),
        "introspection_endpoint": endpoint("/introspect"),
        "scopes_supported": list(scopes.SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": CLIENT_AUTH,
        "revocation_endpoint_auth_methods_supported": CLIENT_AUTH,
        "introspection_endpoint_auth_methods_supported": CLIENT_AUTH[:2],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ID_TOKEN_ALGS,
        "claims_supported": CLAIMS,
        "prompt_values_supported": ["none", "login", "consent"],
        "authorization_response_iss_parameter_supported": True,
    }


def resource_metadata() -> dict:
    """RFC 9728 2: the service's API as a protected resource."""
    return {"resource": scopes.api_resource(), "authorization_servers": [issued.issuer()],
            "scopes_supported": list(scopes.SCOPES), "bearer_methods_supported": ["header"],
            "resource_name": current_app.config.get("WEBAUTHN_RP_NAME") or "the service's API"}


def resource_metadata_url() -> str:
    return issued.issuer() + "/.well-known/oauth-protected-resource/api"


# The 401s that say a bearer is missing or dead (not a failed sign-in): their codes.
BEARER_REFUSALS = {"AUTH_ERROR", "INVALID_TOKEN"}
OWN_CHALLENGES = ("/api/oauth2", "/api/scim")  # they speak their own protocols


def challenge(response):
    """E5.7: every 401 of the API for a missing, malformed, unknown, revoked or expired bearer
    names the resource's metadata (RFC 9728 5.1), and says `invalid_token` when one was sent."""
    path = request.path
    if (response.status_code != 401 or not path.startswith("/api/")
            or path.startswith(OWN_CHALLENGES) or response.mimetype != "application/json"):
        return response
    body = response.get_json(silent=True) or {}
    code = body.get("code") or body.get("error")
    if code not in BEARER_REFUSALS:
        return response
    value = f'Bearer resource_metadata="{resource_metadata_url()}"'
    scheme, _, sent = request.environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    if scheme.lower() == "bearer" and sent.strip():  # RFC 6750 3.1: a token was sent
        value += ', error="invalid_token"'
    response.headers["WWW-Authenticate"] = value
    return response
