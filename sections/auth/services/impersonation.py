"""Impersonation (extensions.md E2.3): a platform admin opens a session of a user to see what
the user sees, on the record. The session names its admin and is never renewed; whatever ends
it deletes its row in the same transaction, so an ended one stays ended (`end_*` below)."""
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, select

from core.db import db
from core.fields import utc_iso
from core.outcomes import Conflict, Forbidden
from sections.audit import service as audit
from sections.auth.models import Session, User
from sections.auth.services import accounts, bans, security_log, sessions


def start(user: User, admin_id: str, user_agent: str | None,
          ip_address: str | None) -> sessions.IssuedSession:
    """A session of `user` for the admin `admin_id`, in the request's transaction, with its
    `user.impersonate` audit entry and the user's `impersonation_start` event. Refused in this
    order: oneself 409, another admin 403, a banned user 409."""
    if user.id == admin_id:
        raise Conflict("You cannot impersonate yourself")
    admin = _lock_both(user, admin_id)
    if admin is None or admin.role != "admin" or bans.is_banned(admin):
        raise Forbidden("Only a platform admin may impersonate")  # changed since the bearer
    if user.role == "admin":
        raise Forbidden("Another admin cannot be impersonated")
    if bans.is_banned(user):
        raise Conflict("A banned user cannot be impersonated")
    lasts = timedelta(seconds=current_app.config["IMPERSONATION_LIFETIME"])
    client = sessions.Client((user_agent or "")[:300] or None, ip_address)
    issued = sessions.create(user, client, impersonator_id=admin_id, lasts=lasts)
    audit.record(admin_id, "user.impersonate", user.id,
                 {"sessionId": issued.id, "expiresAt": utc_iso(issued.expires_at)})
    # An impersonation writes no sign_in event (E1.6).
    security_log.record(user.id, "impersonation_start", {"admin": admin_id})
    return issued


def _lock_both(user: User, admin_id: str) -> User | None:
    """Read the user's and the admin's rows again, locked (PostgreSQL; in id order, so two
    such reads cannot deadlock): a role change or ban of either that commits first is seen
    here, one that comes later waits for this session's row and then ends it. The admin, or
    None when its account is gone."""
    rows = db.session.execute(
        select(User).where(User.id.in_((user.id, admin_id))).order_by(User.id)
        .with_for_update().execution_options(populate_existing=True)).scalars().all()
    return next((row for row in rows if row.id == admin_id), None)


def end_on_role_change(user_id: str, role: str) -> int:
    """The sessions E2.3 ends when `user_id` is given `role`: made a platform admin, those that
    impersonate it (an impersonation must not gain an admin's powers); made a user, those it
    opened as an admin. Deleted in the caller's transaction; how many."""
    if role == "admin":
        ended = (Session.user_id == user_id) & Session.impersonator_id.is_not(None)
    else:
        ended = Session.impersonator_id == user_id
    return _end(ended)


def end_opened_by(admin_id: str) -> int:
    """A ban of the admin ends the sessions it opened (its own go with the ban); how many.
    Deleting the admin's account needs no call: the foreign key cascades."""
    return _end(Session.impersonator_id == admin_id)


def _end(where) -> int:
    return db.session.execute(delete(Session).where(where)
                              .execution_options(synchronize_session=False)).rowcount


def answer(issued: sessions.IssuedSession, user: User) -> dict:
    """ImpersonationSchema's keys: the new session (with its token) and its user."""
    return {"session": sessions.answer(issued), "user": accounts.answer(user)}
