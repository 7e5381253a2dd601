"""The audit log (resources.md R8): append-only, written in the transaction of the change."""
from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, new_id


class AuditEntry(db.Model):
    """One successful change. No endpoint updates or deletes a row; the actor's deletion leaves
    the entry with `actor_id` null."""

    __tablename__ = "audit_log"
    __table_args__ = (
        Index("ix_audit_log_created_at_id", "created_at", "id"),
        Index("ix_audit_log_actor_id_created_at", "actor_id", "created_at"),
        Index("ix_audit_log_action_created_at", "action", "created_at"),
        Index("ix_audit_log_target_id_created_at", "target_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    actor_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    action: Mapped[str] = mapped_column(String(64))
    target_type: Mapped[str] = mapped_column(String(32))
    target_id: Mapped[str] = mapped_column(String(64))
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
