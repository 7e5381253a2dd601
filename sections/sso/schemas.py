"""Single sign-on (extensions.md E4.2): connection bodies and answers, the sign-in's query and
the code exchange. Answers dump what connections.answer returns."""
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from core import listing
from core.fields import Email, JsonBoolean, RequestSchema, Text, UTCDateTime, data_schema
from sections.sso.models import ACTIVE, INACTIVE, OIDC, SAML

NAME_MAX = 100
URL_MAX = 2048
SECRET_MAX = 2048
METADATA_MAX = 100_000  # characters of idpMetadataXml (E4.2: 100 kB at most)
# What each type needs at creation (a missing one: 400 naming it).
NEEDED = {OIDC: ("issuer", "clientId", "clientSecret"), SAML: ("idpMetadataXml",)}
REQUIRED = "Missing data for required field."


class ConnectionCreateSchema(RequestSchema):
    type = fields.String(required=True, validate=validate.OneOf([OIDC, SAML]))
    name = Text(NAME_MAX, required=True, metadata={"maxLength": NAME_MAX})
    issuer = fields.String(validate=validate.Length(1, URL_MAX), metadata={
        "description": "OIDC: the provider's issuer; {issuer}/.well-known/openid-configuration "
                       "is read at creation"})
    clientId = fields.String(validate=validate.Length(1, 255), metadata={"description": "OIDC"})
    clientSecret = fields.String(load_only=True, validate=validate.Length(1, SECRET_MAX),
                                 metadata={"description": "OIDC: kept encrypted, never answered"})
    idpMetadataXml = fields.String(validate=validate.Length(1, METADATA_MAX), metadata={
        "description": "SAML: the identity provider's metadata (no DOCTYPE)"})

    @validates_schema
    def needs_its_type_fields(self, data, **kwargs):
        missing = [name for name in NEEDED.get(data.get("type"), ()) if name not in data]
        if missing:
            raise ValidationError({name: [REQUIRED] for name in missing})


class IdpInitiatedUpdateSchema(RequestSchema):
    allowed = JsonBoolean(metadata={
        "description": "Accept a Response that answers no request (from the portal tile)"})
    redirectUrl = fields.String(allow_none=True, validate=validate.Length(1, URL_MAX), metadata={
        "description": "Where such a sign-in completes with a one-time `code` (an allowed "
                       "origin); needed while allowed"})


class ConnectionUpdateSchema(RequestSchema):
    name = Text(NAME_MAX, metadata={"maxLength": NAME_MAX})
    status = fields.String(validate=validate.OneOf([ACTIVE, INACTIVE]))
    clientSecret = fields.String(load_only=True, validate=validate.Length(1, SECRET_MAX),
                                 metadata={"description": "OIDC connections only"})
    idpMetadataXml = fields.String(validate=validate.Length(1, METADATA_MAX),
                                   metadata={"description": "SAML connections only"})
    idpInitiated = fields.Nested(IdpInitiatedUpdateSchema, metadata={
        "description": "SAML connections only: IdP-initiated sign-in; a member left out keeps "
                       "its value"})


class OidcSettingsSchema(Schema):
    issuer = fields.String(required=True)
    clientId = fields.String(required=True)
    redirectUri = fields.String(required=True, metadata={
        "description": "To register at the provider: {API_BASE_URL}/api/auth/sso/oidc/callback"})


class CertificateSchema(Schema):
    sha256Fingerprint = fields.String(required=True)
    notAfter = UTCDateTime(required=True)


class IdpInitiatedSchema(Schema):
    allowed = fields.Boolean(required=True, metadata={
        "description": "Whether a Response that answers no request is accepted (false by "
                       "default: it allows a login CSRF)"})
    redirectUrl = fields.String(required=True, allow_none=True, metadata={
        "description": "Where an IdP-initiated sign-in completes with a one-time `code`"})


class SamlSettingsSchema(Schema):
    idpEntityId = fields.String(required=True)
    idpSsoUrl = fields.String(required=True)
    spEntityId = fields.String(required=True)
    acsUrl = fields.String(required=True)
    metadataUrl = fields.String(required=True)
    certificates = fields.List(fields.Nested(CertificateSchema), required=True)
    idpInitiated = fields.Nested(IdpInitiatedSchema, required=True)


class ConnectionSchema(Schema):
    id = fields.String(required=True)
    projectId = fields.String(required=True)
    type = fields.String(required=True, metadata={"enum": [OIDC, SAML]})
    name = fields.String(required=True)
    status = fields.String(required=True, metadata={"enum": [ACTIVE, INACTIVE]})
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)
    oidc = fields.Nested(OidcSettingsSchema, required=True, allow_none=True)
    saml = fields.Nested(SamlSettingsSchema, required=True, allow_none=True)


ConnectionDataSchema = data_schema(ConnectionSchema)
ConnectionPageSchema = listing.page_schema(ConnectionSchema)
ConnectionListArgs = listing.arguments("SsoConnectionListArgs", sorts=["createdAt"])


class SsoStartSchema(RequestSchema):
    email = Email(metadata={"description": "Sign in with the project whose verified domain "
                                           "this address is at"})
    connectionId = fields.String(validate=validate.Length(1, 64))
    redirectUrl = fields.String(validate=validate.Length(1, URL_MAX), metadata={
        "description": "Where to send the browser with a one-time `code` (an allowed origin)"})

    @validates_schema
    def names_one_way(self, data, **kwargs):
        if ("email" in data) == ("connectionId" in data):
            raise ValidationError("Give either email or connectionId", "email")


class SsoTokenSchema(RequestSchema):
    code = fields.String(required=True, validate=validate.Length(1, 128))
