"""Shapes of SCIM tokens under /api/projects/{id}/scim-tokens (extensions.md E4.3). The SCIM
service itself speaks SCIM, described by its own discovery endpoints (RFC 7644 section 4)."""
from marshmallow import Schema, fields

from core import listing
from core.fields import RequestSchema, Text, UTCDateTime

NAME_MAX = 100


class ScimTokenCreateSchema(RequestSchema):
    name = Text(NAME_MAX, required=True, metadata={"maxLength": NAME_MAX})


class ScimTokenSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    prefix = fields.String(required=True, metadata={
        "description": "The token's first 10 characters, to tell tokens apart"})
    createdAt = UTCDateTime(required=True)
    lastUsedAt = UTCDateTime(required=True, allow_none=True, metadata={
        "description": "Null until the first use; then updated at most once a minute"})


class ScimTokenCreatedSchema(Schema):
    data = fields.Nested(ScimTokenSchema, required=True)
    token = fields.String(required=True, metadata={
        "description": "scim_ and 43 base64url characters: shown only in this answer"})


ScimTokenPageSchema = listing.page_schema(ScimTokenSchema)
ScimTokenListArgs = listing.arguments("ScimTokenListArgs", sorts=["createdAt"])
