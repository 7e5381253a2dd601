"""Festival registrations (extensions.md E3.4): answer shapes (the requests have no body)."""
from marshmallow import Schema, fields, validate

from core.fields import UserRefSchema, UTCDateTime
from sections.registrations.models import STATUSES


class RegistrationSchema(Schema):
    id = fields.String(required=True)
    festivalId = fields.String(required=True)
    user = fields.Nested(UserRefSchema, required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    position = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The place in the queue (1 is next) of a WAITLISTED registration"})
    createdAt = UTCDateTime(required=True)


class FestivalRefSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    startsAt = UTCDateTime(required=True)


class OwnRegistrationSchema(RegistrationSchema):
    festival = fields.Nested(FestivalRefSchema, required=True)


class RegistrationCountsSchema(Schema):
    """E3.4: a festival's registrations CONFIRMED and WAITLISTED, their part of its answer."""

    confirmed = fields.Integer(required=True)
    waitlisted = fields.Integer(required=True)
