"""Support tickets and their comments (resources.md R7)."""
from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, SmallInteger, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core import clock
from core.db import UTCDateTime, db, new_id
from core.stats import count, per_status
from sections.auth.models import User

OPEN, IN_PROGRESS, RESOLVED, CLOSED = "OPEN", "IN_PROGRESS", "RESOLVED", "CLOSED"
STATUSES = (OPEN, IN_PROGRESS, RESOLVED, CLOSED)
# R7 sorts priorities LOW < NORMAL < HIGH < URGENT: the rank is stored beside the name, so the
# database sorts (and an index serves) the order, not the alphabet.
PRIORITIES = ("LOW", "NORMAL", "HIGH", "URGENT")
PRIORITY_RANK = {name: rank for rank, name in enumerate(PRIORITIES)}


class Ticket(db.Model):
    """A support request. Its requester, assignee and project may be deleted: the ticket stays
    with the reference set to null (contract section 9, R7)."""

    __tablename__ = "tickets"
    __table_args__ = (
        # Staff lists (every ticket) by each sort, with and without the status filter.
        Index("ix_tickets_created_at_id", "created_at", "id"),
        Index("ix_tickets_updated_at_id", "updated_at", "id"),
        Index("ix_tickets_priority_rank_id", "priority_rank", "id"),
        Index("ix_tickets_status_created_at_id", "status", "created_at", "id"),
        Index("ix_tickets_status_updated_at_id", "status", "updated_at", "id"),
        Index("ix_tickets_status_priority_rank_id", "status", "priority_rank", "id"),
        # A requester's own tickets by each sort.
        Index("ix_tickets_requester_id_created_at_id", "requester_id", "created_at", "id"),
        Index("ix_tickets_requester_id_updated_at_id", "requester_id", "updated_at", "id"),
        Index("ix_tickets_requester_id_priority_rank_id", "requester_id", "priority_rank", "id"),
        # The other filters.
        Index("ix_tickets_priority_rank_created_at_id", "priority_rank", "created_at", "id"),
        Index("ix_tickets_assignee_id_created_at_id", "assignee_id", "created_at", "id"),
        Index("ix_tickets_project_id_created_at_id", "project_id", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    subject: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default=OPEN)
    priority: Mapped[str] = mapped_column(String(16), default="NORMAL")
    priority_rank: Mapped[int] = mapped_column(SmallInteger, default=PRIORITY_RANK["NORMAL"])
    requester_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    assignee_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    project_id: Mapped[str | None] = mapped_column(ForeignKey("projects.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    requester: Mapped[User | None] = relationship(foreign_keys=[requester_id])
    assignee: Mapped[User | None] = relationship(foreign_keys=[assignee_id])

    def set_priority(self, name: str) -> None:
        self.priority, self.priority_rank = name, PRIORITY_RANK[name]


class TicketComment(db.Model):
    """A reply on a ticket; `internal` ones are for the staff only (R7)."""

    __tablename__ = "ticket_comments"
    __table_args__ = (
        Index("ix_ticket_comments_ticket_id_created_at_id", "ticket_id", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    ticket_id: Mapped[str] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"))
    author_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    body: Mapped[str] = mapped_column(Text)
    internal: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())

    author: Mapped[User | None] = relationship()


count(per_status(Ticket.__tablename__))
