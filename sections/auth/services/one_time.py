"""One-time tokens of the account flows (e-mail verification, password reset, magic links,
OAuth codes): stored as their SHA-256 digest only, single use, with a lifetime."""
from datetime import timedelta

from sqlalchemy import delete, select

from core import clock
from core.db import db
from core.tokens import digest, matches, new_token
from sections.auth.models import OneTimeToken


def issue(purpose: str, lifetime: timedelta, *, user=None, email: str | None = None,
          user_id: str | None = None) -> str:
    """Store a new one-time token for `purpose` and return its plain form (to be sent, not kept).
    The account is `user` (an ORM object) or `user_id` (its id alone, no object loaded)."""
    token = new_token()
    row = OneTimeToken(purpose=purpose, token_hash=digest(token), email=email,
                       expires_at=clock.utcnow() + lifetime)
    if user is not None:
        row.user = user
    else:
        row.user_id = user_id
    db.session.add(row)
    return token


def find(purpose: str | tuple[str, ...], token: str) -> OneTimeToken | None:
    """The live (unexpired, unspent) token row of `purpose` (or of one of several), without
    spending it."""
    if not isinstance(token, str) or not token:
        return None
    row = db.session.execute(
        select(OneTimeToken).where(OneTimeToken.token_hash == digest(token))
    ).scalar_one_or_none()
    purposes = (purpose,) if isinstance(purpose, str) else purpose
    if row is None or row.purpose not in purposes or not matches(token, row.token_hash):
        return None
    if row.expires_at <= clock.utcnow():
        return None
    return row


def spend(row: OneTimeToken) -> bool:
    """Delete the token; False when a concurrent request spent it first (single use)."""
    result = db.session.execute(delete(OneTimeToken).where(OneTimeToken.id == row.id))
    return result.rowcount == 1
