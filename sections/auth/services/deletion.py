"""Deleting an account (contract section 9, resources.md R8): one cascade for the account's own
request and an admin's. Foreign keys do most of it: sessions, credentials, tokens, identities and
memberships go with the user (ON DELETE CASCADE); what it wrote for others (reviews, comments,
tickets, audit entries) stays with its author set to null (ON DELETE SET NULL)."""
from sqlalchemy import delete, select

from core.db import db
from core.outcomes import Conflict
from sections.audit import service as audit
from sections.auth.models import User
from sections.projects.models import OWNER, Membership, Project


def delete_account(user: User, actor_id: str | None) -> None:
    """Delete `user` in the request's transaction (the caller commits), with its `user.delete`
    audit entry; Conflict for the owner of a project with other members and for the last admin."""
    owned = select(Membership.project_id).where(Membership.user_id == user.id,
                                                Membership.role == OWNER)
    others = (select(Membership.project_id).where(Membership.project_id.in_(owned),
                                                  Membership.user_id != user.id).limit(1))
    if db.session.execute(others).first() is not None:
        raise Conflict("Transfer the projects you own to another member first")
    if user.role == "admin" and not _other_admins(user.id):
        raise Conflict("The last admin cannot be deleted")
    # What it owns has no other member now: those projects go with it (with their articles,
    # festivals and reviews, by their own foreign keys).
    db.session.execute(delete(Project).where(Project.id.in_(owned))
                       .execution_options(synchronize_session=False))
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
