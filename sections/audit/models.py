"""The audit log (resources.md R8, extensions.md E4.5): append-only, written in the transaction
of the change, one hash chain (`seq`, `prev_hash`, `hash`; sections/audit/chain.py), and each
project's own chain over it (`project_seq`, `project_prev_hash`, `project_hash`)."""
from datetime import datetime

from sqlalchemy import JSON, BigInteger, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, new_id

# Every list of the log reads it in `seq` order: createdAt is set as the entry is chained and
# never goes back (sections/audit/chain.py), so the sort createdAt is the sort seq. An index per
# filter: the admin's actorId, action, targetId; the project's alone, with actorId, with action.
LEADS = {"actor_id_": ("actor_id",), "action_": ("action",), "target_id_": ("target_id",),
         "project_id_": ("project_id",), "project_id_actor_id_": ("project_id", "actor_id"),
         "project_id_action_": ("project_id", "action")}


class AuditEntry(db.Model):
    """One successful change. No endpoint updates or deletes a row. `actor_id` is the actor's
    id as written (no foreign key: it is hashed, and outlives the account, whose deletion makes
    the answer's `actor` null); `project_id` likewise outlives its project."""

    __tablename__ = "audit_log"
    __table_args__ = (
        Index("uq_audit_log_seq", "seq", unique=True),  # one chain: no fork, whoever writes
        # A project's chain: no fork either, and its head's read (the last project_seq).
        Index("uq_audit_log_project_id_project_seq", "project_id", "project_seq", unique=True),
        *(Index(f"ix_audit_log_{lead}seq", *columns, "seq") for lead, columns in LEADS.items()),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    seq: Mapped[int] = mapped_column(BigInteger)
    actor_id: Mapped[str | None] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(64))
    target_type: Mapped[str] = mapped_column(String(32))
    target_id: Mapped[str] = mapped_column(String(64))
    project_id: Mapped[str | None] = mapped_column(String(32))
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow_ms)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
    # The project's own chain (null for an entry with no project): its place in the project's
    # entries and the hash over the project's previous entry's (chain.project_hash).
    project_seq: Mapped[int | None] = mapped_column(BigInteger)
    project_prev_hash: Mapped[str | None] = mapped_column(String(64))
    project_hash: Mapped[str | None] = mapped_column(String(64))
