"""Reviews of festivals and their moderation (resources.md R6)."""
from marshmallow import Schema, fields, validate

from core.fields import Identifier, RequestSchema, StrictInteger, Text, UserRefSchema, UTCDateTime
from sections.reviews.models import APPROVED, RATINGS, REJECTED, REVIEW_STATUSES


class ReviewChangeSchema(RequestSchema):
    """PATCH /api/reviews/{id}: the author's fields (`festivalId` is ignored)."""

    rating = StrictInteger(validate=validate.Range(1, 5))
    title = Text(200, allow_none=True)
    body = Text(5_000, allow_none=False)


class ReviewCreateSchema(ReviewChangeSchema):
    festivalId = Identifier(required=True)
    rating = StrictInteger(required=True, validate=validate.Range(1, 5))
    body = Text(5_000, required=True)


class ModerationSchema(RequestSchema):
    status = fields.String(required=True, validate=validate.OneOf([APPROVED, REJECTED]))
    note = Text(1_000, allow_none=True)


class ReviewSchema(Schema):
    id = fields.String(required=True)
    festivalId = fields.String(required=True)
    author = fields.Nested(UserRefSchema, required=True, allow_none=True)
    rating = fields.Integer(required=True)
    title = fields.String(required=True, allow_none=True)
    body = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(REVIEW_STATUSES))
    moderationNote = fields.String(
        required=True, allow_none=True,
        metadata={"description": "Shown only to the author and moderators (null otherwise)"})
    moderatedAt = UTCDateTime(required=True, allow_none=True)
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)


# E3.3: the APPROVED reviews with each rating, keys "1" to "5".
DistributionSchema = Schema.from_dict(
    {str(stars): fields.Integer(required=True) for stars in RATINGS}, name="DistributionSchema")


class RatingSchema(Schema):
    """A festival's `rating` (R5, E3.3), the reviews' part of its answer."""

    average = fields.Float(required=True, allow_none=True)
    count = fields.Integer(required=True)
    distribution = fields.Nested(DistributionSchema, required=True)
