"""Request and answer shapes of account self-service (contract section 9): profile, passwords,
the session list and account deletion."""
from marshmallow import Schema, fields, validate

from core.fields import DisplayName, Email, ImageUrl, JsonBoolean, RequestSchema, UTCDateTime
from sections.auth.schemas.auth import EXAMPLE_PASSWORD, UserSchema
from sections.auth.schemas.security import ProofSchema

# The new password's length (contract section 3); its strength needs the account's e-mail as
# context, so the service checks it (sections/auth/password_policy.py).
NEW_PASSWORD = validate.Length(min=8, max=256)


class ProfileSchema(RequestSchema):
    """PATCH body: a field left out keeps its value, `null` clears it. Read-only fields (`id`,
    `email`, `role`, `emailVerified`) are unknown here, so they are ignored (section 1)."""

    name = DisplayName(metadata={"description": "1 to 100 characters after trimming, or null",
                                 "example": "Alice Liddell"})
    image = ImageUrl(metadata={"description": "Absolute https URL (at most 2,048 characters), "
                                              "or null", "example": "https://example.com/a.png"})


class UserResultSchema(Schema):
    user = fields.Nested(UserSchema, required=True)


class ChangePasswordSchema(RequestSchema):
    currentPassword = fields.String(required=True, load_only=True,
                                    validate=validate.Length(min=1, max=256))
    newPassword = fields.String(required=True, load_only=True, validate=NEW_PASSWORD, metadata={
        "description": "8 to 256 characters, not easily guessed (contract section 3)",
        "example": EXAMPLE_PASSWORD})
    revokeOtherSessions = JsonBoolean(load_default=True, metadata={
        "description": "End every other session of the account (default true); the caller's "
                       "stays"})


class ForgotPasswordSchema(RequestSchema):
    email = Email(required=True, metadata={"example": "alice@example.com"})
    redirectUrl = fields.String(required=True, validate=validate.Length(min=1, max=2048),
                                metadata={"description": "The page that receives `?token=`; "
                                                         "absolute URL on an allowed origin",
                                          "example": "https://app.example.com/reset-password"})


class ResetPasswordSchema(RequestSchema):
    token = fields.String(required=True, load_only=True,
                          validate=validate.Length(min=1, max=512),
                          metadata={"description": "The token of the reset e-mail's link"})
    newPassword = fields.String(required=True, load_only=True, validate=NEW_PASSWORD, metadata={
        "description": "8 to 256 characters, not easily guessed (contract section 3)",
        "example": EXAMPLE_PASSWORD})


class SessionInfoSchema(Schema):
    """A session as its owner's list shows it: never its token (contract section 9)."""

    id = fields.String(required=True)
    createdAt = UTCDateTime(required=True)
    expiresAt = UTCDateTime(required=True)
    lastUsedAt = UTCDateTime(required=True, metadata={
        "description": "createdAt until the first renewal, then the time of the last renewal "
                       "(at most once a day)"})
    userAgent = fields.String(required=True, allow_none=True, metadata={
        "description": "The first 300 characters of the User-Agent header it was made with"})
    ipAddress = fields.String(required=True, allow_none=True)
    current = fields.Boolean(required=True, metadata={
        "description": "True for the session of the bearer token of this request"})
    impersonatedBy = fields.Nested(
        lambda: ImpersonatorSchema(), required=True, allow_none=True,
        metadata={"description": "The admin who opened it to see what the user sees "
                                 "(extensions.md E2.3); null for every other session"})


class ImpersonatorSchema(Schema):
    """The platform admin of an impersonation session (extensions.md E2.3)."""

    id = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    image = fields.String(required=True, allow_none=True)
    email = fields.String(required=True)


class SessionListSchema(Schema):
    sessions = fields.List(fields.Nested(SessionInfoSchema), required=True)


class DeleteAccountSchema(ProofSchema):
    """The proof of contract section 9 (extensions E1.3); a DELETE without a body reads as
    `{}`."""
