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


def utc_iso(value: datetime) -> str:
    """ISO 8601 in UTC with a `Z` suffix and millisecond precision (the API's timestamps)."""
    return value.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class UTCDateTime(fields.DateTime):
    """A timestamp as utc_iso writes it."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else utc_iso(value)


class Email(fields.Email):
    """An e-mail address, trimmed and lower-cased before validation (contract section 3)."""

    def __init__(self, **kwargs):
        super().__init__(validate=validate.Length(max=MAX_EMAIL), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            value = value.strip().lower()
        return super()._deserialize(value, attr, data, **kwargs)


UNSTORABLE = "Must be text without NUL characters or lone surrogates."


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
            bad = {key: [UNSTORABLE] for key, value in data.items()
                   if isinstance(value, str) and not storable(value)}
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


# Answer schemas mark every field they always hold `required`, so that the OpenAPI document
# (and the schema fuzzing in tests/test_fuzz.py) holds each answer to its full shape.
class UserSchema(Schema):
    id = fields.String(required=True)
    email = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    image = fields.String(required=True, allow_none=True)
    emailVerified = fields.Boolean(required=True, attribute="email_verified")
    createdAt = UTCDateTime(required=True, attribute="created_at")
    twoFactorEnabled = fields.Boolean(required=True, attribute="two_factor_enabled")


class SessionSchema(Schema):
    id = fields.String(required=True)
    token = fields.String(required=True, metadata={
        "description": "Bearer token for the Authorization header"})
    expiresAt = UTCDateTime(required=True, attribute="expires_at")


class AuthResultSchema(Schema):
    user = fields.Nested(UserSchema, required=True)
    session = fields.Nested(SessionSchema, required=True, allow_none=True)


class SuccessSchema(Schema):
    success = fields.Boolean(required=True)


class MessageSchema(SuccessSchema):
    message = fields.String(required=True)


class VerifiedUserSchema(SuccessSchema):
    user = fields.Nested(UserSchema, required=True)


class HealthSchema(Schema):
    status = fields.String(required=True)


class AuthErrorSchema(Schema):
    """Error envelope of /api/auth endpoints."""

    error = fields.String(required=True, metadata={"description": "Upper-case error code"})
    message = fields.String(required=True)
    details = fields.Dict(keys=fields.String(), values=fields.Raw())


class ErrorSchema(Schema):
    """Error envelope of every other endpoint."""

    error = fields.String(required=True, metadata={"description": "Error name"})
    message = fields.String(required=True)
    code = fields.String(required=True, metadata={"description": "Upper-case error code"})
    details = fields.Dict(keys=fields.String(), values=fields.Raw())


# --- payment webhook schemas ---
MAX_UNIX_TIME = 253402300799  # 9999-12-31T23:59:59Z, the last second a datetime holds
MAX_AMOUNT = 2**63 - 1  # the largest BIGINT


def must_be_storable(value: str) -> None:
    if not storable(value):
        raise ValidationError(UNSTORABLE)


class ProviderSchema(Schema):
    """A provider object: fields we do not store are ignored, whatever they hold (NUL too)."""

    class Meta:
        unknown = EXCLUDE


class ProviderString(fields.String):
    """A provider string bound for a column: non-empty, bounded, storable."""

    def __init__(self, max_length=255, **kwargs):
        super().__init__(validate=[validate.Length(min=1, max=max_length), must_be_storable],
                         **kwargs)


class Currency(fields.String):
    """A three-letter currency code, stored lower-case as the provider sends it."""

    def _deserialize(self, value, attr, data, **kwargs):
        code = super()._deserialize(value, attr, data, **kwargs)
        if not (len(code) == 3 and code.isascii() and code.isalpha()):
            raise ValidationError("Not a three-letter currency code.")
        return code.lower()


class Amount(fields.Integer):
    """A JSON integer amount in the currency's smallest unit."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, validate=validate.Range(0, MAX_AMOUNT), **kwargs)


class UnixTime(fields.Integer):
    """Unix seconds (a JSON integer), loaded as an aware UTC datetime."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        seconds = super()._deserialize(value, attr, data, **kwargs)
        if not 0 <= seconds <= MAX_UNIX_TIME:
            raise ValidationError("Not a Unix time between 1970 and 9999.")
        return datetime.fromtimestamp(seconds, UTC)


class PaymentEventDataSchema(ProviderSchema):
    object = fields.Dict(metadata={"description": "The affected resource"})


class PaymentEventSchema(ProviderSchema):
    """A provider event (api-spec section 6.2); `data.object` is checked per event type."""

    id = ProviderString(required=True, metadata={"description": "Event id, e.g. evt_..."})
    kind = fields.String(data_key="object", validate=validate.Equal("event"))
    type = ProviderString(required=True, metadata={"description": "e.g. charge.refunded"})
    created = UnixTime(required=True, metadata={"description": "Unix time, seconds"})
    data = fields.Nested(PaymentEventDataSchema, load_default=dict)


class PaymentIntentSchema(ProviderSchema):
    """`data.object` of `payment_intent.succeeded`."""

    id = ProviderString(required=True)
    amount = Amount(required=True)
    currency = Currency(required=True)
    status = ProviderString(required=True, max_length=64)


class ChargeSchema(ProviderSchema):
    """`data.object` of `charge.refunded`."""

    id = ProviderString(required=True)
    payment_intent = ProviderString(load_default=None, allow_none=True)
    amount = Amount(required=True)
    amount_refunded = Amount(required=True)
    currency = Currency(required=True)


class SubscriptionItemSchema(ProviderSchema):
    current_period_end = UnixTime(allow_none=True, load_default=None)


class SubscriptionItemsSchema(ProviderSchema):
    data = fields.List(fields.Nested(SubscriptionItemSchema), load_default=list)


class SubscriptionSchema(ProviderSchema):
    """`data.object` of `customer.subscription.updated`."""

    id = ProviderString(required=True)
    customer = ProviderString(required=True)
    status = ProviderString(required=True, max_length=64)
    current_period_end = UnixTime(allow_none=True, load_default=None)
    period_items = fields.Nested(SubscriptionItemsSchema, data_key="items", allow_none=True,
                                 load_default=None)

    @post_load
    def period_end(self, data, **kwargs):
        # Since API version 2025-03-31 the period end is on each subscription item instead.
        items = (data.pop("period_items", None) or {}).get("data", [])
        ends = [item["current_period_end"] for item in items if item["current_period_end"]]
        if data["current_period_end"] is None and ends:
            data["current_period_end"] = max(ends)
        return data


class ReceivedSchema(Schema):
    received = fields.Boolean(required=True)


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


class PasskeyRegisterSchema(PasskeyCeremonySchema):
    name = PasskeyName(metadata={"description": "Step 2: a label for the passkey (default "
                                                "\"Passkey\")"})


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
    createdAt = UTCDateTime(required=True, attribute="created_at")


class PasskeySchema(NewPasskeySchema):
    lastUsedAt = UTCDateTime(required=True, attribute="last_used_at", allow_none=True)


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
