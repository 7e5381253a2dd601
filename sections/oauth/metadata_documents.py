"""Client ID Metadata Documents (extensions.md E5.2, draft-ietf-oauth-client-id-metadata-
document): a `client_id` that is an https:// URL of the right form names a JSON document the
client publishes there, which the service reads by a guarded request (core/guarded.py: public
addresses only unless SSO_ALLOW_PRIVATE_NETWORKS, no redirect, 3 seconds, 5 kB here) and keeps
as an OAuthClient row of kind metadata-document until its cache time is over (Cache-Control
max-age, clamped to 60 s - 24 h; 5 minutes without one). A URL of any other form is never
fetched. Read again, a changed document changes the row; a reading that fails refuses the
authorization, also for a client known before (E5.2: a fetch that fails is the error page)."""
import json
import re
from datetime import timedelta
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core import clock, guarded
from core.db import db, new_id
from sections.oauth import clients, redirect_uris
from sections.oauth.models import ACTIVE, METADATA_DOCUMENT, PUBLIC, OAuthClient

MAX_URL = 2000  # characters
MAX_DOCUMENT = 5 * 1024  # bytes
MAX_NAME = 100  # characters, as a registration's client_name
MAX_LINK = 2048  # characters of logo_uri, client_uri
SHORTEST, LONGEST = timedelta(seconds=60), timedelta(hours=24)
WITHOUT_MAX_AGE = timedelta(minutes=5)
MAX_AGE = re.compile(r"(?:^|[,\s])max-age\s*=\s*\"?(\d{1,12})\"?(?:$|[,\s;])", re.IGNORECASE)


class Refused(Exception):
    """The document cannot be read, or does not hold; the message says why (no secret in it)."""


def is_document_url(client_id) -> bool:
    """Whether `client_id` has E5.2's form of a metadata document's URL: https://, a path that
    is not `/` alone, no fragment, no user info, no `.` or `..` segment, 2,000 characters at
    most. Only such a URL is ever fetched."""
    if (not isinstance(client_id, str) or len(client_id) > MAX_URL
            or not client_id.startswith("https://") or "#" in client_id
            or not client_id.isprintable() or any(c.isspace() for c in client_id)):
        return False
    try:
        parts = urlsplit(client_id)
        parts.port  # noqa: B018  (a malformed port raises here)
    except ValueError:
        return False
    segments = parts.path.split("/")[1:]
    return (bool(parts.hostname) and "@" not in parts.netloc and parts.path not in ("", "/")
            and not any(segment in (".", "..") for segment in segments))


def client(client_id) -> OAuthClient | None:
    """The ACTIVE client an authorization request names: a metadata document's, read now
    unless its reading still stands; any other, as clients.find finds it. None when unknown
    or disabled; Refused when the document cannot be read or does not hold."""
    if not (isinstance(client_id, str) and client_id.startswith("https://")):
        return clients.find(client_id)
    if not current_app.config["OAUTH_CLIENT_ID_METADATA_DOCUMENTS"] or not is_document_url(
            client_id):
        return None  # never fetched, and not a client either
    row = db.session.execute(select(OAuthClient).where(
        OAuthClient.client_id == client_id)).scalar_one_or_none()
    if row is not None and (row.status != ACTIVE or row.kind != METADATA_DOCUMENT):
        return None
    if row is not None and row.document_expires_at and clock.utcnow() < row.document_expires_at:
        return row
    document, lifetime = read(client_id)
    kept = keep(row, client_id, document, lifetime)
    db.session.commit()  # the reading stands whatever becomes of this request (a cache)
    return kept


def read(url: str) -> tuple[dict, timedelta]:
    """The client's document, checked, and how long it is kept; Refused otherwise."""
    try:
        response = guarded.get(url, current_app.config["SSO_ALLOW_PRIVATE_NETWORKS"],
                               MAX_DOCUMENT)
    except guarded.FetchRefused as exc:
        raise Refused(str(exc)) from None
    try:
        document = json.loads(response.content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused("the document is not JSON") from None
    checked(url, document)
    return document, lifetime(response.headers.get("Cache-Control"))


def checked(url: str, document) -> None:
    """E5.2's rules of the document; unknown members are ignored (clients add their own)."""
    if not isinstance(document, dict):
        raise Refused("the document is not a JSON object")
    if document.get("client_id") != url:
        raise Refused("the document's client_id is not its URL")
    name = document.get("client_name")
    if (not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME
            or not name.isprintable()):
        raise Refused(f"the document's client_name must be 1 to {MAX_NAME} printable "
                      "characters")
    problem = redirect_uris.problems(document.get("redirect_uris"))
    if problem:
        raise Refused(f"the document's redirect_uris are not valid: {problem}")
    if "client_secret" in document or document.get("token_endpoint_auth_method",
                                                   "none") != "none":
        raise Refused("a metadata document's client is public: token_endpoint_auth_method "
                      "none, and no client_secret")


def lifetime(cache_control: str | None) -> timedelta:
    """How long a reading stands: its max-age clamped to 60 s - 24 h, 5 minutes without one."""
    found = MAX_AGE.search(cache_control or "")
    if found is None:
        return WITHOUT_MAX_AGE
    return min(max(timedelta(seconds=int(found.group(1))), SHORTEST), LONGEST)


def _link(value) -> str | None:
    ok = (isinstance(value, str) and len(value) <= MAX_LINK
          and value.startswith(("https://", "http://")) and value.isprintable())
    return value if ok else None


def _fill(row: OAuthClient, document: dict, lifetime: timedelta) -> None:
    now = clock.utcnow()
    row.name = document["client_name"].strip()
    row.redirect_uris = list(document["redirect_uris"])
    row.logo_url, row.homepage_url = _link(document.get("logo_uri")), _link(
        document.get("client_uri"))
    row.document_fetched_at, row.document_expires_at, row.updated_at = now, now + lifetime, now


def keep(row: OAuthClient | None, url: str, document: dict,
         lifetime: timedelta) -> OAuthClient | None:
    """The client's row with the document's reading: updated, or new. Two processes reading a
    new client at once both end with the one row (the unique client_id): the second insert's
    savepoint is rolled back and the row the first wrote is updated instead."""
    if row is None:
        row = OAuthClient(id=new_id(), client_id=url, kind=METADATA_DOCUMENT, type=PUBLIC,
                          auth_method="none", status=ACTIVE)
        _fill(row, document, lifetime)
        try:
            with db.session.begin_nested():
                db.session.add(row)
            return row
        except IntegrityError:
            row = db.session.execute(select(OAuthClient).where(
                OAuthClient.client_id == url)).scalar_one_or_none()
            if row is None or row.status != ACTIVE or row.kind != METADATA_DOCUMENT:
                return None
    _fill(row, document, lifetime)
    return row
