"""Request and response shapes (marshmallow): validation only, never the database or crypto."""
from datetime import UTC, datetime

from marshmallow import (
    EXCLUDE,
    Schema,
    ValidationError,
    fields,
    post_load,
    pre_load,
    validate,
    validates_schema,
)

from services.passwords import strength_problem

MAX_EMAIL = 320


class UTCDateTime(fields.DateTime):
    """ISO 8601 in UTC with a `Z` suffix and millisecond precision."""

    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        return value.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Email(fields.Email):
    """An e-mail address, trimmed and lower-cased before validation (contract section 3)."""

    def __init__(self, **kwargs):
        super().__init__(validate=validate.Length(max=MAX_EMAIL), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            value = value.strip().lower()
        return super()._deserialize(value, attr, data, **kwargs)


def storable(text: str) -> bool:
    """Text that every database accepts: no NUL (PostgreSQL refuses it), no lone surrogates."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class RequestSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # contract section 1: unknown fields are ignored

    @pre_load
    def refuse_unstorable_text(self, data, **kwargs):
        if isinstance(data, dict):
            bad = {key: ["Must be text without NUL characters or lone surrogates."]
                   for key, value in data.items() if isinstance(value, str) and not storable(value)}
            if bad:
                raise ValidationError(bad)
        return data


class SignUpSchema(RequestSchema):
    email = Email(required=True)
    password = fields.String(required=True, load_only=True,
                             validate=validate.Length(min=8, max=256))

    @validates_schema(skip_on_field_errors=True)
    def strong_password(self, data, **kwargs):
        problem = strength_problem(data["password"], data["email"])
        if problem:
            raise ValidationError(problem, field_name="password")


class SignInSchema(RequestSchema):
    email = Email(required=True)
    password = fields.String(required=True, load_only=True,
                             validate=validate.Length(min=1, max=256))
    totpCode = fields.String(load_only=True, validate=validate.Length(max=64))


class EmailSchema(RequestSchema):
    email = Email(required=True)


class TokenSchema(RequestSchema):
    token = fields.String(required=True, validate=validate.Length(min=1, max=512))


class UserSchema(Schema):
    id = fields.String()
    email = fields.String()
    name = fields.String(allow_none=True)
    image = fields.String(allow_none=True)
    emailVerified = fields.Boolean(attribute="email_verified")
    createdAt = UTCDateTime(attribute="created_at")


class SessionSchema(Schema):
    id = fields.String()
    token = fields.String(metadata={"description": "Bearer token for the Authorization header"})
    expiresAt = UTCDateTime(attribute="expires_at")


class AuthResultSchema(Schema):
    user = fields.Nested(UserSchema)
    session = fields.Nested(SessionSchema, allow_none=True)


class SuccessSchema(Schema):
    success = fields.Boolean()


class MessageSchema(SuccessSchema):
    message = fields.String()


class VerifiedUserSchema(SuccessSchema):
    user = fields.Nested(UserSchema)


class HealthSchema(Schema):
    status = fields.String()


class AuthErrorSchema(Schema):
    """Error envelope of /api/auth endpoints."""

    error = fields.String(metadata={"description": "Upper-case error code"})
    message = fields.String()
    details = fields.Dict(keys=fields.String(), values=fields.Raw())


class ErrorSchema(Schema):
    """Error envelope of every other endpoint."""

    error = fields.String(metadata={"description": "Error name"})
    message = fields.String()
    code = fields.String(metadata={"description": "Upper-case error code"})
    details = fields.Dict(keys=fields.String(), values=fields.Raw())


# --- payment webhook schemas ---


# --- two-factor and magic-link schemas ---


# --- OAuth schemas ---


# --- passkey schemas ---
