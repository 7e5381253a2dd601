"""Impersonation (extensions.md E2.3): a platform admin opens a session of a user to see what
the user sees, on the record. The session names its admin (`sessions.impersonator_id`), lasts
IMPERSONATION_LIFETIME and is never renewed; it ends like any session (sign-out, the admin's
DELETE of the user's sessions, a ban of the user), and also when its admin loses the admin
role, is banned (sessions.lookup checks both) or is deleted (its foreign key cascades)."""
from datetime import timedelta

from flask import current_app

from core.outcomes import Conflict, Forbidden
from sections.audit import service as audit
from sections.auth.models import User
from sections.auth.services import accounts, bans, security_log, sessions


def start(user: User, admin_id: str, user_agent: str | None,
          ip_address: str | None) -> sessions.IssuedSession:
    """A session of `user` for the admin `admin_id`, in the request's transaction, with its
    `user.impersonate` audit entry and the user's `impersonation_start` event. Refused in this
    order: oneself 409, another admin 403, a banned user 409."""
    if user.id == admin_id:
        raise Conflict("You cannot impersonate yourself")
    if user.role == "admin":
        raise Forbidden("Another admin cannot be impersonated")
    if bans.is_banned(user):
        raise Conflict("A banned user cannot be impersonated")
    lasts = timedelta(seconds=current_app.config["IMPERSONATION_LIFETIME"])
    client = sessions.Client((user_agent or "")[:300] or None, ip_address)
    issued = sessions.create(user, client, impersonator_id=admin_id, lasts=lasts)
    audit.record(admin_id, "user.impersonate", user.id,
                 {"sessionId": issued.id, "expiresAt": issued.expires_at.isoformat()})
    # An impersonation writes no sign_in event (E1.6).
    security_log.record(user.id, "impersonation_start", {"admin": admin_id})
    return issued


def answer(issued: sessions.IssuedSession, user: User) -> dict:
    """ImpersonationSchema's keys: the new session (with its token) and its user."""
    return {"session": sessions.answer(issued), "user": accounts.answer(user)}
