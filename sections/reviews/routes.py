"""Reviews of festivals and their moderation (resources.md R6)."""

from marshmallow import fields, validate

from core import listing
from core import policy as policies
from core.access import (
    body_names,
    guard,
    login_optional,
    login_required,
    verified_email_required,
)
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import data_schema
from sections.projects.rules import projects_of
from sections.reviews import service as reviews
from sections.reviews.models import REVIEW_STATUSES
from sections.reviews.schemas import (
    ModerationSchema,
    ReviewChangeSchema,
    ReviewCreateSchema,
    ReviewSchema,
)

blp = ApiBlueprint("reviews", __name__, url_prefix="/api/reviews",
                   description="Reviews of festivals and their moderation (resources.md R6)")

ReviewListArgs = listing.arguments(
    "ReviewListArgs", sorts=list(reviews.SORTS),
    filters={"festivalId": listing.identifier(), "status": listing.enum(*REVIEW_STATUSES),
             "rating": fields.Integer(validate=validate.Range(1, 5)),
             "authorId": listing.identifier()})
ReviewData = data_schema(ReviewSchema)


@blp.get("")
@blp.doc(operationId="listReviews")
@blp.response(200, listing.page_schema(ReviewSchema))
@login_optional
@blp.arguments(ReviewListArgs, location="query")
def list_reviews(args):
    """List the reviews the caller may see (APPROVED ones to everyone)."""
    who = policies.caller()
    page = reviews.page(who, args)
    projects = projects_of(who) if page.items else set()
    return page.answer([reviews.answer(r, who, projects) for r in page.items])


@blp.get("/<review_id>")
@blp.doc(operationId="getReview")
@blp.response(200, ReviewData)
@login_optional
@guard("review")
def get_review(review):
    """Return one review."""
    who = policies.caller()
    return {"data": reviews.answer(review, who, projects_of(who))}


@blp.post("")
@blp.doc(operationId="createReview")
@blp.response(201, ReviewData)
@blp.errors((409, "CONFLICT: the festival is not published or has not started, or the caller "
                  "has reviewed it already"))
@login_required
@body_names("festivalId", "festival")
@verified_email_required("write reviews")
@blp.arguments(ReviewCreateSchema)
def create_review(data, festival):
    """Review a published festival that has started (status PENDING)."""
    who = policies.caller()
    review = reviews.create(who, festival, data)
    db.session.commit()
    return {"data": reviews.answer(review, who, projects_of(who))}


@blp.patch("/<review_id>")
@blp.doc(operationId="updateReview")
@blp.response(200, ReviewData)
@login_required
@guard("review", "change", lock=True)
@blp.arguments(ReviewChangeSchema)
def update_review(data, review):
    """Change one's review; it goes back to PENDING."""
    reviews.update(review, data)
    db.session.commit()
    who = policies.caller()
    return {"data": reviews.answer(review, who, projects_of(who))}


@blp.delete("/<review_id>")
@blp.doc(operationId="deleteReview")
@blp.response(204)
@login_required
@guard("review", "delete")
def delete_review(review):
    """Delete a review (its author or a moderator)."""
    reviews.delete(review)
    db.session.commit()
    return None


@blp.post("/<review_id>/moderation")
@blp.doc(operationId="moderateReview")
@blp.response(200, ReviewData)
@login_required
@guard("review", "moderate", lock=True)
@blp.arguments(ModerationSchema)
def moderate_review(data, review):
    """Approve or reject a review (members of the festival's project and admins)."""
    who = policies.caller()
    reviews.moderate(review, who, data)
    db.session.commit()
    return {"data": reviews.answer(review, who, projects_of(who))}
