"""Bans (resources.md R2, R8): whether a user is banned now, and the refusal every sign-in flow
gives a banned user once its credential checks out."""
from datetime import datetime

from sqlalchemy import and_, or_, true, update

from core import clock
from core.db import db
from sections.auth.models import User
from sections.auth.outcomes import UserBanned


# One clock: a ban whose `ban_expires_at` has passed is over, whatever the row still holds,
# so the state is derived on every read. `purge-expired` clears ended bans from the rows only to
# keep the statistics' correction for them small (core/stats.py); nothing else depends on it.
def is_banned(user, now: datetime | None = None) -> bool:
    """`user` is a User or any row with `banned` and `ban_expires_at`."""
    if not user.banned:
        return False
    expires_at = user.ban_expires_at
    return expires_at is None or expires_at > (now or clock.utcnow())


def banned_clause(now: datetime):
    """The SQL form of `is_banned` (admin user filter, stats)."""
    return and_(User.banned.is_(True),
                or_(User.ban_expires_at.is_(None), User.ban_expires_at > now))


def clear_ended(now: datetime) -> int:
    """Clear the bans that have ended by `now` from their rows (the caller commits)."""
    return db.session.execute(
        update(User).where(User.banned == true(), User.ban_expires_at <= now)
        .values(banned=False, ban_reason=None, ban_expires_at=None)
        .execution_options(synchronize_session=False)).rowcount


def ban_state(user) -> dict:
    """`banned`, `banReason`, `banExpiresAt` as the user object shows them (an ended ban: false,
    null, null)."""
    if not is_banned(user):
        return {"banned": False, "banReason": None, "banExpiresAt": None}
    return {"banned": True, "banReason": user.ban_reason, "banExpiresAt": user.ban_expires_at}


def check_not_banned(user) -> None:
    """403 USER_BANNED (auth envelope), with the reason when one was given (R2). Called where a
    sign-in flow has checked the credential and is about to start a session."""
    if is_banned(user):
        message = "This account is banned"
        if user.ban_reason:
            message += f": {user.ban_reason}"
        raise UserBanned(message)
