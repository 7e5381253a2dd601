"""Reviews of festivals (resources.md R6). A festival's rating is read in the same query as the
festival (correlated subqueries over APPROVED reviews), so it cannot drift."""
from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String, Text, func, select
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core import clock
from core.db import UTCDateTime, db, list_indexes, new_id
from core.stats import count, per_status
from sections.festivals.models import Festival

PENDING, APPROVED, REJECTED = "PENDING", "APPROVED", "REJECTED"
REVIEW_STATUSES = (PENDING, APPROVED, REJECTED)
RATINGS = (1, 2, 3, 4, 5)


class Review(db.Model):
    """One review per user and festival (the unique index settles concurrent posts)."""

    __tablename__ = "reviews"
    __table_args__ = (
        Index("uq_reviews_festival_id_author_id", "festival_id", "author_id", unique=True),
        *list_indexes("reviews", {"": (), "status_": ("status",),
                                   "festival_id_": ("festival_id",),
                                   # also the rating's aggregate (index only)
                                   "festival_id_status_": ("festival_id", "status"),
                                   "author_id_": ("author_id",)},
                       {"created_at": "created_at", "rating": "rating"}),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    festival_id: Mapped[str] = mapped_column(ForeignKey("festivals.id", ondelete="CASCADE"))
    author_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    rating: Mapped[int] = mapped_column(Integer)
    title: Mapped[str | None] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default=PENDING)
    moderation_note: Mapped[str | None] = mapped_column(String(1000))
    moderated_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())

    author = relationship("User", lazy="joined")
    festival: Mapped[Festival] = relationship(lazy="joined", innerjoin=True)


# R5 `rating` and its distribution (E3.3), the reviews' part of a festival's answer: the
# APPROVED reviews per rating, counted when the festival is read, never stored (each a range of
# the (festival_id, status, rating) index), in the festival's own query (sections/festivals/
# parts.py).
APPROVED_PER_RATING = {
    str(stars): select(func.count()).where(Review.festival_id == Festival.id,
                                           Review.status == APPROVED, Review.rating == stars)
    .correlate_except(Review).scalar_subquery()
    for stars in RATINGS}


count(per_status(Review.__tablename__))
