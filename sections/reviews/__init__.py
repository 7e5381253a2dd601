"""Moderated reviews of festivals (resources.md R6)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models",)


def register(app, api):
    from marshmallow import fields

    from core import stats
    from sections.audit import service as audit
    from sections.festivals.parts import FestivalPart, contribute
    from sections.reviews import models, rules, schemas, service  # noqa: F401  (rules: its kinds)
    from sections.reviews.routes import blp as routes
    api.register_blueprint(routes)
    # Its part of every festival's answer, and of the statistics.
    contribute(FestivalPart("rating", fields.Nested(schemas.RatingSchema, required=True),
                            models.APPROVED_PER_RATING, service.rating))
    stats.show(stats.statuses("reviews", models.REVIEW_STATUSES, "ReviewStats"))
    # A moderation's entry names the review's festival's project.
    audit.actions({"review.moderate": "review"}, project_of=service.project_of)
