"""Request and answer shapes of the authentication endpoints (contract sections 1-5)."""

from marshmallow import (
    EXCLUDE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates_schema,
)

from core.fields import Email, RequestSchema, SuccessSchema, TokenSchema, UTCDateTime
from sections.auth.password_policy import strength_problem

# What Swagger UI's "Try it out" sends: an example password that passes the policy (its own
# would be "stringst", refused as too weak).
EXAMPLE_PASSWORD = "correct horse battery staple"


class SignUpSchema(RequestSchema):
    email = Email(required=True, metadata={"example": "alice@example.com"})
    password = fields.String(required=True, load_only=True,
                             validate=validate.Length(min=8, max=256), metadata={
                                 "description": "8 to 256 characters, not easily guessed "
                                                "(contract section 3)",
                                 "example": EXAMPLE_PASSWORD})

    @validates_schema(skip_on_field_errors=True)
    def strong_password(self, data, **kwargs):
        problem = strength_problem(data["password"], data["email"])
        if problem:
            raise ValidationError(problem, field_name="password")


class SignInSchema(RequestSchema):
    email = Email(required=True, metadata={"example": "alice@example.com"})
    password = fields.String(required=True, load_only=True,
                             validate=validate.Length(min=1, max=256),
                             metadata={"example": EXAMPLE_PASSWORD})
    totpCode = fields.String(load_only=True, validate=validate.Length(max=64))


class EmailSchema(RequestSchema):
    email = Email(required=True)


# Answer schemas mark every field they always hold `required`, so that the OpenAPI document
# (and the schema fuzzing in tests/service/test_fuzz.py) holds each answer to its full shape.
class UserSchema(Schema):
    id = fields.String(required=True)
    email = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    image = fields.String(required=True, allow_none=True)
    emailVerified = fields.Boolean(required=True)
    createdAt = UTCDateTime(required=True)
    twoFactorEnabled = fields.Boolean(required=True)
    role = fields.String(required=True, metadata={"description": "\"user\" or \"admin\""})


class SessionSchema(Schema):
    id = fields.String(required=True)
    token = fields.String(required=True, metadata={
        "description": "Bearer token for the Authorization header"})
    expiresAt = UTCDateTime(required=True)


class VerifiedUserSchema(SuccessSchema):
    user = fields.Nested(UserSchema, required=True)


class AuthResultSchema(Schema):
    user = fields.Nested(UserSchema, required=True)
    session = fields.Nested(SessionSchema, required=True, allow_none=True)


# --- two-factor and magic-link schemas ---
class CodeSchema(RequestSchema):
    code = fields.String(required=True, validate=validate.Length(min=1, max=64),
                         metadata={"description": "A 6-digit TOTP code (or, to disable, a "
                                                  "recovery code)"})


class TwoFactorSetupSchema(Schema):
    secret = fields.String(required=True, metadata={"description": "TOTP shared secret, base32"})
    qrCode = fields.String(required=True, metadata={
        "description": "data:image/png;base64,... of otpauthUrl"})
    otpauthUrl = fields.String(required=True, metadata={
        "description": "The otpauth://totp/... key URI"})


class TwoFactorEnabledSchema(VerifiedUserSchema):
    recoveryCodes = fields.List(fields.String(), required=True, metadata={
        "description": "10 single-use recovery codes, shown only in this answer"})


class MagicLinkSchema(RequestSchema):
    email = Email(required=True, metadata={"example": "alice@example.com"})
    redirectUrl = fields.String(required=True, validate=validate.Length(min=1, max=2048),
                                metadata={"description": "Absolute URL on an allowed origin",
                                          "example": "https://app.example.com/magic-link"})


class MagicLinkVerifySchema(TokenSchema):
    totpCode = fields.String(load_only=True, validate=validate.Length(max=64))


# --- OAuth schemas ---
class OAuthStartSchema(RequestSchema):
    redirectUrl = fields.String(validate=validate.Length(min=1, max=2048), metadata={
        "description": "Where to send the browser afterwards, with `code` (or `error`) added; "
                       "absolute URL on an allowed origin. Without it the callback answers "
                       "{user, session} itself.",
        "example": "https://app.example.com/signed-in"})


class OAuthCallbackSchema(Schema):
    """What the provider adds to the callback URL (RFC 6749 sections 4.1.2, 4.1.2.1).

    Not a RequestSchema: the values are only hashed or passed back to the provider, and the
    service checks them, so any bad value answers OAUTH_ERROR (or redirects back).
    """

    class Meta:
        unknown = EXCLUDE  # providers add their own parameters (scope, iss, authuser, ...)

    code = fields.String()
    state = fields.String()
    error = fields.String()
    error_description = fields.String()


class OAuthTokenSchema(RequestSchema):
    code = fields.String(required=True, validate=validate.Length(min=1, max=512),
                         metadata={"description": "The one-time code of the OAuth redirect"})
    totpCode = fields.String(load_only=True, validate=validate.Length(max=64))



# --- passkey schemas ---
class PasskeyName(fields.String):
    """A label for a passkey: trimmed, printable (no NUL or control characters), 1-100 long."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs).strip()
        if not 1 <= len(value) <= 100 or not value.isprintable():
            raise ValidationError("Must be 1 to 100 printable characters.")
        return value


class PasskeyCeremonySchema(RequestSchema):
    """Step one sends neither field; step two sends both (contract section 5)."""

    challengeId = fields.String(validate=validate.Length(min=1, max=512), metadata={
        "description": "Step 2: the challengeId that step 1 answered"})
    credential = fields.Dict(keys=fields.String(), metadata={
        "description": "Step 2: the PublicKeyCredential's toJSON() (WebAuthn JSON form)"})

    @validates_schema(skip_on_field_errors=True)
    def both_or_neither(self, data, **kwargs):
        for present, missing in (("credential", "challengeId"), ("challengeId", "credential")):
            if present in data and missing not in data:
                raise ValidationError("Missing data for required field.", field_name=missing)


class PasskeySignInSchema(PasskeyCeremonySchema):
    email = Email(metadata={"description": "Step 1: offer only this account's passkeys; "
                                          "without it any discoverable passkey signs in"})


class PasskeyOptionsSchema(Schema):
    options = fields.Dict(metadata={"description": "PublicKeyCredentialCreationOptionsJSON or "
                                                  "PublicKeyCredentialRequestOptionsJSON"})
    challengeId = fields.String(metadata={"description": "Send back with the credential"})


class NewPasskeySchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    createdAt = UTCDateTime(required=True)


class PasskeySchema(NewPasskeySchema):
    lastUsedAt = UTCDateTime(required=True, allow_none=True)


class PasskeyCreatedSchema(Schema):
    passkey = fields.Nested(NewPasskeySchema)


class PasskeyRegisterStepSchema(PasskeyOptionsSchema, PasskeyCreatedSchema):
    """Step 1 answers {options, challengeId}; step 2 answers 201 {passkey}."""


class PasskeySignInStepSchema(PasskeyOptionsSchema):
    """Step 1 answers {options, challengeId}; step 2 answers {user, session}."""

    user = fields.Nested(UserSchema)  # not AuthResultSchema's: step 1 has neither field
    session = fields.Nested(SessionSchema)


class PasskeyListSchema(Schema):
    passkeys = fields.List(fields.Nested(PasskeySchema), required=True)
