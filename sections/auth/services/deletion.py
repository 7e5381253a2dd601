"""Deleting an account (contract section 9, resources.md R8): one cascade for the account's own
request and an admin's, mostly by foreign keys; a section that must refuse a deletion, or
remove or record more than its foreign keys do, fills hooks.ACCOUNT_DELETION_REFUSED or
hooks.ACCOUNT_GOING (the audit trail's `user.delete` entry is one of them)."""
from sqlalchemy import select

from core import hooks
from core.db import db, lock_row
from core.outcomes import Conflict
from sections.auth.models import User


# Sessions, credentials, tokens, identities and memberships go with the user (ON DELETE
# CASCADE); what it wrote for others (reviews, comments, tickets, audit entries) stays with its
# author set to null (ON DELETE SET NULL).
def delete_account(user: User, actor_id: str | None) -> None:
    """Delete `user` in the request's transaction (the caller commits); Conflict for the last
    admin and whatever a section refuses. All in the request's transaction: every refusal first
    (hooks.ACCOUNT_DELETION_REFUSED), then what goes with the account (hooks.ACCOUNT_GOING),
    then its row. The user's row is locked first, as every change of the account locks it (the
    auth routes' `current_user`), and against new rows naming it too (`deleting`): what is in
    flight finishes first and the hooks see it; what comes later finds no account (401)."""
    lock_row(User, user.id, User.name, deleting=True)
    hooks.ACCOUNT_DELETION_REFUSED(user)
    if user.role == "admin" and not _other_admins(user.id):
        raise Conflict("The last admin cannot be deleted")
    hooks.ACCOUNT_GOING(user, actor_id)
    db.session.delete(user)
    db.session.flush()


def _other_admins(user_id: str) -> int:
    """Admins besides this one. Their rows are locked (PostgreSQL), so two admins removing
    themselves at once are serialized and the second sees the first gone; SQLite serializes
    writers anyway and refuses a write from a stale snapshot."""
    return len(db.session.execute(
        select(User.id).where(User.role == "admin", User.id != user_id)
        .with_for_update()).all())
