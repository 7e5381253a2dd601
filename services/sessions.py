"""Bearer sessions: creation, lookup with sliding expiry, revocation (contract section 2)."""
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.engine import Row

from models import Session, User, db
from services import clock, tokens

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
    """A bearer session found by its token, with its user's public fields (`user`, a row that
    UserSchema dumps). Not an ORM object: the hot path (GET /api/auth/session and the per-user
    rate limit) pays for one indexed query and no unit of work."""

    id: str
    user_id: str
    expires_at: datetime
    user: Row


# One statement, compiled once: the session row by its token hash, joined to its user.
LOOKUP = (
    select(Session.id.label("session_id"), Session.token_hash, Session.expires_at,
           Session.renewed_at, User.id, User.email, User.name, User.image, User.email_verified,
           User.created_at, User.two_factor_enabled)
    .join(User, User.id == Session.user_id)
    .where(Session.token_hash == bindparam("token_hash"))
)
RENEW = (update(Session).where(Session.id == bindparam("session_id"))
         .values(renewed_at=bindparam("now"), expires_at=bindparam("expires_at")))


def lifetime() -> timedelta:
    return timedelta(seconds=current_app.config["SESSION_LIFETIME"])


def create(user: User) -> IssuedSession:
    token = tokens.new_token()
    now = clock.utcnow()
    row = Session(user=user, token_hash=tokens.digest(token), created_at=now, renewed_at=now,
                  expires_at=now + lifetime())
    db.session.add(row)
    db.session.flush()
    return IssuedSession(row.id, token, row.expires_at)


def lookup(token: str) -> LiveSession | None:
    """The live session of a bearer token (one indexed query), renewed when it is due."""
    token_hash = tokens.digest(token)
    with db.engine.connect() as conn:
        row = conn.execute(LOOKUP, {"token_hash": token_hash}).first()
        now = clock.utcnow()
        if row is None or not tokens.matches(token, row.token_hash) or row.expires_at <= now:
            return None
        expires_at = row.expires_at
        if now - row.renewed_at > RENEW_AFTER:
            expires_at = now + lifetime()
            conn.execute(RENEW, {"session_id": row.session_id, "now": now,
                                 "expires_at": expires_at})
            conn.commit()
    return LiveSession(row.session_id, row.id, expires_at, row)


def revoke(session: LiveSession) -> None:
    db.session.execute(delete(Session).where(Session.id == session.id))


def shown(session: LiveSession, token: str) -> IssuedSession:
    return IssuedSession(session.id, token, session.expires_at)
