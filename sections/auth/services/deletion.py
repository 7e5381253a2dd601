"""Deleting an account (contract section 9, resources.md R8): one cascade for the account's own
request and an admin's, mostly by foreign keys; a section that must refuse a deletion, or
delete more than its foreign keys do, registers a step (`step`)."""
from sqlalchemy import select

from core.db import db, lock_row
from core.outcomes import Conflict
from sections.audit import service as audit
from sections.auth.models import User

# Registered by sections (e.g. projects: the owner of a project with other members is refused,
# its projects without other members go with it). All in the request's transaction: every
# `refuse` first (it raises Conflict), then every `cascade`, then the user's row.
REFUSALS, CASCADES = [], []


def step(*, refuse=None, cascade=None) -> None:
    """A section's part of every account's deletion: `refuse(user)`, `cascade(user)`."""
    for run, steps in ((refuse, REFUSALS), (cascade, CASCADES)):
        if run is not None and run not in steps:  # once, however many apps are made
            steps.append(run)


# Sessions, credentials, tokens, identities and memberships go with the user (ON DELETE
# CASCADE); what it wrote for others (reviews, comments, tickets, audit entries) stays with its
# author set to null (ON DELETE SET NULL).
def delete_account(user: User, actor_id: str | None) -> None:
    """Delete `user` in the request's transaction (the caller commits), with its `user.delete`
    audit entry; Conflict for the last admin and whatever a section's step refuses. The
    user's row is locked first, as every change of the account locks it (the auth routes'
    `current_user`), and against new rows naming it too (`deleting`): what is in flight
    finishes first and the steps see it; what comes later finds no account (401)."""
    lock_row(User, user.id, User.name, deleting=True)
    for refuse in REFUSALS:
        refuse(user)
    if user.role == "admin" and not _other_admins(user.id):
        raise Conflict("The last admin cannot be deleted")
    for cascade in CASCADES:
        cascade(user)
    audit.record(actor_id, "user.delete", user.id, {"email": user.email})
    db.session.delete(user)
    db.session.flush()


def _other_admins(user_id: str) -> int:
    """Admins besides this one. Their rows are locked (PostgreSQL), so two admins removing
    themselves at once are serialized and the second sees the first gone; SQLite serializes
    writers anyway and refuses a write from a stale snapshot."""
    return len(db.session.execute(
        select(User.id).where(User.role == "admin", User.id != user_id)
        .with_for_update()).all())
