"""Reviews and their moderation (resources.md R6), and the rating they give a festival."""
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core import changes, clock, listing
from core import policy as policies
from core.db import db
from core.outcomes import Conflict, Forbidden
from sections.audit import service as audit
from sections.festivals.models import PUBLISHED, Festival
from sections.projects.rules import member_of
from sections.reviews.models import PENDING, Review
from sections.reviews.rules import visible_reviews

FIELDS = {"rating": "rating", "title": "title", "body": "body"}


def create(who: policies.Caller, festival, data: dict) -> Review:
    """A review of `festival` (the access step loaded it) once PUBLISHED and started; one per
    user and festival."""
    now = clock.utcnow()
    if festival.status != PUBLISHED or festival.starts_at > now:
        raise Conflict("Only a published festival that has started can be reviewed")
    mine = select(Review.id).where(Review.festival_id == festival.id, Review.author_id == who.id)
    if db.session.execute(mine).first() is not None:
        raise Conflict("You have already reviewed this festival")
    review = Review(festival_id=festival.id, author_id=who.id, rating=data["rating"],
                    title=data.get("title"), body=data["body"], status=PENDING,
                    created_at=now, updated_at=now)
    try:  # the unique index settles two posts at once: the second is 409, never 500
        with db.session.begin_nested():
            db.session.add(review)
            db.session.flush()
    except IntegrityError:
        raise Conflict("You have already reviewed this festival") from None
    return review


def update(review: Review, data: dict) -> Review:
    """The author's change: back to PENDING, the moderation forgotten (R6)."""
    if changes.apply(review, data, FIELDS):
        review.status = PENDING
        review.moderation_note = None
        review.moderated_at = None
        review.updated_at = clock.utcnow()
    return review


def delete(review: Review) -> None:
    db.session.delete(review)


def moderate(review: Review, who: policies.Caller, data: dict) -> Review:
    """Approve or reject (again, in any status); one audit-log entry each time (R8)."""
    if review.author_id == who.id:  # the policy already refuses; kept as the rule's statement
        raise Forbidden("Nobody moderates their own review")
    now = clock.utcnow()
    review.status = data["status"]
    review.moderation_note = data.get("note")
    review.moderated_at = now
    review.updated_at = now
    audit.record(who.id, "review.moderate", review.id,
                 {"status": review.status, "note": review.moderation_note})
    return review


def project_of(review_id: str) -> str | None:
    """The project of a review's festival (its audit entries name it, extensions.md E4.5)."""
    return db.session.execute(select(Festival.project_id).join(
        Review, Review.festival_id == Festival.id).where(Review.id == review_id)).scalar()


SORTS = {"createdAt": Review.created_at, "rating": Review.rating}


def page(who: policies.Caller, args: dict) -> listing.Page:
    """One page of the reviews the caller may see."""
    return listing.page(list_query(who, args), args, SORTS, Review.id)


def list_query(who: policies.Caller, args: dict):
    query = select(Review).where(visible_reviews(who))
    for key, column in (("festivalId", Review.festival_id), ("status", Review.status),
                        ("rating", Review.rating), ("authorId", Review.author_id)):
        if key in args:
            query = query.where(column == args[key])
    return query


def answer(review: Review, who: policies.Caller, projects) -> dict:
    """The Review object's keys with raw values (ReviewSchema dumps them); the note and the
    e-mail only for those who may know them (`projects`: the caller's, from projects_of)."""
    moderator = member_of(projects, review.festival.project_id)
    is_author = who.id is not None and review.author_id == who.id
    return {"id": review.id, "festivalId": review.festival_id,
            "author": policies.embed_user(review.author, moderator or is_author or who.is_admin),
            "rating": review.rating, "title": review.title, "body": review.body,
            "status": review.status,
            "moderationNote": review.moderation_note if moderator or is_author else None,
            "moderatedAt": review.moderated_at, "createdAt": review.created_at,
            "updatedAt": review.updated_at}


def rating(distribution: dict) -> dict:
    """A festival's `rating` from its APPROVED reviews per rating ({"1": n, ...}, E3.3): R5's
    mean rounded half up to two decimals (5, 4, 4 -> 4.33), null when there is none."""
    count = sum(distribution.values())
    if not count:
        return {"average": None, "count": 0, "distribution": distribution}
    total = sum(int(stars) * n for stars, n in distribution.items())
    mean = (Decimal(total) / Decimal(count)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return {"average": float(mean), "count": count, "distribution": distribution}
