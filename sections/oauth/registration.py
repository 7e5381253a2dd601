"""Dynamic registration (extensions.md E5.2, RFC 7591) and its management (RFC 7592): a client
registers itself with no token, gets a `dyn_` client id, a secret for 90 days when it is
confidential, and a registration access token (kept as its SHA-256, good for its own client
alone) with which it reads, replaces and deletes its registration. Registrations are counted
per address (OAUTH_REGISTRATION_RATE); a dynamic client uses only the grant types it
registered (clients.Client), and one unused for 30 days goes (models.purge_unused)."""
import secrets
from datetime import timedelta
from urllib.parse import urlsplit

from sqlalchemy import delete, select

from core import clock, ratelimit, tokens
from core.db import db, new_id
from sections.oauth import clients, redirect_uris, scopes
from sections.oauth.apps import SECRET_PREFIX
from sections.oauth.models import CONFIDENTIAL, DYNAMIC, PUBLIC, OAuthClient

CLIENT_PREFIX, TOKEN_PREFIX = "dyn_", "rat_"
SECRET_LIFETIME = timedelta(days=90)
AUTH_METHODS = ("none", "client_secret_basic", "client_secret_post")
APPLICATION_TYPES = ("web", "native")
ID_TOKEN_ALGS = ("RS256", "ES256")
MAX_NAME, MAX_URL, MAX_SCOPE = 100, 2048, 2000
SCOPE_COUNTER = "oauth-registrations"
# A client id of this form is the only one a registration URI can name (before any query).
CLIENT_ID_LENGTH = len(CLIENT_PREFIX) + 22


class Invalid(Exception):
    """Metadata that cannot be registered (RFC 7591 3.2.2): its error code and why."""

    def __init__(self, code: str, description: str):
        super().__init__(description)
        self.code, self.description = code, description


class TooMany(Exception):
    """The address has used up its registrations for the window; `retry_after` seconds."""

    def __init__(self, retry_after: int):
        super().__init__("Too many registrations from this address: try again later")
        self.retry_after = retry_after


def count_request() -> None:
    """Count one registration request of the caller's address, before anything is read;
    TooMany once the address has used up OAUTH_REGISTRATION_RATE."""
    retry_after = ratelimit.counted("OAUTH_REGISTRATION_RATE", SCOPE_COUNTER,
                                    ratelimit.client_address())
    if retry_after is not None:
        raise TooMany(retry_after)


def _text(metadata: dict, name: str, limit: int) -> str | None:
    value = metadata.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= limit or not value.isprintable():
        raise Invalid("invalid_client_metadata",
                      f"{name} is a string of 1 to {limit} printable characters")
    return value


def _url(metadata: dict, name: str) -> str | None:
    value = _text(metadata, name, MAX_URL)
    if value is not None and (not value.startswith(("https://", "http://"))
                              or any(c.isspace() for c in value)):
        raise Invalid("invalid_client_metadata", f"{name} is an http(s) URL")
    return value


def _one_of(metadata: dict, name: str, allowed: tuple, default: str) -> str:
    value = metadata.get(name)
    if value is None:
        return default
    if value not in allowed:
        raise Invalid("invalid_client_metadata", f"{name} is one of {', '.join(allowed)}")
    return value


def _grant_types(metadata: dict) -> list:
    value = metadata.get("grant_types")
    if value is None:
        return ["authorization_code"]  # RFC 7591 2
    if (not isinstance(value, list) or not value
            or not all(isinstance(kind, str) and kind in clients.GRANT_TYPES for kind in value)):
        raise Invalid("invalid_client_metadata",
                      f"grant_types is a list of {', '.join(clients.GRANT_TYPES)}")
    if set(value) == {"refresh_token"}:
        raise Invalid("invalid_client_metadata", "refresh_token alone gives nothing to refresh")
    return list(dict.fromkeys(value))


def _scope(metadata: dict) -> str | None:
    value = _text(metadata, "scope", MAX_SCOPE)
    if value is None:
        return None
    unknown = scopes.unknown(value.split())
    if unknown or not value.split():
        raise Invalid("invalid_client_metadata",
                      f"scope names only scopes of this server: not {' '.join(unknown)}")
    return " ".join(dict.fromkeys(value.split()))


def _default_name(uri: str) -> str:
    parts = urlsplit(uri)
    return (parts.hostname or parts.scheme)[:MAX_NAME]


