"""Support tickets and their comments (resources.md R7): request and answer shapes."""
from marshmallow import Schema, ValidationError, fields, validate

from core.fields import RequestSchema, UserRefSchema, UTCDateTime, storable
from sections.tickets.models import PRIORITIES, STATUSES


class TrimmedText(fields.String):
    """Text trimmed before its length is checked (R1 "Bodies"); `required` text may not be
    empty after trimming, optional text that is empty is stored as null."""

    def __init__(self, max_length: int, **kwargs):
        super().__init__(**kwargs)
        self.max_length = max_length

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs).strip()
        if not storable(value):
            raise ValidationError("Must be text without NUL characters or lone surrogates.")
        if len(value) > self.max_length:
            raise ValidationError(f"Must be at most {self.max_length} characters.")
        if not value:
            if self.required or not self.allow_none:
                raise ValidationError("Must not be empty.")
            return None
        return value


class JsonBoolean(fields.Boolean):
    """A JSON `true` or `false`, nothing else (not 1, not "true")."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("Must be true or false.")
        return value


class Identifier(fields.String):
    """An id named in a body (`projectId`, `assigneeId`): a non-empty string (R1: the wrong
    type is 400, a well-formed id naming nothing visible is answered by the service)."""

    def __init__(self, **kwargs):
        super().__init__(validate=validate.Length(1, 64), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not storable(value):
            raise ValidationError("Must be text without NUL characters or lone surrogates.")
        return value


class TicketCreateSchema(RequestSchema):
    subject = TrimmedText(200, required=True)
    description = TrimmedText(10_000, required=True)
    priority = fields.String(load_default="NORMAL", validate=validate.OneOf(PRIORITIES))
    projectId = Identifier(allow_none=True, load_default=None,
                           metadata={"description": "A project the requester can see (404 "
                                                    "otherwise); set at creation only"})


class TicketUpdateSchema(RequestSchema):
    subject = TrimmedText(200)
    description = TrimmedText(10_000)
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
    body = TrimmedText(10_000, required=True)
    internal = JsonBoolean(load_default=False, metadata={
        "description": "Staff only: never shown to the requester"})


class CommentSchema(Schema):
    id = fields.String(required=True)
    ticketId = fields.String(required=True)
    author = fields.Nested(UserRefSchema, required=True, allow_none=True)
    body = fields.String(required=True)
    internal = fields.Boolean(required=True)
    createdAt = UTCDateTime(required=True)
