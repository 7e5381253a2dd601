"""Redirect URIs of a client (extensions.md E5.2): which a client may register, and which a
request may name. Registered: absolute, no fragment, no wildcard, 2,000 characters at most;
`https://`, `http://` on a loopback host, or a private-use scheme with a dot for a native app
(RFC 8252 7.1). Named at authorization: the registered one exactly (string comparison), but for
a loopback URI, which matches on any port (RFC 8252 7.3)."""
import re
from urllib.parse import urlsplit

MAX_LENGTH = 2000
MAX_COUNT = 10
LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")  # as urlsplit's `hostname` gives them
# RFC 8252 7.1: a reverse domain name of the app's, so a dot; RFC 3986's scheme characters.
PRIVATE_SCHEME = re.compile(r"[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+")


def _loopback(parts) -> bool:
    return parts.scheme == "http" and parts.hostname in LOOPBACK_HOSTS


def problem(uri) -> str | None:
    """Why `uri` cannot be registered, or None when it can."""
    if not isinstance(uri, str) or not 0 < len(uri) <= MAX_LENGTH or not uri.isprintable() \
            or any(c.isspace() for c in uri):
        return "a redirect URI is a string of 1 to 2000 characters without spaces"
    if "*" in uri or "#" in uri:
        return "a redirect URI has no wildcard and no fragment"
    try:
        parts = urlsplit(uri)
        port = parts.port
    except ValueError:
        return "a redirect URI must be an absolute URI"
    if parts.scheme == "https":
        if not parts.hostname or parts.username is not None or parts.password is not None:
            return "an https redirect URI names a host and no user"
        return None
    if parts.scheme == "http":
        if parts.username is not None or not _loopback(parts) or (port is not None
                                                                    and port == 0):
            return "an http redirect URI must be on a loopback host (127.0.0.1, [::1], localhost)"
        return None
    if PRIVATE_SCHEME.fullmatch(parts.scheme) and not parts.netloc and parts.path.startswith("/"):
        return None
    return ("a redirect URI is https://, http:// on a loopback host, or a private-use scheme "
            "with a dot (com.example.app:/callback)")


def problems(uris) -> str | None:
    """Why a list of redirect URIs cannot be registered, or None."""
    if not isinstance(uris, list) or not 1 <= len(uris) <= MAX_COUNT:
        return f"give 1 to {MAX_COUNT} redirect URIs"
    return next((found for found in map(problem, uris) if found), None)


def _without_port(parts) -> str:
    """The URI as written, less its port: the host's case and form stay (no match by case)."""
    netloc = parts.netloc
    if parts.port is not None:
        netloc = netloc[:netloc.rfind(":")]
    return parts._replace(netloc=netloc).geturl()


def matches(registered: list, named) -> bool:
    """Whether the request's `redirect_uri` is one the client registered."""
    if not isinstance(named, str):
        return False
    if named in registered:
        return True
    try:
        parts = urlsplit(named)
        parts.port  # noqa: B018  (a malformed port raises here)
    except ValueError:
        return False
    if not _loopback(parts) or "#" in named:
        return False
    stripped = _without_port(parts)
    return any(_loopback(urlsplit(uri)) and _without_port(urlsplit(uri)) == stripped
               for uri in registered)


def localhost_only(registered: list) -> bool:
    """Whether every redirect URI of the client is on loopback (the consent page warns)."""
    return all(_loopback(urlsplit(uri)) for uri in registered)
