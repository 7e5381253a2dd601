"""Festivals and their reviews (resources.md R5, R6). A festival's rating is read in the same
query as the festival (correlated subqueries over APPROVED reviews), so it cannot drift."""
from datetime import datetime

from sqlalchemy import (
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    func,
    select,
    text,
)
from sqlalchemy.orm import Mapped, column_property, mapped_column, relationship

from models import UTCDateTime, db, new_id
from models.articles import _list_indexes
from services import clock

DRAFT, PUBLISHED, CANCELLED = "DRAFT", "PUBLISHED", "CANCELLED"
FESTIVAL_STATUSES = (DRAFT, PUBLISHED, CANCELLED)
PENDING, APPROVED, REJECTED = "PENDING", "APPROVED", "REJECTED"
REVIEW_STATUSES = (PENDING, APPROVED, REJECTED)

FESTIVAL_SORTS = {"created_at": "created_at", "starts_at": "starts_at",
                  "lower_name": func.lower(text("name"))}


class Festival(db.Model):
    __tablename__ = "festivals"
    __table_args__ = (
        Index("uq_festivals_project_id_slug", "project_id", "slug", unique=True),
        # `from` and the ENDED/ONGOING phases range over ends_at.
        Index("ix_festivals_ends_at_id", "ends_at", "id"),
        *_list_indexes("festivals", {"": (), "status_": ("status",),
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


class Review(db.Model):
    """One review per user and festival (the unique index settles concurrent posts)."""

    __tablename__ = "reviews"
    __table_args__ = (
        Index("uq_reviews_festival_id_author_id", "festival_id", "author_id", unique=True),
        *_list_indexes("reviews", {"": (), "status_": ("status",),
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


def _approved(aggregate):
    return (select(aggregate).where(Review.festival_id == Festival.id,
                                    Review.status == APPROVED)
            .correlate_except(Review).scalar_subquery())


# R5 `rating`: computed from the APPROVED reviews when the festival is read, never stored. Deferred
# (one query for both when first read) so a review's festival loads without it; festival lists
# undefer the group into their page query.
Festival.rating_count = column_property(_approved(func.count()), deferred=True, group="rating")
Festival.rating_sum = column_property(_approved(func.coalesce(func.sum(Review.rating), 0)),
                                      deferred=True, group="rating")
