"""Bearer sessions: creation, lookup with sliding expiry, revocation (contract section 2)."""
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.orm import aliased

from core import clock, tokens
from core.db import db, new_id
from core.outcomes import NotFound
from perf.prepared import PreparedRead
from sections.auth.models import Session, User
from sections.auth.outcomes import ImpersonationForbidden
from sections.auth.services import bans, security_log

# A session used more than this long after its last renewal is extended (sliding expiry).
RENEW_AFTER = timedelta(days=1)


@dataclass
class IssuedSession:
    """A session as shown to its holder: the plain token exists only here, never in the table."""

    id: str
    token: str
    expires_at: datetime


@dataclass(frozen=True)
class LiveSession:
    """The caller's credential: a bearer session found by its token, or an API key
    (services/api_keys.py, `id` None), with its user's public fields (`user`, a row that
    accounts.answer reads). Not an ORM object: the hot path (GET /api/auth/session and the per-user
    rate limit) pays for one indexed query and no unit of work."""

    id: str | None
    user_id: str
    expires_at: datetime | None
    user: tuple  # a named row of LOOKUP's columns: accounts.answer reads it
    api_key: object = None  # api_keys.KeyInUse: the key this request came with
    impersonator: dict | None = None  # {id, name, image, email}: the admin of E2.3
    sso: dict | None = None  # {connectionId, projectId}: the SSO connection that made it (E4.2)
    # An OAuth access token in use (extensions.md E5.7, the identity provider's TokenInUse):
    # what it reaches, its rate-limit counter and its part of GET /api/auth/session.
    token: object = None

    @property
    def rate_key(self) -> str:
        """The rate limiter's counter (core/ratelimit.py): the user's, or the key's or token's
        own (extensions.md E2.2, E5.7: they count apart from their owner's sessions)."""
        limited = self.api_key or self.token
        return limited.rate_key if limited is not None else f"user:{self.user_id}"

    def check_reach(self, method: str, path: str) -> None:
        """The access step's question (core/access.py): may this credential call `method` on
        `path` at all? A session reaches everything; a key or a token answers for itself."""
        limited = self.api_key or self.token
        if limited is not None:
            limited.check_reach(method, path)

    def check_not_impersonated(self) -> None:
        """The access step's question for a view declared `not_impersonated`: a security
        change through an impersonation session is 403 (extensions.md E2.3)."""
        if self.impersonator is not None:
            raise ImpersonationForbidden


# The columns of a user that a credential's lookup reads (its answer's, and the ban's).
USER_COLUMNS = (User.id, User.email, User.name, User.image, User.email_verified,
                User.created_at, User.two_factor_enabled, User.role, User.banned,
                User.ban_expires_at)
_admin = aliased(User, name="impersonator")
# One statement, compiled once: the session row by its token hash, joined to its user. An
# impersonation session (extensions.md E2.3) names its admin, read by a second query only then.
LOOKUP = (
    select(Session.id.label("session_id"), Session.token_hash, Session.expires_at,
           Session.renewed_at, Session.created_at.label("session_created_at"),
           Session.impersonator_id, Session.sso_connection_id, Session.sso_project_id,
           *USER_COLUMNS)
    .join(User, User.id == Session.user_id)
    .where(Session.token_hash == bindparam("token_hash"))
)
IMPERSONATOR = PreparedRead(
    select(User.id, User.name, User.image, User.email).where(User.id == bindparam("admin_id")))
# Run on a pooled DBAPI connection, compiled once: every request with a bearer token passes here,
# and SQLAlchemy's execution layer costs several times the query itself (bench/README.md).
_LOOKUP = PreparedRead(LOOKUP)
# Sign-in's one write besides the hash check: a plain INSERT, not an ORM unit of work.
INSERT = insert(Session.__table__)
# lastUsedAt moves with the renewal, at most once a day, never on every read (contract section 9).
RENEW = (update(Session).where(Session.id == bindparam("session_id"))
         .values(renewed_at=bindparam("now"), last_used_at=bindparam("now"),
                 expires_at=bindparam("expires_at")))


def lifetime() -> timedelta:
    return timedelta(seconds=current_app.config["SESSION_LIFETIME"])


def expiry(created_at: datetime, now: datetime) -> datetime:
    """A (re)new(ed) session's end: SESSION_LIFETIME from now, never past its end of life."""
    return min(now + lifetime(), end_of_life(created_at))


def end_of_life(created_at: datetime) -> datetime:
    """Creation plus SESSION_MAX_AGE: no use extends a session past it (extensions E1.5)."""
    return created_at + timedelta(seconds=current_app.config["SESSION_MAX_AGE"])


@dataclass(frozen=True)
class Client:
    """Where a session is made from, as the session lists show it (contract section 9)."""

    user_agent: str | None = None  # the first 300 characters of the header
    ip_address: str | None = None  # the client address of contract section 6


def create(user: User, client: Client = Client(), *, impersonator_id: str | None = None,
           lasts: timedelta | None = None, sso: tuple[str, str] | None = None) -> IssuedSession:
    """A new session for `user`, written in the request's transaction (the caller commits):
    an impersonation (extensions.md E2.3) names its admin and lasts `lasts`; a single sign-on
    (E4.2) names its (connection id, project id) as `sso`."""
    db.session.flush()  # the user row (a new account, a re-hashed password) goes first
    token, now = tokens.new_token(), clock.utcnow()
    ends = expiry(now, now) if lasts is None else min(now + lasts, end_of_life(now))
    issued = IssuedSession(new_id(), token, ends)
    db.session.execute(INSERT, {"id": issued.id, "user_id": user.id,
                                "token_hash": tokens.digest(token), "created_at": now,
                                "renewed_at": now, "last_used_at": now,
                                "expires_at": issued.expires_at,
                                "user_agent": client.user_agent, "ip_address": client.ip_address,
                                "impersonator_id": impersonator_id,
                                "sso_connection_id": sso and sso[0],
                                "sso_project_id": sso and sso[1]})
    return issued


