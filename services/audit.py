"""The audit log (resources.md R8): one entry per successful change, added to the change's own
transaction, so a refused or failed request writes none. Nothing updates or deletes an entry."""
from models import AuditEntry, db

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
}


def record(actor_id: str | None, action: str, target_id: str, details: dict | None = None):
    """Add an entry for `action` on `target_id` to the current transaction (the caller commits)."""
    entry = AuditEntry(actor_id=actor_id, action=action, target_type=ACTIONS[action],
                       target_id=target_id, details=details or {})
    db.session.add(entry)
    return entry
