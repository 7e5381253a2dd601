"""Who sees, changes and moderates a review (resources.md R6)."""
from sqlalchemy import or_, select, true

from core.policy import AUTHOR, MEMBER, MODERATOR, OTHERS_MODERATOR, PUBLIC, Caller, define
from sections.festivals.models import Festival
from sections.projects.rules import member_projects, relations_in_project
from sections.reviews.models import APPROVED, Review

RULES = {
    "see": {PUBLIC, AUTHOR, MODERATOR},
    "change": {AUTHOR},
    "delete": {AUTHOR, MODERATOR},
    "moderate": {OTHERS_MODERATOR},  # nobody moderates their own review
}


def review_relations(review: Review, who: Caller) -> set[str]:
    found = relations_in_project(review.festival.project_id, who)
    if review.status == APPROVED:
        found.add(PUBLIC)
    if who.id is not None and review.author_id == who.id:
        found.add(AUTHOR)
    if MEMBER in found:
        found.add(MODERATOR)
        if AUTHOR not in found:
            found.add(OTHERS_MODERATOR)
    return found


def visible_reviews(who: Caller):
    """APPROVED reviews, the caller's own, and those it moderates (R6)."""
    if who.is_admin:
        return true()
    public = Review.status == APPROVED
    if who.id is None:
        return public
    moderated = select(Festival.id).where(Festival.project_id.in_(member_projects(who)))
    return or_(public, Review.author_id == who.id, Review.festival_id.in_(moderated))


define("review", Review, RULES, review_relations, noun="review")
