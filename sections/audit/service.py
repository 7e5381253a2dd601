"""The audit log (resources.md R8): one entry per successful change, added to the change's own
transaction, so a refused or failed request writes none. Nothing updates or deletes an entry."""
from flask import has_request_context
from sqlalchemy import select

from core import listing
from core.bearer import current_session
from core.db import db
from sections.audit.models import AuditEntry
from sections.auth.models import User

# The vocabulary of R8's table: (action, targetType).
ACTIONS = {
    "user.update": "user",
    "user.ban": "user",
    "user.unban": "user",
    "user.sessions_revoke": "user",
    "user.delete": "user",
    "review.moderate": "review",
    "project.delete": "project",
    "project.transfer": "project",
    "project.member_remove": "project",
    "project.member_role": "project",  # extensions.md E2.1
    "user.impersonate": "user",  # extensions.md E2.3
    "project.domain_add": "project",  # extensions.md E4.5
    "project.domain_verify": "project",
    "project.domain_remove": "project",
    "project.member_add": "project",  # extensions.md E4.5
    "project.sso_connection_add": "project",
    "project.sso_connection_update": "project",
    "project.sso_connection_remove": "project",
}


def record(actor_id: str | None, action: str, target_id: str, details: dict | None = None):
    """Add an entry for `action` on `target_id` to the current transaction (the caller commits).
    Written through an impersonation session, its details name the admin (extensions.md E2.3:
    `impersonatedBy`); the actor stays the user."""
    details = dict(details or {})
    credential = current_session() if has_request_context() else None
    if credential is not None and credential.impersonator is not None:
        details["impersonatedBy"] = credential.impersonator["id"]
    entry = AuditEntry(actor_id=actor_id, action=action, target_type=ACTIONS[action],
                       target_id=target_id, details=details)
    db.session.add(entry)
    return entry


def entries_page(args: dict):
    """The admin's read of the log (R8): newest first unless asked, with each actor (null once
    deleted); filters `actorId`, `action`, `targetId`."""
    statement = select(AuditEntry, User).outerjoin(User, User.id == AuditEntry.actor_id)
    filters = {"actorId": AuditEntry.actor_id, "action": AuditEntry.action,
               "targetId": AuditEntry.target_id}
    for name, column in filters.items():
        if name in args:
            statement = statement.where(column == args[name])
    return listing.page(statement, args, {"createdAt": AuditEntry.created_at}, AuditEntry.id,
                        scalars=False)


def entry_answer(entry: AuditEntry, actor) -> dict:
    actor_ref = None if actor is None else {"id": actor.id, "name": actor.name,
                                            "image": actor.image, "email": actor.email}
    return {"id": entry.id, "actor": actor_ref, "action": entry.action,
            "targetType": entry.target_type, "targetId": entry.target_id,
            "details": entry.details, "createdAt": entry.created_at}
