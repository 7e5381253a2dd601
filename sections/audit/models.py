"""The audit log (resources.md R8, extensions.md E4.5): append-only, written in the transaction
of the change, and one hash chain (`seq`, `prev_hash`, `hash`; sections/audit/chain.py)."""
from datetime import datetime

from sqlalchemy import JSON, BigInteger, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, list_indexes, new_id

# The project's list (E4.5): filters actorId and action, sorts createdAt and seq; the admin's
# list sorts seq too (its createdAt indexes are the first ones below).
_PROJECT = {"project_id_": ("project_id",), "project_id_actor_id_": ("project_id", "actor_id"),
            "project_id_action_": ("project_id", "action")}
_ADMIN = {"actor_id_": ("actor_id",), "action_": ("action",), "target_id_": ("target_id",)}


def now_in_milliseconds() -> datetime:
    """Now, at the precision the entry answers and hashes (ISO 8601 with milliseconds)."""
    now = clock.utcnow()
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


class AuditEntry(db.Model):
    """One successful change. No endpoint updates or deletes a row. `actor_id` is the actor's
    id as written (no foreign key: it is hashed, and outlives the account, whose deletion makes
    the answer's `actor` null); `project_id` likewise outlives its project."""

    __tablename__ = "audit_log"
    __table_args__ = (
        Index("ix_audit_log_created_at_id", "created_at", "id"),
        Index("ix_audit_log_actor_id_created_at", "actor_id", "created_at"),
        Index("ix_audit_log_action_created_at", "action", "created_at"),
        Index("ix_audit_log_target_id_created_at", "target_id", "created_at"),
        Index("uq_audit_log_seq", "seq", unique=True),  # one chain: no fork, whoever writes
        *list_indexes("audit_log", _PROJECT, {"created_at": "created_at", "seq": "seq"}),
        *list_indexes("audit_log", _ADMIN, {"seq": "seq"}),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    seq: Mapped[int] = mapped_column(BigInteger)
    actor_id: Mapped[str | None] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(64))
    target_type: Mapped[str] = mapped_column(String(32))
    target_id: Mapped[str] = mapped_column(String(64))
    project_id: Mapped[str | None] = mapped_column(String(32))
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=now_in_milliseconds)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
