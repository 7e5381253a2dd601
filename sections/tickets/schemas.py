"""Support tickets and their comments (resources.md R7): request and answer shapes."""
from marshmallow import Schema, fields, validate

from core.fields import Identifier, JsonBoolean, RequestSchema, Text, UserRefSchema, UTCDateTime
from sections.tickets.models import PRIORITIES, STATUSES


class TicketCreateSchema(RequestSchema):
    subject = Text(200, required=True)
    description = Text(10_000, required=True)
    priority = fields.String(load_default="NORMAL", validate=validate.OneOf(PRIORITIES))
    projectId = Identifier(allow_none=True, load_default=None,
                           metadata={"description": "A project the requester can see (404 "
                                                    "otherwise); set at creation only"})


class TicketUpdateSchema(RequestSchema):
    subject = Text(200)
    description = Text(10_000)
    status = fields.String(validate=validate.OneOf(STATUSES))
    priority = fields.String(validate=validate.OneOf(PRIORITIES))
    assigneeId = Identifier(allow_none=True, metadata={
        "description": "A platform admin's id (else 400); null clears it"})


class TicketSchema(Schema):
    id = fields.String(required=True)
    subject = fields.String(required=True)
    description = fields.String(required=True)
    status = fields.String(required=True, metadata={"enum": list(STATUSES)})
    priority = fields.String(required=True, metadata={"enum": list(PRIORITIES)})
    requester = fields.Nested(UserRefSchema, required=True, allow_none=True)
    assignee = fields.Nested(UserRefSchema, required=True, allow_none=True)
    projectId = fields.String(required=True, allow_none=True)
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)
    closedAt = UTCDateTime(required=True, allow_none=True)


class CommentCreateSchema(RequestSchema):
    body = Text(10_000, required=True)
    internal = JsonBoolean(load_default=False, metadata={
        "description": "Staff only: never shown to the requester"})


class CommentSchema(Schema):
    id = fields.String(required=True)
    ticketId = fields.String(required=True)
    author = fields.Nested(UserRefSchema, required=True, allow_none=True)
    body = fields.String(required=True)
    internal = fields.Boolean(required=True)
    createdAt = UTCDateTime(required=True)
