"""Administration (resources.md R8): the user object for admins, the admin's changes, sessions,
the payment ledger, the statistics and the audit log."""
from marshmallow import Schema, fields, validate

from core.fields import DisplayName, JsonBoolean, RequestSchema, Text, UTCDateTime
from sections.auth.schemas.auth import SessionSchema, UserSchema


class AdminUserSchema(Schema):
    """The user object as admins see it (R8): the ban as it stands now (an ended ban reads
    false, null, null)."""

    id = fields.String(required=True)
    email = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    image = fields.String(required=True, allow_none=True)
    emailVerified = fields.Boolean(required=True)
    createdAt = UTCDateTime(required=True)
    twoFactorEnabled = fields.Boolean(required=True)
    role = fields.String(required=True, metadata={"enum": ["user", "admin"]})
    banned = fields.Boolean(required=True)
    banReason = fields.String(required=True, allow_none=True)
    banExpiresAt = UTCDateTime(required=True, allow_none=True)


class UserCountsSchema(Schema):
    sessions = fields.Integer(required=True, metadata={"description": "Live sessions"})
    passkeys = fields.Integer(required=True)
    providers = fields.Integer(required=True, metadata={"description": "Linked OAuth providers"})
    projects = fields.Integer(required=True, metadata={"description": "Projects it belongs to"})
    apiKeys = fields.Integer(required=True, metadata={
        "description": "Live API keys (not revoked, not expired; extensions.md E2.2)"})


class AdminUserDetailSchema(AdminUserSchema):
    counts = fields.Nested(UserCountsSchema, required=True)


class AdminUserUpdateSchema(RequestSchema):
    role = fields.String(validate=validate.OneOf(["user", "admin"]))
    name = DisplayName()
    emailVerified = JsonBoolean()


class BanSchema(RequestSchema):
    reason = Text(500, allow_none=True, load_default=None)
    expiresAt = fields.AwareDateTime(format="iso", allow_none=True, load_default=None, metadata={
        "description": "ISO 8601 with an offset, in the future; null or absent: no end"})


class ImpersonationSchema(Schema):
    """POST /api/admin/users/{id}/impersonate (extensions.md E2.3): a session of the user."""

    session = fields.Nested(SessionSchema, required=True)
    user = fields.Nested(UserSchema, required=True)


class AdminSessionSchema(Schema):
    id = fields.String(required=True)
    createdAt = UTCDateTime(required=True)
    expiresAt = UTCDateTime(required=True)
    lastUsedAt = UTCDateTime(required=True, allow_none=True)
    userAgent = fields.String(required=True, allow_none=True)
    ipAddress = fields.String(required=True, allow_none=True)


# The payment ledger (contract section 7): the provider's values, times in UTC with Z.
class LedgerPaymentSchema(Schema):
    id = fields.String(required=True)
    amount = fields.Integer(required=True)
    currency = fields.String(required=True)
    status = fields.String(required=True)
    createdAt = UTCDateTime(required=True, metadata={
        "description": "The provider time of the event that recorded it"})


class LedgerRefundSchema(Schema):
    id = fields.String(required=True)
    paymentId = fields.String(required=True, allow_none=True)
    amount = fields.Integer(required=True)
    amountRefunded = fields.Integer(required=True)
    currency = fields.String(required=True)
    createdAt = UTCDateTime(required=True)


class LedgerSubscriptionSchema(Schema):
    id = fields.String(required=True)
    customer = fields.String(required=True)
    status = fields.String(required=True)
    currentPeriodEnd = UTCDateTime(required=True, allow_none=True)
    createdAt = UTCDateTime(required=True)


class WebhookEventSchema(Schema):
    id = fields.String(required=True)
    type = fields.String(required=True)
    created = UTCDateTime(required=True)
    receivedAt = UTCDateTime(required=True)


