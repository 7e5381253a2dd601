"""Shapes of API keys (extensions.md E2.2) and of the caller's credential as GET
/api/auth/session answers it (a session, marked when it is an impersonation, E2.3; or a key)."""
from marshmallow import Schema, ValidationError, fields, validate, validates

from core import listing
from core.fields import RequestSchema, Text, UTCDateTime
from sections.auth.schemas.account import ImpersonatorSchema
from sections.auth.schemas.auth import SessionSchema, UserSchema

NAME_MAX = 100


class ApiKeyCreateSchema(RequestSchema):
    name = Text(NAME_MAX, required=True, metadata={"maxLength": NAME_MAX})
    scopes = fields.List(fields.String(), load_default=lambda: ["read"], metadata={
        "description": "[\"read\"] (default: GET and HEAD) or [\"read\", \"write\"] (every "
                       "method), in either order"})
    expiresAt = fields.AwareDateTime(format="iso", allow_none=True, load_default=None, metadata={
        "description": "ISO 8601 with an offset, in the future; null or absent: no expiry"})
    password = fields.String(load_only=True, validate=validate.Length(min=1, max=256), metadata={
        "description": "Required when the account has a password (extensions.md E1.3)"})
    totpCode = fields.String(load_only=True, validate=validate.Length(min=1, max=64), metadata={
        "description": "Required when two-factor is on: a current code or a recovery code"})

    @validates("scopes")
    def known_scopes(self, value, **kwargs):
        if sorted(value) not in (["read"], ["read", "write"]):
            raise ValidationError("Must be [\"read\"] or [\"read\", \"write\"].")


class ApiKeySchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    prefix = fields.String(required=True, metadata={
        "description": "The key's first 11 characters, to tell keys apart"})
    scopes = fields.List(fields.String(), required=True)
    expiresAt = UTCDateTime(required=True, allow_none=True)
    createdAt = UTCDateTime(required=True)
    lastUsedAt = UTCDateTime(required=True, allow_none=True, metadata={
        "description": "Null until the first use; then updated at most once a minute"})


class ApiKeyCreatedSchema(Schema):
    apiKey = fields.Nested(ApiKeySchema, required=True)
    key = fields.String(required=True, metadata={
        "description": "sk_ and 43 base64url characters: shown only in this answer"})


ApiKeyPageSchema = listing.page_schema(ApiKeySchema)
ApiKeyListArgs = listing.arguments("ApiKeyListArgs", sorts=["createdAt"])


class SsoOriginSchema(Schema):
    connectionId = fields.String(required=True)
    projectId = fields.String(required=True)


class CurrentSessionInfoSchema(SessionSchema):
    impersonatedBy = fields.Nested(ImpersonatorSchema, required=True, allow_none=True, metadata={
        "description": "The admin seeing what the user sees; null for every other session"})
    sso = fields.Nested(SsoOriginSchema, required=True, allow_none=True, metadata={
        "description": "The single sign-on connection (and its project) that made this "
                       "session; null for every other session (extensions.md E4.2)"})


class OAuthTokenInfoSchema(Schema):
    """The OAuth access token a request came with (extensions.md E5.7)."""

    clientId = fields.String(required=True)
    clientName = fields.String(required=True)
    scope = fields.String(required=True, metadata={"description": "Its scopes, space-separated"})
    expiresAt = UTCDateTime(required=True)


class CurrentSessionSchema(Schema):
    """GET /api/auth/session: the user and the session of a session token (`apiKey` and
    `oauth` null), the user and the key of an API key (`session` null), or the user and the
    OAuth access token of an app (`session` null, extensions.md E5.7)."""

    user = fields.Nested(UserSchema, required=True)
    session = fields.Nested(CurrentSessionInfoSchema, required=True, allow_none=True)
    apiKey = fields.Nested(ApiKeySchema, required=True, allow_none=True)
    oauth = fields.Nested(OAuthTokenInfoSchema, metadata={
        "description": "Only with an app's OAuth access token (extensions.md E5.7)"})

