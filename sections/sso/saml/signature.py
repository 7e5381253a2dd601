"""The XML signatures of a posted SAML Response (SAML core section 5, extensions.md E4.2),
verified in process by signxml with the connection's certificates only, never one carried in
the document. What a signature signed, as signxml returns it, is all that is read afterwards:
with the one Assertion placed where it belongs, that is what closes XML signature wrapping."""
import base64
from dataclasses import dataclass
from datetime import datetime

from cryptography import x509
from lxml import etree
from signxml import (
    DigestAlgorithm,
    InvalidCertificate,
    SignatureConfiguration,
    SignatureMethod,
    XMLVerifier,
)

from sections.sso.saml.xml import NS, SamlRejected, parser

# RSA and ECDSA with SHA-1 or SHA-2, digests SHA-1 or SHA-2: never MD5, never HMAC (a public
# certificate cannot check it, and whoever holds the certificate could compute one). SHA-1 is
# accepted because providers still send it. signxml refuses a signature using any other.
SIGNATURE_METHODS = frozenset({
    SignatureMethod.RSA_SHA1, SignatureMethod.RSA_SHA256, SignatureMethod.RSA_SHA384,
    SignatureMethod.RSA_SHA512, SignatureMethod.ECDSA_SHA1, SignatureMethod.ECDSA_SHA256,
    SignatureMethod.ECDSA_SHA384, SignatureMethod.ECDSA_SHA512})
DIGEST_ALGORITHMS = frozenset({DigestAlgorithm.SHA1, DigestAlgorithm.SHA256,
                               DigestAlgorithm.SHA384, DigestAlgorithm.SHA512})
# Where each signature may be: a child of the Response, or of the Response's one Assertion
# (signxml appends ds:Signature to the path).
LOCATIONS = {"Response": "./", "Assertion": f"./{{{NS['saml']}}}Assertion/"}


@dataclass(frozen=True)
class Signed:
    """The parts of a Response that its signatures cover, as signed."""

    response: etree._Element | None  # the Response, when it carries its own signature
    assertion: etree._Element  # the Assertion: signed itself, or inside the signed Response


def _assertion(root):
    """The one Assertion, the Response's child, with every ID in the document unique. Any
    other Assertion (XSW3-8 add one beside, around or inside the signed one), a nested Response
    (XSW1-2) or an EncryptedAssertion (the service publishes no key for one) is refused."""
    if root.tag != f"{{{NS['samlp']}}}Response" or not root.get("ID"):
        raise SamlRejected("The document is not a SAML Response")
    if root.findall(".//samlp:Response", NS) or root.findall(".//saml:EncryptedAssertion", NS):
        raise SamlRejected("A nested Response or an encrypted Assertion is not accepted")
    assertions = list(root.iter(f"{{{NS['saml']}}}Assertion"))
    if len(assertions) != 1 or assertions[0].getparent() is not root:
        raise SamlRejected("The Response must carry exactly one Assertion, as its child")
    # An xs:ID is unique in its document (SAML core 1.3.4), so a Reference names one element.
    ids = [element.get("ID") for element in root.iter() if element.get("ID") is not None]
    if len(ids) != len(set(ids)):
        raise SamlRejected("An ID appears twice in the document")
    if not assertions[0].get("ID"):
        raise SamlRejected("The Assertion has no ID")
    return assertions[0]


def _placed(root, assertion) -> dict:
    """{"Response": root, "Assertion": assertion}, keeping those that carry a signature. Every
    signature present must verify, so one signxml would not look at (anywhere else, or a second
    one on the same element) is refused rather than ignored."""
    elements = {"Response": root, "Assertion": assertion}
    parents = [signature.getparent() for signature in root.iter(f"{{{NS['ds']}}}Signature")]
    if any(all(parent is not e for e in elements.values()) for parent in parents):
        raise SamlRejected("A signature outside the Response and its Assertion is refused")
    if len(parents) != len({id(parent) for parent in parents}):
        raise SamlRejected("An element carries more than one signature")
    return {kind: e for kind, e in elements.items() if any(p is e for p in parents)}


def _verified(root, kind: str, element, certificates, now: datetime) -> etree._Element:
    """What the `kind`'s signature signed, by one of `certificates` valid at `now`."""
    config = SignatureConfiguration(
        location=LOCATIONS[kind], signature_methods=SIGNATURE_METHODS,
        digest_algorithms=DIGEST_ALGORITHMS, verification_time=now)
    outside = 0  # certificates outside their validity period at `now`
    for certificate in certificates:
        try:
            signed = XMLVerifier().verify(root, x509_cert=certificate, id_attribute="ID",
                                          expect_config=config, parser=parser()).signed_xml
        except InvalidCertificate:  # outside its validity at `now` (checked before the value)
            outside += 1
            continue
        except Exception:  # noqa: BLE001 - see below
            # Besides its own errors, signxml lets lxml's (a Signature that breaks the xmldsig
            # schema) and plain ones through (TypeError for an empty SignatureValue, ValueError
            # for one that is not ASCII): whatever a stranger's document makes it raise is a
            # refusal, never a 500.
            continue
        # SAML core 5.4.2: the one Reference is to the ID of the element the signature sits in.
        # signxml resolves it anywhere in the document (an Assertion's signature moved up into
        # the Response verifies, returning the Assertion), so the element is checked here.
        if signed is None or signed.tag != element.tag or signed.get("ID") != element.get("ID"):
            raise SamlRejected(f"The {kind}'s signature does not cover the {kind}")
        return signed
    if certificates and outside == len(certificates):
        raise SamlRejected(f"The {kind}'s signature cannot be checked: the connection's "
                           "certificate is outside its validity period")
    raise SamlRejected(f"The {kind}'s signature is not valid for this connection")


def signed_parts(root, certificates: tuple[str, ...], now: datetime) -> Signed:
    """The Response's signed parts, each signature present verified by one of `certificates`
    (base64 DER, the connection's) valid at `now`; SamlRejected otherwise."""
    assertion = _assertion(root)
    placed = _placed(root, assertion)
    if not placed:
        raise SamlRejected("Neither the Response nor its Assertion is signed")
    trusted = [x509.load_der_x509_certificate(base64.b64decode(c)) for c in certificates]
    signed = {kind: _verified(root, kind, element, trusted, now)
              for kind, element in placed.items()}
    if "Assertion" in signed:
        return Signed(signed.get("Response"), signed["Assertion"])
    # The Response alone is signed: its Assertion as signed (which its transforms made it).
    assertion = signed["Response"].find("saml:Assertion", NS)
    if assertion is None:
        raise SamlRejected("The signed Response carries no Assertion")
    return Signed(signed["Response"], assertion)
