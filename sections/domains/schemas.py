"""Verified domains (extensions.md E4.1): the request body, the list's arguments, the answers."""
from marshmallow import Schema, ValidationError, fields

from core import listing
from core.fields import RequestSchema, UTCDateTime, data_schema
from sections.domains import names
from sections.domains.models import MAX_LENGTH


class DomainName(fields.String):
    """A domain as E4.1 reads it: lower-cased, an internationalised name in its ASCII form."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        try:
            return names.normalize(value)
        except names.NotADomain as exc:
            raise ValidationError(str(exc)) from None


class DomainCreateSchema(RequestSchema):
    domain = DomainName(required=True, metadata={
        "description": "A host name of two labels or more (an internationalised name is "
                       "stored in its ASCII form), not an IP address or a public suffix",
        "maxLength": MAX_LENGTH})


class VerificationSchema(Schema):
    type = fields.String(required=True, metadata={"enum": ["dns-txt"]})
    name = fields.String(required=True, metadata={
        "description": "Where to publish the TXT record: _saas-verification.<domain>"})
    value = fields.String(required=True, metadata={"description": "The TXT record's value"})


class DomainSchema(Schema):
    id = fields.String(required=True)
    domain = fields.String(required=True)
    status = fields.String(required=True, metadata={"enum": ["PENDING", "VERIFIED"]})
    verification = fields.Nested(VerificationSchema, required=True)
    verifiedAt = UTCDateTime(required=True, allow_none=True)
    createdAt = UTCDateTime(required=True)


DomainDataSchema = data_schema(DomainSchema)
DomainPageSchema = listing.page_schema(DomainSchema)
DomainListArgs = listing.arguments(
    "DomainListArgs", sorts=["createdAt"], filters={"status": listing.enum("PENDING", "VERIFIED")})
