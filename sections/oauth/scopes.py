"""The scopes a client may ask for and the resources a token may be issued for (extensions.md
E5.3, E5.6): their names, what the consent page says of each, and the default of each."""
from urllib.parse import urlsplit

from flask import current_app

# name -> what the consent page says (E5.3: "each scope in words").
SCOPES = {
    "openid": "Confirm who you are (your account's id)",
    "profile": "See your name and picture",
    "email": "See your e-mail address and whether it is verified",
    "offline_access": "Stay connected when you are not using it (a refresh token)",
    "read": "Read your data in this service, as you can (GET requests)",
    "write": "Change your data in this service, as you can (includes read)",
}
DEFAULT_SCOPE = "read"  # E5.3: an absent scope
MAX_RESOURCES = 10


def api_resource() -> str:
    """The service's own API as a resource (RFC 8707): {API_BASE_URL}/api."""
    return current_app.config["API_BASE_URL"].rstrip("/") + "/api"


def known_resources() -> list[str]:
    """What a token may be issued for: the service's API and OAUTH_RESOURCES."""
    return [api_resource(), *current_app.config["OAUTH_RESOURCES"]]


def unknown(scopes: list[str]) -> list[str]:
    return [scope for scope in scopes if scope not in SCOPES]


def resource_problem(resource) -> str | None:
    """Why `resource` may not be asked for (E5.3: an absolute URI without fragment that is the
    API or one of OAUTH_RESOURCES), or None."""
    if not isinstance(resource, str) or "#" in resource or not urlsplit(resource).scheme:
        return "a resource is an absolute URI without a fragment"
    if resource not in known_resources():
        return f"{resource} is not a resource of this authorization server"
    return None


def described(scopes: list[str]) -> list[dict]:
    """The scopes as the consent page shows them, in the service's order."""
    return [{"name": name, "description": SCOPES[name]} for name in SCOPES if name in scopes]