def checked(metadata) -> dict:
    """The columns of a registration's metadata (RFC 7591 2, E5.2's members); other members,
    `resource` included, are ignored. Invalid otherwise."""
    if not isinstance(metadata, dict):
        raise Invalid("invalid_client_metadata", "The body is a JSON object of client metadata")
    uris = metadata.get("redirect_uris")
    problem = redirect_uris.problems(uris)
    if problem:
        raise Invalid("invalid_redirect_uri", problem)
    method = _one_of(metadata, "token_endpoint_auth_method", AUTH_METHODS,
                     "client_secret_basic")
    return {"redirect_uris": list(uris),
            "name": _text(metadata, "client_name", MAX_NAME) or _default_name(uris[0]),
            "type": PUBLIC if method == "none" else CONFIDENTIAL, "auth_method": method,
            "grant_types": _grant_types(metadata),
            "application_type": _one_of(metadata, "application_type", APPLICATION_TYPES,
                                        "web"),
            "logo_url": _url(metadata, "logo_uri"), "homepage_url": _url(metadata, "client_uri"),
            "scope": _scope(metadata),
            "id_token_alg": _one_of(metadata, "id_token_signed_response_alg", ID_TOKEN_ALGS,
                                    "RS256")}


def _new_secret(row: OAuthClient) -> str:
    secret = SECRET_PREFIX + secrets.token_urlsafe(32)
    row.secret_hash = tokens.digest(secret)
    row.secret_expires_at = clock.utcnow() + SECRET_LIFETIME
    return secret


def _apply(row: OAuthClient, values: dict) -> str | None:
    """Set the checked metadata on `row`; the new secret, when one is made (a client that
    becomes confidential, or whose secret has expired)."""
    for name, value in values.items():
        setattr(row, name, value)
    row.updated_at = clock.utcnow()
    if row.type == PUBLIC:
        row.secret_hash = row.secret_expires_at = None
        return None
    if row.secret_hash is None or row.secret_expires_at <= clock.utcnow():
        return _new_secret(row)
    return None


def register(metadata) -> tuple[OAuthClient, str | None, str]:
    """A new dynamic client: (its row, its secret or None, its registration access token)."""
    values = checked(metadata)
    now = clock.utcnow()
    row = OAuthClient(id=new_id(), client_id=CLIENT_PREFIX + secrets.token_urlsafe(16),
                      kind=DYNAMIC, created_at=now)
    secret = _apply(row, values)
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    row.registration_token_hash = tokens.digest(token)
    db.session.add(row)
    db.session.flush()
    return row, secret, token


def managed(client_id: str, token: str | None) -> OAuthClient | None:
    """The dynamic client whose registration access token `token` is (RFC 7592 3: compared
    in constant time, and only with its own client's), or None."""
    row = None
    if (isinstance(token, str) and len(client_id) == CLIENT_ID_LENGTH
            and client_id.startswith(CLIENT_PREFIX) and client_id.isprintable()):
        row = db.session.execute(select(OAuthClient).where(
            OAuthClient.client_id == client_id, OAuthClient.kind == DYNAMIC)).scalar()
    stored = row.registration_token_hash if row is not None else None
    # Compared even when no row holds it, so an unknown client id costs what a known one does.
    if not (tokens.matches(token if isinstance(token, str) else "", stored or "0" * 64)
            and stored is not None):
        return None
    return row


def replace(row: OAuthClient, metadata) -> str | None:
    """RFC 7592 2.2: the registration's metadata replaced by the request's (members left out
    take their defaults); `client_id` must be the client's, a `client_secret` sent its own.
    The new secret, when one is made."""
    if not isinstance(metadata, dict) or metadata.get("client_id") != row.client_id:
        raise Invalid("invalid_client_metadata", "client_id must be the registration's")
    sent = metadata.get("client_secret")
    if sent is not None and not (isinstance(sent, str) and row.secret_hash is not None
                                 and tokens.matches(sent, row.secret_hash)):
        raise Invalid("invalid_client_metadata", "client_secret is not the client's")
    return _apply(row, checked(metadata))


def remove(row: OAuthClient) -> None:
    """RFC 7592 2.3: the client goes, with its grants and tokens (foreign keys)."""
    db.session.execute(delete(OAuthClient).where(OAuthClient.id == row.id)
                       .execution_options(synchronize_session=False))


def _epoch(moment) -> int:
    return int(moment.timestamp())


def answer(row: OAuthClient, uri: str, secret: str | None = None,
           token: str | None = None) -> dict:
    """RFC 7591 3.2.1's answer (RFC 7592 3's for a read or an update): the registered metadata.
    The secret and the token only when just made: they are kept hashed."""
    found = {"client_id": row.client_id, "client_id_issued_at": _epoch(row.created_at),
             "client_name": row.name, "redirect_uris": list(row.redirect_uris),
             "token_endpoint_auth_method": row.auth_method, "grant_types": list(row.grant_types),
             "response_types": ["code"], "application_type": row.application_type,
             "id_token_signed_response_alg": row.id_token_alg,
             "registration_client_uri": uri}
    for name, value in (("logo_uri", row.logo_url), ("client_uri", row.homepage_url),
                        ("scope", row.scope)):
        if value is not None:
            found[name] = value
    if row.type == CONFIDENTIAL:
        found["client_secret_expires_at"] = _epoch(row.secret_expires_at)
    if secret is not None:
        found["client_secret"] = secret
    if token is not None:
        found["registration_access_token"] = token
    return found
