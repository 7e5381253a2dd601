"""Request and answer shapes: validation only, from the shared fields."""
from marshmallow import Schema, fields

from core.fields import RequestSchema, Text, UTCDateTime


class BookmarkCreateSchema(RequestSchema):
    url = Text(2048, required=True)
    title = Text(200, required=True)


class BookmarkChangeSchema(RequestSchema):
    title = Text(200)


class BookmarkSchema(Schema):
    id = fields.String(required=True)
    url = fields.String(required=True)
    title = fields.String(required=True)
    createdAt = UTCDateTime(required=True)
