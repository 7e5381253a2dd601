"""Bearer sessions: creation, lookup with sliding expiry, revocation (contract section 2)."""
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import select

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


def lookup(token: str) -> Session | None:
    """The live session of a bearer token (one indexed query), renewed when it is due."""
    token_hash = tokens.digest(token)
    row = db.session.execute(
        select(Session).where(Session.token_hash == token_hash)
    ).scalar_one_or_none()
    now = clock.utcnow()
    if row is None or not tokens.matches(token, row.token_hash) or row.expires_at <= now:
        return None
    if now - row.renewed_at > RENEW_AFTER:
        row.renewed_at = now
        row.expires_at = now + lifetime()
        db.session.commit()
    return row


def revoke(row: Session) -> None:
    db.session.delete(row)


def shown(row: Session, token: str) -> IssuedSession:
    return IssuedSession(row.id, token, row.expires_at)
