"""An identity provider's SAML metadata, as an owner pastes it into a connection: its entity
ID, its single sign-on URL for the HTTP-Redirect binding and its signing certificates."""
import base64
import hashlib
from dataclasses import dataclass

from cryptography import x509
from saml2 import BINDING_HTTP_REDIRECT

from core.fields import utc_iso
from core.outcomes import Invalid
from sections.sso.saml.xml import NS, SamlRejected, parse, text_of

FIELD = "idpMetadataXml"
LIMIT = 100_000  # bytes


@dataclass(frozen=True)
class IdpMetadata:
    entity_id: str
    sso_url: str
    certificates: tuple[str, ...]  # base64 DER, as in the metadata


def refuse(message: str):
    raise Invalid(message, field=FIELD)


def _certificates(descriptor) -> list[str]:
    found = []
    for key in descriptor.findall("md:KeyDescriptor", NS):
        if key.get("use") not in (None, "signing"):
            continue
        for element in key.findall("ds:KeyInfo/ds:X509Data/ds:X509Certificate", NS):
            text = "".join((text_of(element) or "").split())
            try:
                x509.load_der_x509_certificate(base64.b64decode(text, validate=True))
            except ValueError:
                refuse("idpMetadataXml holds a certificate that cannot be read")
            if text not in found:
                found.append(text)
    return found


def parse_idp_metadata(xml: str) -> IdpMetadata:
    """The metadata's useful parts; an Invalid naming idpMetadataXml when it cannot serve."""
    if not isinstance(xml, str) or not xml.strip():
        refuse("idpMetadataXml is required")
    try:
        root = parse(xml, limit=LIMIT, what="idpMetadataXml")
    except SamlRejected as exc:
        refuse(str(exc))
    if root.tag == f"{{{NS['md']}}}EntitiesDescriptor":
        entities = root.findall("md:EntityDescriptor", NS)
        root = entities[0] if len(entities) == 1 else refuse(
            "idpMetadataXml must describe exactly one identity provider")
    if root.tag != f"{{{NS['md']}}}EntityDescriptor":
        refuse("idpMetadataXml must be SAML 2.0 metadata (an EntityDescriptor)")
    entity_id = (root.get("entityID") or "").strip()
    if not entity_id or len(entity_id) > 1024:
        refuse("idpMetadataXml has no entityID")
    descriptor = root.find("md:IDPSSODescriptor", NS)
    if descriptor is None:
        refuse("idpMetadataXml describes no identity provider (IDPSSODescriptor)")
    sso_url = next((service.get("Location", "").strip()
                    for service in descriptor.findall("md:SingleSignOnService", NS)
                    if service.get("Binding") == BINDING_HTTP_REDIRECT), "")
    if not sso_url.startswith(("https://", "http://")) or len(sso_url) > 2048:
        refuse("idpMetadataXml has no SingleSignOnService with the HTTP-Redirect binding")
    certificates = _certificates(descriptor)
    if not certificates:
        refuse("idpMetadataXml has no signing certificate")
    return IdpMetadata(entity_id, sso_url, tuple(certificates))


def describe_certificate(der_base64: str) -> dict:
    """A certificate as answered: SHA-256 of its DER form and the end of its validity."""
    der = base64.b64decode(der_base64)
    certificate = x509.load_der_x509_certificate(der)
    digest = hashlib.sha256(der).hexdigest().upper()
    return {"sha256Fingerprint": ":".join(digest[i:i + 2] for i in range(0, 64, 2)),
            "notAfter": utc_iso(certificate.not_valid_after_utc)}
