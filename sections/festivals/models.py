"""Festivals (resources.md R5); their rating and registrations are parts that other sections
add (parts.py)."""
from datetime import datetime

from sqlalchemy import (
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, list_indexes, new_id
from core.stats import count, per_status

DRAFT, PUBLISHED, CANCELLED = "DRAFT", "PUBLISHED", "CANCELLED"
FESTIVAL_STATUSES = (DRAFT, PUBLISHED, CANCELLED)

FESTIVAL_SORTS = {"created_at": "created_at", "starts_at": "starts_at",
                  "lower_name": func.lower(text("name"))}


class Festival(db.Model):
    __tablename__ = "festivals"
    __table_args__ = (
        Index("uq_festivals_project_id_slug", "project_id", "slug", unique=True),
        # `from` and the ENDED/ONGOING phases range over ends_at.
        Index("ix_festivals_ends_at_id", "ends_at", "id"),
        *list_indexes("festivals", {"": (), "status_": ("status",),
                                     "project_id_": ("project_id",)}, FESTIVAL_SORTS),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    slug: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(Text)
    location: Mapped[str | None] = mapped_column(String(200))
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ends_at: Mapped[datetime] = mapped_column(UTCDateTime)
    capacity: Mapped[int | None] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default=DRAFT)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())


count(per_status(Festival.__tablename__))
