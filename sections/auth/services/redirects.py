"""Redirect allow-list of the magic link and OAuth (contract section 5): no open redirect."""
from urllib.parse import urlsplit

from flask import current_app

from core.outcomes import Invalid

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> str | None:
    """`scheme://host:port` of an absolute http(s) URL, or None when it is not one we accept.

    URLs with userinfo (`http://trusted@evil.test`), control characters or backslashes are
    refused outright: browsers and parsers disagree on them.
    """
    if not isinstance(url, str) or any(c in url for c in "\\\t\r\n ") or not url.isprintable():
        return None
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or "@" in parts.netloc:
        return None
    return f"{parts.scheme}://{parts.hostname}:{port or DEFAULT_PORTS[parts.scheme]}"


def is_allowed(url: str, allowed_origins) -> bool:
    origin = origin_of(url)
    return origin is not None and origin in {origin_of(o.strip()) for o in allowed_origins}


def require_allowed(url: str) -> None:
    """Refuse a redirectUrl outside ALLOWED_REDIRECT_ORIGINS with 400 VALIDATION_ERROR."""
    allowed = current_app.config["ALLOWED_REDIRECT_ORIGINS"]
    if not is_allowed(url, allowed):
        message = ("Must be an absolute http(s) URL on an origin listed in the "
                   "ALLOWED_REDIRECT_ORIGINS setting.")
        if current_app.debug:  # development only: production does not list its settings
            message += " Allowed: " + (", ".join(allowed) or "none") + "."
        raise Invalid(message, field="redirectUrl")
