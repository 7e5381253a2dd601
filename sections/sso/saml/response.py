"""A posted SAML Response, validated exactly as extensions.md E4.2 says. pysaml2 parses it and
makes its own checks; every rule is also checked here on the same bytes, so none rests on what
pysaml2 happens to check (the signed element is the one read, the times by the service's clock,
Recipient required, the Assertion ID not replayed: the last by the caller, with `assertion_id`)."""
import base64
from dataclasses import dataclass
from datetime import datetime, timedelta

from saml2 import BINDING_HTTP_POST

from core import clock
from sections.sso.saml import signature
from sections.sso.saml.messages import SKEW, Endpoints, IdpSide, client
from sections.sso.saml.xml import NS, SamlXmlError, parse, text_of

LIMIT = 256_000  # bytes of XML
SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success"
BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer"
EMAIL_FORMATS = {"urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
                 "urn:oasis:names:tc:SAML:2.0:nameid-format:emailAddress"}
EMAIL_ATTRIBUTES = ("email", "mail",
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress")
NAME_ATTRIBUTES = ("displayName", "http://schemas.microsoft.com/identity/claims/displayname")


class SamlRejected(Exception):
    """The Response is not accepted; the message says why (safe to show)."""


@dataclass(frozen=True)
class SamlIdentity:
    assertion_id: str
    name_id: str
    email: str | None
    name: str | None
    not_on_or_after: datetime  # when the Assertion ID may be forgotten (before the skew)


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


def _structure(root):
    """The one Assertion, placed where it belongs, with every ID unique in the document."""
    if root.tag != f"{{{NS['samlp']}}}Response" or not root.get("ID"):
        raise SamlRejected("The document is not a SAML Response")
    if root.findall(".//samlp:Response", NS) or root.findall(".//saml:EncryptedAssertion", NS):
        raise SamlRejected("A nested Response or an encrypted Assertion is not accepted")
    assertions = list(root.iter(f"{{{NS['saml']}}}Assertion"))
    if len(assertions) != 1 or assertions[0].getparent() is not root:
        raise SamlRejected("The Response must carry exactly one Assertion, as its child")
    ids = [element.get("ID") for element in root.iter() if element.get("ID") is not None]
    if len(ids) != len(set(ids)):
        raise SamlRejected("An ID appears twice in the document")
    if not assertions[0].get("ID"):
        raise SamlRejected("The Assertion has no ID")
    return assertions[0]


def _signed(document: bytes, root, assertion, idp: IdpSide) -> None:
    try:
        kinds = signature.placed_signatures(root, assertion)
    except SamlXmlError as exc:
        raise SamlRejected(str(exc)) from None
    if not kinds:
        raise SamlRejected("Neither the Response nor its Assertion is signed")
    for kind in kinds:  # every signature present must hold, by a certificate of the connection
        if not signature.verified(document, kind, idp.certificates):
            raise SamlRejected(f"The {kind}'s signature is not valid for this connection")


def _window(now, not_before, not_on_or_after, what: str) -> None:
    skew = timedelta(seconds=SKEW)
    if not_before is not None and now + skew < not_before:
        raise SamlRejected(f"The {what} is not valid yet")
    if not_on_or_after is not None and now - skew >= not_on_or_after:
        raise SamlRejected(f"The {what} has expired")


def _envelope(root, request_id: str, ends: Endpoints, idp: IdpSide) -> None:
    destination = root.get("Destination")
    if destination is not None and destination != ends.acs_url:
        raise SamlRejected("The Response's Destination is not this connection's ACS URL")
    if root.get("InResponseTo") != request_id:
        raise SamlRejected("The Response does not answer the request sent with this RelayState")
    issuer = root.find("saml:Issuer", NS)
    if issuer is not None and text_of(issuer) != idp.entity_id:
        raise SamlRejected("The Response's Issuer is not this connection's identity provider")


def _subject(assertion, request_id: str, ends: Endpoints, idp: IdpSide, now) -> tuple:
    if text_of(assertion.find("saml:Issuer", NS)) != idp.entity_id:
        raise SamlRejected("The Assertion's Issuer is not this connection's identity provider")
    subject = _one(assertion, "saml:Subject", "Subject")
    bearer = [data for confirmation in subject.findall("saml:SubjectConfirmation", NS)
              if confirmation.get("Method") == BEARER
              for data in confirmation.findall("saml:SubjectConfirmationData", NS)]
    if len(bearer) != 1 or bearer[0].get("Recipient") != ends.acs_url:
        raise SamlRejected("The bearer confirmation's Recipient is not this connection's ACS URL")
    data = bearer[0]
    if data.get("InResponseTo") not in (None, request_id):
        raise SamlRejected("The Assertion does not answer the request sent")
    expires = _time(data.get("NotOnOrAfter"), "NotOnOrAfter")
    if expires is None:
        raise SamlRejected("The bearer confirmation has no NotOnOrAfter")
    _window(now, _time(data.get("NotBefore"), "NotBefore"), expires, "bearer confirmation")
    return subject, expires


def _conditions(assertion, ends: Endpoints, now) -> datetime | None:
    conditions = _one(assertion, "saml:Conditions", "Conditions")
    expires = _time(conditions.get("NotOnOrAfter"), "NotOnOrAfter")
    _window(now, _time(conditions.get("NotBefore"), "NotBefore"), expires, "Assertion")
    restrictions = conditions.findall("saml:AudienceRestriction", NS)
    if not restrictions or any(
            ends.sp_entity_id not in {text_of(a) for a in r.findall("saml:Audience", NS)}
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
    email = value if name_id.get("Format") in EMAIL_FORMATS else _attribute(
        assertion, EMAIL_ATTRIBUTES)
    return SamlIdentity(assertion.get("ID"), value, email, _attribute(assertion, NAME_ATTRIBUTES),
                        expires)


def _pysaml2_agrees(document: bytes, request_id: str, connection_id: str, idp: IdpSide) -> None:
    """pysaml2's own reading (schema, issuer, signatures by the metadata's certificates)."""
    try:
        answer = client(connection_id, idp).parse_authn_request_response(
            base64.b64encode(document).decode(), BINDING_HTTP_POST,
            outstanding={request_id: "/"})
    except Exception as exc:  # noqa: BLE001 - every failure of the library is a refusal
        raise SamlRejected("The Response does not validate") from exc
    if answer is None or answer.assertion is None:
        raise SamlRejected("The Response does not validate")


def validate(document: bytes, *, request_id: str, connection_id: str, ends: Endpoints,
             idp: IdpSide) -> SamlIdentity:
    """The identity a Response carries, or SamlRejected."""
    try:
        root = parse(document, limit=LIMIT, what="SAMLResponse")
    except SamlXmlError as exc:
        raise SamlRejected(str(exc)) from None
    code = root.find("samlp:Status/samlp:StatusCode", NS)
    if code is None or code.get("Value") != SUCCESS:
        raise SamlRejected("The identity provider did not sign the user in")
    assertion = _structure(root)
    _signed(document, root, assertion, idp)
    now = clock.utcnow()
    _envelope(root, request_id, ends, idp)
    subject, confirmed_until = _subject(assertion, request_id, ends, idp, now)
    expires = _conditions(assertion, ends, now)
    _pysaml2_agrees(document, request_id, connection_id, idp)
    return _identity(assertion, subject, max(filter(None, (expires, confirmed_until))))
