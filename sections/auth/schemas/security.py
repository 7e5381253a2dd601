"""Shapes of account protection (extensions E1.2, E1.3, E1.6): the proof of a sensitive change,
the change of e-mail address and the security log's events (also read by the admin section)."""
from marshmallow import Schema, fields, validate

from core import listing
from core.fields import Email, RequestSchema, UTCDateTime
from sections.auth.models import SECURITY_EVENT_TYPES
from sections.auth.schemas.auth import CodeSchema, PasskeyCeremonySchema, PasskeyName


def password_proof() -> fields.Field:
    return fields.String(load_only=True, validate=validate.Length(min=1, max=256), metadata={
        "description": "Required when the account has a password"})


class ProofSchema(RequestSchema):
    """The proof of extensions E1.3; a DELETE without a body reads as `{}`."""

    password = password_proof()
    totpCode = fields.String(load_only=True, validate=validate.Length(min=1, max=64), metadata={
        "description": "Required when two-factor is on: a current code or a recovery code"})


class PasskeyRegisterSchema(PasskeyCeremonySchema, ProofSchema):
    """Step 1 sends the proof of E1.3 (none from a session younger than
    REAUTHENTICATION_WINDOW); step 2 sends the ceremony's answer and a name."""

    name = PasskeyName(metadata={"description": "Step 2: a label for the passkey (default "
                                                "\"Passkey\")"})


class ChangeEmailSchema(ProofSchema):
    newEmail = Email(required=True, metadata={
        "description": "The new address: trimmed and lower-cased, like a sign-up's; not the "
                       "account's current one", "example": "alice.new@example.com"})


class SecurityEventSchema(Schema):
    id = fields.String(required=True)
    type = fields.String(required=True, metadata={"enum": list(SECURITY_EVENT_TYPES)})
    createdAt = UTCDateTime(required=True)
    ipAddress = fields.String(required=True, allow_none=True)
    userAgent = fields.String(required=True, allow_none=True, metadata={
        "description": "The first 300 characters of the request's User-Agent header"})
    details = fields.Dict(required=True, keys=fields.String(), values=fields.Raw(), metadata={
        "description": "What the type adds (sign_in: method; sign_in_failed: reason; "
                       "email_change: from, to; session_revoke: count); {} when nothing"})


# R1 list of the security log: newest first, `type` given as the events show it (sign_in).
SecurityEventListArgs = listing.arguments(
    "SecurityEventListArgs", sorts=["createdAt"],
    filters={"type": fields.String(validate=validate.OneOf(SECURITY_EVENT_TYPES))})
SecurityEventPageSchema = listing.page_schema(SecurityEventSchema)


class DisableTwoFactorSchema(CodeSchema):
    """`code` (a TOTP or recovery code) is E1.3's code proof; `password` its password proof."""

    password = password_proof()
