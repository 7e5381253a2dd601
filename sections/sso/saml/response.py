"""A posted SAML Response, checked as extensions.md E4.2 says, each rule once and here: the
status, the envelope (Destination, InResponseTo, Issuer), the bearer confirmation, the
conditions and the identity, all read from what the signatures cover (signature.py), every time
by the service's clock. The Assertion ID's replay rule is the caller's (`assertion_id`)."""
import base64
import binascii
from dataclasses import dataclass
from datetime import datetime, timedelta

from core import clock
from sections.sso.saml import signature
from sections.sso.saml.xml import NS, SamlRejected, parse, text_of

LIMIT = 256_000  # bytes of XML
SKEW = 60  # seconds of clock difference allowed with the identity provider
SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success"
BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer"
EMAIL_FORMATS = {"urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
                 "urn:oasis:names:tc:SAML:2.0:nameid-format:emailAddress"}
EMAIL_ATTRIBUTES = ("email", "mail",
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress")
# E4.2's name: displayName, else givenName and surname joined (each also by the claim URI
# Entra ID sends).
CLAIMS = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/"
NAME_ATTRIBUTES = ("displayName", "http://schemas.microsoft.com/identity/claims/displayname")
GIVEN_NAME_ATTRIBUTES = ("givenName", CLAIMS + "givenname")
SURNAME_ATTRIBUTES = ("surname", CLAIMS + "surname")


@dataclass(frozen=True)
class Expected:
    """What a Response must be to be accepted: the answer to the AuthnRequest `request_id`
    (None: an IdP-initiated Response, which must name no request), for this connection's
    service side (ACS URL, entity ID), signed by its identity provider."""

    request_id: str | None
    acs_url: str
    sp_entity_id: str
    idp_entity_id: str
    certificates: tuple[str, ...]  # base64 DER, from the connection's metadata


@dataclass(frozen=True)
class SamlIdentity:
    assertion_id: str
    name_id: str
    email: str | None
    name: str | None
    not_on_or_after: datetime  # when the Assertion ID may be forgotten (before the skew)


def decode(posted) -> bytes:
    """The posted SAMLResponse's XML bytes (base64 in the HTTP-POST binding, SAML bindings
    3.5.4), at most LIMIT of them."""
    if not isinstance(posted, str) or len(posted) > LIMIT * 4 // 3 + 8:
        raise SamlRejected("SAMLResponse is missing or too large")
    try:
        return base64.b64decode("".join(posted.split()), validate=True)
    except (ValueError, binascii.Error):
        raise SamlRejected("SAMLResponse is not a base64-encoded document") from None


def _time(value: str | None, what: str) -> datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise SamlRejected(f"{what} is not a date-time") from None
    if parsed.tzinfo is None:
        raise SamlRejected(f"{what} has no time zone")
    if not 1 < parsed.year < 9999:  # no date arithmetic on it may leave datetime's range
        raise SamlRejected(f"{what} is out of range")
    return parsed


def _one(parent, path: str, what: str):
    found = parent.findall(path, NS)
    if len(found) != 1:
        raise SamlRejected(f"The Response must carry exactly one {what}")
    return found[0]


def _window(now, not_before, not_on_or_after, what: str) -> None:
    skew = timedelta(seconds=SKEW)
    if not_before is not None and now + skew < not_before:
        raise SamlRejected(f"The {what} is not valid yet")
    if not_on_or_after is not None and now - skew >= not_on_or_after:
        raise SamlRejected(f"The {what} has expired")


def _status(root) -> None:
    # SAML core 3.2.2.2. Read before the signatures: it can only refuse, and a Response that
    # reports a failure usually carries no Assertion to verify.
    code = root.find("samlp:Status/samlp:StatusCode", NS)
    if code is None or code.get("Value") != SUCCESS:
        raise SamlRejected("The identity provider did not sign the user in")


def _envelope(response, expected: Expected) -> None:
    """The Response's own attributes (SAML core 3.2.2): from the signed Response when it is
    signed, else from the posted one, where they can only refuse (the Assertion binds the
    answer to the request and to this service by itself, below)."""
    destination = response.get("Destination")
    if destination is not None and destination != expected.acs_url:
        raise SamlRejected("The Response's Destination is not this connection's ACS URL")
    if response.get("InResponseTo") != expected.request_id:
        raise SamlRejected("The Response does not answer the request sent with this RelayState")
    issuer = response.find("saml:Issuer", NS)
    if issuer is not None and text_of(issuer) != expected.idp_entity_id:
        raise SamlRejected("The Response's Issuer is not this connection's identity provider")


def _subject(assertion, expected: Expected, now) -> tuple:
    """The Subject and the end of its bearer confirmation (SAML profiles 4.1.4.2: one bearer
    SubjectConfirmationData with Recipient the ACS URL, InResponseTo the request's ID and a
    NotOnOrAfter)."""
    if text_of(assertion.find("saml:Issuer", NS)) != expected.idp_entity_id:
        raise SamlRejected("The Assertion's Issuer is not this connection's identity provider")
    subject = _one(assertion, "saml:Subject", "Subject")
    bearer = [data for confirmation in subject.findall("saml:SubjectConfirmation", NS)
              if confirmation.get("Method") == BEARER
              for data in confirmation.findall("saml:SubjectConfirmationData", NS)]
    if len(bearer) != 1 or bearer[0].get("Recipient") != expected.acs_url:
        raise SamlRejected("The bearer confirmation's Recipient is not this connection's ACS URL")
    data = bearer[0]
    if data.get("InResponseTo") != expected.request_id:
        raise SamlRejected("The Assertion does not answer the request sent")
    expires = _time(data.get("NotOnOrAfter"), "NotOnOrAfter")
    if expires is None:
        raise SamlRejected("The bearer confirmation has no NotOnOrAfter")
    _window(now, _time(data.get("NotBefore"), "NotBefore"), expires, "bearer confirmation")
    return subject, expires


def _conditions(assertion, expected: Expected, now) -> datetime | None:
    """SAML core 2.5.1: the validity window, and every AudienceRestriction naming this
    service's entity ID."""
    conditions = _one(assertion, "saml:Conditions", "Conditions")
    expires = _time(conditions.get("NotOnOrAfter"), "NotOnOrAfter")
    _window(now, _time(conditions.get("NotBefore"), "NotBefore"), expires, "Assertion")
    restrictions = conditions.findall("saml:AudienceRestriction", NS)
    if not restrictions or any(
            expected.sp_entity_id not in {text_of(a) for a in r.findall("saml:Audience", NS)}
            for r in restrictions):
        raise SamlRejected("The Assertion's Audience is not this connection's entity ID")
    return expires


def _attribute(assertion, names) -> str | None:
    for wanted in names:
        for attribute in assertion.iterfind("saml:AttributeStatement/saml:Attribute", NS):
            if wanted in (attribute.get("Name"), attribute.get("FriendlyName")):
                for value in attribute.findall("saml:AttributeValue", NS):
                    if text_of(value):
                        return text_of(value)
    return None


def _identity(assertion, subject, expires) -> SamlIdentity:
    name_id = subject.find("saml:NameID", NS)
    value = text_of(name_id)
    if value is None:
        raise SamlRejected("The Assertion has no NameID")
    # E4.2: the address attributes first, the NameID only when none is present and its format
    # is emailAddress. Entra ID's default NameID is the user principal name in that format,
    # which need not be the person's address; its `emailaddress` claim is.
    email = _attribute(assertion, EMAIL_ATTRIBUTES)
    if email is None and name_id.get("Format") in EMAIL_FORMATS:
        email = value
    return SamlIdentity(assertion.get("ID"), value, email, _name(assertion), expires)


def _name(assertion) -> str | None:
    joined = " ".join(filter(None, (_attribute(assertion, GIVEN_NAME_ATTRIBUTES),
                                    _attribute(assertion, SURNAME_ATTRIBUTES))))
    return _attribute(assertion, NAME_ATTRIBUTES) or joined or None


def validate(document: bytes, expected: Expected) -> SamlIdentity:
    """The identity a Response carries, or SamlRejected."""
    root = parse(document, limit=LIMIT, what="SAMLResponse")
    _status(root)
    now = clock.utcnow()
    signed = signature.signed_parts(root, expected.certificates, now)
    _envelope(root if signed.response is None else signed.response, expected)
    subject, confirmed_until = _subject(signed.assertion, expected, now)
    expires = _conditions(signed.assertion, expected, now)
    return _identity(signed.assertion, subject, max(filter(None, (expires, confirmed_until))))
