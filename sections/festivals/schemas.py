"""Festivals (resources.md R5) and the date-time fields that need an explicit offset."""
from datetime import UTC, datetime

from marshmallow import Schema, fields, validate

from core.fields import Identifier, RequestSchema, Slug, StrictInteger, Text, UTCDateTime
from sections.festivals.models import DRAFT, FESTIVAL_STATUSES, PUBLISHED

MAX_CAPACITY = 2_147_483_647
PHASES = ("UPCOMING", "ONGOING", "ENDED")


class OffsetDateTime(fields.String):
    """R1: an ISO 8601 date-time with an offset (`Z`, `+02:00` ...), answered in UTC; a
    date-time without an offset, or a date alone, is refused."""

    default_error_messages = {"offset": "Must be an ISO 8601 date-time with an offset, "
                                        "e.g. 2026-07-01T18:00:00Z."}

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if len(value) > 40 or "T" not in value.upper():
            raise self.make_error("offset")
        try:
            parsed = datetime.fromisoformat(value)
            if parsed.tzinfo is None:
                raise ValueError(value)
            return parsed.astimezone(UTC)
        except (ValueError, OverflowError):
            raise self.make_error("offset") from None


class FestivalChangeSchema(RequestSchema):
    """PATCH /api/festivals/{id}; `projectId` is ignored."""

    name = Text(200, allow_none=False)
    slug = Slug()
    description = Text(10_000, allow_none=True)
    location = Text(200, allow_none=True)
    startsAt = OffsetDateTime()
    endsAt = OffsetDateTime()
    capacity = StrictInteger(allow_none=True, validate=validate.Range(1, MAX_CAPACITY))
    status = fields.String(validate=validate.OneOf(FESTIVAL_STATUSES))


class FestivalCreateSchema(FestivalChangeSchema):
    projectId = Identifier(required=True)
    name = Text(200, required=True)
    slug = Slug(allow_none=True)
    startsAt = OffsetDateTime(required=True)
    endsAt = OffsetDateTime(required=True)
    # R5: a festival is created DRAFT or PUBLISHED (CANCELLED: 400).
    status = fields.String(validate=validate.OneOf([DRAFT, PUBLISHED]))


class RatingSchema(Schema):
    average = fields.Float(required=True, allow_none=True)
    count = fields.Integer(required=True)


class FestivalSchema(Schema):
    id = fields.String(required=True)
    projectId = fields.String(required=True)
    name = fields.String(required=True)
    slug = fields.String(required=True)
    description = fields.String(required=True, allow_none=True)
    location = fields.String(required=True, allow_none=True)
    startsAt = UTCDateTime(required=True)
    endsAt = UTCDateTime(required=True)
    capacity = fields.Integer(required=True, allow_none=True)
    status = fields.String(required=True, validate=validate.OneOf(FESTIVAL_STATUSES))
    phase = fields.String(required=True, validate=validate.OneOf(PHASES))
    rating = fields.Nested(RatingSchema, required=True)
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)

