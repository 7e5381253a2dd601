"""Festivals (resources.md R5) and the date-time fields that need an explicit offset."""
from marshmallow import fields, validate

from core.fields import (
    Identifier,
    OffsetDateTime,
    RequestSchema,
    Slug,
    StrictInteger,
    Text,
    UTCDateTime,
)
from core.parts import OpenAnswer
from sections.festivals.models import DRAFT, FESTIVAL_STATUSES, PUBLISHED

MAX_CAPACITY = 2_147_483_647
PHASES = ("UPCOMING", "ONGOING", "ENDED")


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


# The Festival object (R5): its own fields, then what other sections add (sections/festivals/
# parts.py: reviews its `rating`, registrations its `registrations`), then its timestamps.
FestivalSchema = OpenAnswer("FestivalSchema", own={
    "id": fields.String(required=True),
    "projectId": fields.String(required=True),
    "name": fields.String(required=True),
    "slug": fields.String(required=True),
    "description": fields.String(required=True, allow_none=True),
    "location": fields.String(required=True, allow_none=True),
    "startsAt": UTCDateTime(required=True),
    "endsAt": UTCDateTime(required=True),
    "capacity": fields.Integer(required=True, allow_none=True),
    "status": fields.String(required=True, validate=validate.OneOf(FESTIVAL_STATUSES)),
    "phase": fields.String(required=True, validate=validate.OneOf(PHASES)),
}, last={"createdAt": UTCDateTime(required=True), "updatedAt": UTCDateTime(required=True)})
