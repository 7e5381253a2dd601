"""API keys (extensions.md E2.2): a second kind of bearer credential, resolved by the same
pipeline step as sessions (credentials.lookup), once per request."""
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import bindparam, delete, func, or_, select, update

from core import clock, listing, tokens
from core.db import db
from core.outcomes import Conflict, Invalid, NotFound
from perf.prepared import PreparedRead
from sections.auth.models import ApiKey, User
from sections.auth.outcomes import InsufficientScope
from sections.auth.services import bans, notices, reauth, security_log
from sections.auth.services.sessions import USER_COLUMNS, LiveSession

# A key is `sk_` and 32 random bytes in base64url (43 characters); only its SHA-256 is stored,
# with its first 11 characters (`prefix`) to tell keys apart. It acts as its owner, except where
# `KeyInUse.check_reach` says no (403 INSUFFICIENT_SCOPE, right after the key is authenticated).
# It counts its own requests for the rate limit. `lastUsedAt` is written at most once a minute,
# by a conditional UPDATE outside the request's transaction (a read writes nothing else).
PREFIX = "sk_"
KEY = re.compile(r"sk_[A-Za-z0-9_-]{43}")
SHOWN = 11  # characters of the key kept as its `prefix`
MAX_LIVE = 50  # live keys (not revoked, not expired) per account
TOUCH_EVERY = timedelta(minutes=1)
READS = frozenset({"GET", "HEAD"})
SCOPES = (["read"], ["read", "write"])  # sorted: what `scopes` may be, in either order


@dataclass(frozen=True)
class KeyInUse:
    """The key a request came with: what GET /api/auth/session answers as `apiKey`, and where
    it may reach."""

    id: str
    name: str
    prefix: str
    writes: bool
    expires_at: datetime | None
    created_at: datetime
    last_used_at: datetime | None

    @property
    def rate_key(self) -> str:
        return f"key:{self.id}"

    def check_reach(self, method: str, path: str) -> None:
        """No key reaches /api/admin, nor /api/auth beyond reading the session; scope `read`
        reaches only GET and HEAD."""
        if path == "/api/admin" or path.startswith("/api/admin/"):
            raise InsufficientScope("API keys cannot call /api/admin")
        if (path == "/api/auth" or path.startswith("/api/auth/")) and not (
                path == "/api/auth/session" and method in READS):
            raise InsufficientScope("API keys reach nothing under /api/auth but GET "
                                    "/api/auth/session")
        if not self.writes and method not in READS:
            raise InsufficientScope("This API key has the read scope only (GET and HEAD)")


# One statement, compiled once (perf/prepared.py, as the session's): the key by its hash,
# joined to its owner. The key's own columns are labelled apart from the user's.
LOOKUP = (
    select(ApiKey.id.label("key_id"), ApiKey.key_hash, ApiKey.name.label("key_name"),
           ApiKey.prefix, ApiKey.writes, ApiKey.expires_at.label("key_expires_at"),
           ApiKey.created_at.label("key_created_at"), ApiKey.last_used_at, *USER_COLUMNS)
    .join(User, User.id == ApiKey.user_id)
    .where(ApiKey.key_hash == bindparam("key_hash"))
)
_LOOKUP = PreparedRead(LOOKUP)
TOUCH = (update(ApiKey).where(ApiKey.id == bindparam("key_id"),
                              or_(ApiKey.last_used_at.is_(None),
                                  ApiKey.last_used_at <= bindparam("before")))
         .values(last_used_at=bindparam("now")))


def is_key(token: str) -> bool:
    """Whether a bearer token has a key's form (anything else is looked up as a session)."""
    return KEY.fullmatch(token) is not None


def lookup(token: str) -> LiveSession | None:
    """The credential of a live key whose owner is not banned (a deleted owner's keys went with
    it); None for anything else, which answers 401 as a bad bearer does."""
    row = _LOOKUP.one(db.engine, key_hash=tokens.digest(token))
    now = clock.utcnow()
    if (row is None or not tokens.matches(token, row.key_hash)
            or (row.key_expires_at is not None and row.key_expires_at <= now)
            or bans.is_banned(row, now)):
        return None
    last_used_at = row.last_used_at
    if last_used_at is None or now - last_used_at >= TOUCH_EVERY:
        with db.engine.begin() as conn:
            conn.execute(TOUCH, {"key_id": row.key_id, "now": now, "before": now - TOUCH_EVERY})
        last_used_at = now
    key = KeyInUse(row.key_id, row.key_name, row.prefix, row.writes, row.key_expires_at,
                   row.key_created_at, last_used_at)
    return LiveSession(None, row.id, row.key_expires_at, row, api_key=key)


def _live(user_id: str, now: datetime):
    return (ApiKey.user_id == user_id,
            or_(ApiKey.expires_at.is_(None), ApiKey.expires_at > now))


def live_count(user_id: str):
    """The SQL count of the user's live keys (the admin user detail's `counts.apiKeys`)."""
    return (select(func.count()).select_from(ApiKey).where(*_live(user_id, clock.utcnow()))
            .scalar_subquery())


def create(user: User, session, data: dict) -> tuple[ApiKey, str]:
    """A new key for `user` once the proof of E1.3 is given; (the row, the key itself, shown
    only in this answer). `user` comes with its row locked (the routes' `current_user`), so
    concurrent creations count the live keys one after the other and never pass MAX_LIVE."""
    now = clock.utcnow()
    expires_at = data.get("expiresAt")
    if expires_at is not None and expires_at <= now:
        raise Invalid("Must be in the future, or null for no expiry", field="expiresAt")
    reauth.require_proof(user, session, data.get("password"), data.get("totpCode"),
                         "Creating an API key")
    live = db.session.execute(select(func.count()).select_from(ApiKey)
                              .where(*_live(user.id, now))).scalar_one()
    if live >= MAX_LIVE:
        raise Conflict(f"An account holds at most {MAX_LIVE} live API keys; revoke one first")
    key = PREFIX + tokens.new_token()
    row = ApiKey(user_id=user.id, name=data["name"], key_hash=tokens.digest(key),
                 prefix=key[:SHOWN], writes="write" in data["scopes"], created_at=now,
                 expires_at=None if expires_at is None else expires_at.astimezone(UTC))
    db.session.add(row)
    db.session.flush()
    security_log.record(user.id, "api_key_create", {"id": row.id, "name": row.name})
    notices.notify(user, "api_key_create")
    return row, key


def page(user_id: str, args: dict) -> listing.Page:
    """The user's keys that are not revoked (expired ones too, until purge-expired)."""
    return listing.page(select(ApiKey).where(ApiKey.user_id == user_id), args,
                        {"createdAt": ApiKey.created_at}, ApiKey.id)


def revoke(key: ApiKey) -> None:
    """Delete one of the caller's keys, as the access step loaded it: it answers 401 from then
    on. NotFound when a concurrent request deleted it first."""
    deleted = db.session.execute(delete(ApiKey).where(ApiKey.id == key.id)
                                 .execution_options(synchronize_session=False)).rowcount
    if deleted != 1:
        raise NotFound("No such API key")
    security_log.record(key.user_id, "api_key_revoke", {"id": key.id, "name": key.name})


def answer(key) -> dict:
    """`apiKey` as the API shows it (an ApiKey row or a KeyInUse): never the key itself."""
    return {"id": key.id, "name": key.name, "prefix": key.prefix,
            "scopes": ["read", "write"] if key.writes else ["read"],
            "expiresAt": key.expires_at, "createdAt": key.created_at,
            "lastUsedAt": key.last_used_at}