def answer(issued: IssuedSession | None) -> dict | None:
    """A new session as its holder sees it (SessionSchema: with its token), or None for none
    (a sign-up that waits for the address's verification)."""
    if issued is None:
        return None
    return {"id": issued.id, "token": issued.token, "expiresAt": issued.expires_at}


def lookup(token: str) -> LiveSession | None:
    """The live session of a bearer token (one indexed query), renewed when it is due. A banned
    user's is not live: a ban deletes them, and this also ends one a sign-in made while the
    ban was committing (its check passed, its session committed after the ban's DELETE)."""
    row = _LOOKUP.one(db.engine, token_hash=tokens.digest(token))
    now = clock.utcnow()
    if row is None or not tokens.matches(token, row.token_hash):
        return None
    # A session made before SESSION_MAX_AGE was lowered (or existed) ends at the cap too.
    expires_at = min(row.expires_at, end_of_life(row.session_created_at))
    if expires_at <= now or bans.is_banned(row, now):
        return None
    if row.impersonator_id is not None:
        return _impersonation(row, expires_at)
    if now - row.renewed_at > RENEW_AFTER and expiry(row.session_created_at, now) > expires_at:
        expires_at = expiry(row.session_created_at, now)
        with db.engine.begin() as conn:
            conn.execute(RENEW, {"session_id": row.session_id, "now": now,
                                 "expires_at": expires_at})
    sso = None
    if row.sso_connection_id is not None:
        sso = {"connectionId": row.sso_connection_id, "projectId": row.sso_project_id}
    return LiveSession(row.session_id, row.id, expires_at, row, sso=sso)


def _impersonation(row, expires_at: datetime) -> LiveSession | None:
    """An impersonation session (extensions.md E2.3), never renewed, with the admin it shows.
    Its row is the whole of its state: what ends it (the admin's role change, ban or deletion,
    the user's promotion, ban or revocation) deletes the row (services/impersonation.py), so
    this read, the session lists and PERF_OFF's SQLAlchemy read all agree, and an ended one
    stays ended when the role comes back or the ban is lifted."""
    admin = IMPERSONATOR.one(db.engine, admin_id=row.impersonator_id)
    if admin is None:  # deleted between the two reads: the row went with it
        return None
    shown = {"id": admin.id, "name": admin.name, "image": admin.image, "email": admin.email}
    return LiveSession(row.session_id, row.id, expires_at, row, impersonator=shown)


def revoke(session: LiveSession) -> None:
    """Sign-out: end the caller's own session."""
    db.session.execute(delete(Session).where(Session.id == session.id))
    security_log.record(session.user_id, "sign_out")


# --- the account's own session list (contract section 9) ---
LISTED = (Session.id, Session.created_at, Session.expires_at, Session.last_used_at,
          Session.user_agent, Session.ip_address)


def live_of(user_id: str, current_id: str | None) -> list[dict]:
    """The user's live sessions, newest first, SessionInfoSchema's keys (never a token
    hash: only the listed columns are read), each with the admin impersonating the user in it
    (extensions.md E2.3), or None."""
    rows = db.session.execute(
        select(*LISTED, _admin.id.label("admin_id"), _admin.name.label("admin_name"),
               _admin.image.label("admin_image"), _admin.email.label("admin_email"))
        .outerjoin(_admin, _admin.id == Session.impersonator_id)
        .where(Session.user_id == user_id, Session.expires_at > clock.utcnow())
        .order_by(Session.created_at.desc(), Session.id.desc()))
    # Sessions made before lastUsedAt was recorded have none: until renewed, that is createdAt.
    return [{"id": row.id, "createdAt": row.created_at, "expiresAt": row.expires_at,
             "lastUsedAt": row.last_used_at or row.created_at, "userAgent": row.user_agent,
             "ipAddress": row.ip_address, "current": row.id == current_id,
             "impersonatedBy": None if row.admin_id is None else {
                 "id": row.admin_id, "name": row.admin_name, "image": row.admin_image,
                 "email": row.admin_email}}
            for row in rows]


def revoke_one(current: LiveSession, session: Session) -> None:
    """End one of the caller's live sessions, as the access step loaded it (its own is a
    sign-out); NotFound when a concurrent request ended it first."""
    result = db.session.execute(delete(Session).where(Session.id == session.id)
                                .execution_options(synchronize_session=False))
    if result.rowcount != 1:
        raise NotFound("No such session")
    if session.id == current.id:
        security_log.record(current.user_id, "sign_out")
    else:
        security_log.record(current.user_id, "session_revoke", {"count": 1})


def revoke_others(current: LiveSession) -> None:
    """End every other session of the caller's account (one session_revoke event when any)."""
    ended = revoke_all(current.user_id, keep=current.id)
    if ended:
        security_log.record(current.user_id, "session_revoke", {"count": ended})


def revoke_all(user_id: str, keep: str | None = None) -> int:
    """End every session of the user, except `keep` (the caller's own) when given; how many."""
    statement = delete(Session).where(Session.user_id == user_id)
    if keep is not None:
        statement = statement.where(Session.id != keep)
    return db.session.execute(statement.execution_options(synchronize_session=False)).rowcount
