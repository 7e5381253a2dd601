"""Registrations for festivals (extensions.md E3.4): CONFIRMED within the capacity, else
WAITLISTED in arrival order. A place in the queue is counted when read, never stored, so the
queue moves up without rewriting it."""
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String, case, func, select
from sqlalchemy.orm import Mapped, aliased, column_property, mapped_column, relationship

from core import clock
from core.db import UTCDateTime, db, new_id
from sections.festivals.models import Festival

CONFIRMED, WAITLISTED = "CONFIRMED", "WAITLISTED"
STATUSES = (CONFIRMED, WAITLISTED)


class Registration(db.Model):
    """One user's registration for one festival (the unique index settles two at once);
    `seq` its arrival among the festival's registrations, the queue's order."""

    __tablename__ = "registrations"
    __table_args__ = (
        Index("uq_registrations_festival_id_user_id", "festival_id", "user_id", unique=True),
        Index("uq_registrations_festival_id_seq", "festival_id", "seq", unique=True),
        # The counts, the queue in order and a place in it.
        Index("ix_registrations_festival_id_status_seq", "festival_id", "status", "seq"),
        # The lists: a festival's (all, or one status) and a user's, by createdAt.
        Index("ix_registrations_festival_id_created_at_id", "festival_id", "created_at", "id"),
        Index("ix_registrations_festival_id_status_created_at_id", "festival_id", "status",
              "created_at", "id"),
        Index("ix_registrations_user_id_created_at_id", "user_id", "created_at", "id"),
        Index("ix_registrations_user_id_status_created_at_id", "user_id", "status",
              "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    festival_id: Mapped[str] = mapped_column(ForeignKey("festivals.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(16))
    seq: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())

    user = relationship("User", lazy="joined", innerjoin=True)
    festival: Mapped[Festival] = relationship(lazy="select")


_ahead = aliased(Registration)
# A WAITLISTED registration's place: 1 + those of its festival queued before it.
Registration.position = column_property(case((
    Registration.status == WAITLISTED,
    select(func.count()).where(_ahead.festival_id == Registration.festival_id,
                               _ahead.status == WAITLISTED, _ahead.seq <= Registration.seq)
    .correlate_except(_ahead).scalar_subquery())))


# E3.4: a festival's `registrations`, the registrations' part of its answer: counted when the
# festival is read (a range of the status index), in its own query (sections/festivals/parts.py).
COUNTED = {name: select(func.count()).where(Registration.festival_id == Festival.id,
                                            Registration.status == status)
           .correlate_except(Registration).scalar_subquery()
           for name, status in (("confirmed", CONFIRMED), ("waitlisted", WAITLISTED))}
