"""A SAML identity provider for the tests: pysaml2's IdP side (saml2.server.Server) with a key
and certificate made here, signing real Responses through xmlsec1; and the documents an attacker
would post instead: the XML signature wrapping variants XSW1-XSW8 of Somorovsky et al., "On
Breaking SAML" (USENIX Security 2012), made by moving parts of a real signed Response, Responses
that are valid signatures over wrong content (audience, recipient, times, ...), and Assertions
signed again by signxml with algorithms of the test's choosing (HMAC, unlisted ones)."""
import base64
import copy
import datetime
import logging
import pathlib
import tempfile
from urllib.parse import parse_qs, urlencode, urlsplit

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from lxml import etree
from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.config import IdPConfig
from saml2.metadata import create_metadata_string
from saml2.saml import NAMEID_FORMAT_EMAILADDRESS, NAMEID_FORMAT_PERSISTENT, NameID
from saml2.server import Server
from saml2.sigver import CryptoBackendXmlSec1
from saml2.xmldsig import DIGEST_SHA256, SIG_RSA_SHA256
from signxml import XMLSigner

# pysaml2 logs whole documents (names and addresses in them) and tracebacks at ERROR for what
# it refuses, and its xmlschema says at INFO that its own schema is already loaded: the run's
# log (the no-secret check reads it) needs neither.
logging.getLogger("saml2").setLevel(logging.CRITICAL)
logging.getLogger("xmlschema").setLevel(logging.WARNING)

XMLSEC = "/usr/bin/xmlsec1"
NS = {"samlp": "urn:oasis:names:tc:SAML:2.0:protocol",
      "saml": "urn:oasis:names:tc:SAML:2.0:assertion",
      "ds": "http://www.w3.org/2000/09/xmldsig#"}
ASSERTION_NODE = "urn:oasis:names:tc:SAML:2.0:assertion:Assertion"
RESPONSE_NODE = "urn:oasis:names:tc:SAML:2.0:protocol:Response"
PASSWORD_CLASS = "urn:oasis:names:tc:SAML:2.0:ac:classes:Password"
EXCLUSIVE_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#"


def key_and_certificate(common_name: str, *, days: float = 365, start_days: float = -1):
    """A key and its self-signed certificate, valid from now + `start_days` to now + `days`."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now + datetime.timedelta(days=start_days))
                   .not_valid_after(now + datetime.timedelta(days=days))
                   .sign(key, hashes.SHA256()))
    return key, certificate


def q(namespace: str, tag: str) -> str:
    return f"{{{NS[namespace]}}}{tag}"


class SamlIdp:
    """One identity provider: `metadata_xml()` for the connection, `answer(location, ...)` for
    the AuthnRequest the service redirected to (returns the form fields to post)."""

    def __init__(self, entity_id="https://idp.example.test/saml/metadata",
                 sso_url="https://idp.example.test/saml/sso", *, signing_key=None, folder=None):
        """`folder` keeps the key between runs (the command line's use); else a new one."""
        self.entity_id, self.sso_url = entity_id, sso_url
        self.folder = pathlib.Path(folder or tempfile.mkdtemp(prefix="saml-idp-"))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.key_file = self.folder / "key.pem"
        self.cert_file = self.folder / "cert.pem"
        if folder and self.key_file.exists() and signing_key is None:
            signing_key = (serialization.load_pem_private_key(self.key_file.read_bytes(), None),
                           x509.load_pem_x509_certificate(self.cert_file.read_bytes()))
        self.key, self.certificate = signing_key or key_and_certificate("idp.example.test")
        self.key_file.write_bytes(self.key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption()))
        self.cert_file.write_bytes(self.certificate.public_bytes(serialization.Encoding.PEM))
        self.sp_metadata: list[str] = []

    def trust(self, sp_metadata: bytes | str) -> None:
        """Register a service provider by its metadata (as an administrator uploads it)."""
        self.sp_metadata.append(sp_metadata.decode() if isinstance(sp_metadata, bytes)
                                else sp_metadata)

    def config(self) -> IdPConfig:
        conf = IdPConfig()
        settings = {
            "entityid": self.entity_id, "xmlsec_binary": XMLSEC,
            "key_file": str(self.key_file), "cert_file": str(self.cert_file),
            "service": {"idp": {
                "endpoints": {"single_sign_on_service": [(self.sso_url, BINDING_HTTP_REDIRECT)]},
                "policy": {"default": {"lifetime": {"minutes": 5},
                                       "attribute_restrictions": None,
                                       "name_form": "urn:oasis:names:tc:SAML:2.0:"
                                                    "attrname-format:basic"}}}},
        }
        if self.sp_metadata:
            settings["metadata"] = {"inline": list(self.sp_metadata)}
        conf.load(settings)
        return conf

    def metadata_xml(self) -> str:
        text = create_metadata_string(None, config=self.config(), valid=None)
        return text.decode() if isinstance(text, bytes) else text

    def certificate_der_base64(self) -> str:
        return base64.b64encode(self.certificate.public_bytes(serialization.Encoding.DER)).decode()

    def read_request(self, location: str):
        """The AuthnRequest carried by the redirect (pysaml2 decodes and checks it)."""
        query = parse_qs(urlsplit(location).query)
        server = Server(config=self.config())
        request = server.parse_authn_request(query["SAMLRequest"][0], BINDING_HTTP_REDIRECT)
        return request.message, query.get("RelayState", [None])[0]

    def response_xml(self, location: str, *, name_id="ada@example.com",
                     name_id_format=NAMEID_FORMAT_EMAILADDRESS, attributes=None,
                     sign_assertion=True, sign_response=False, in_response_to=None,
                     destination=None, audience=None) -> tuple[str, str | None]:
        """(the Response's XML, the RelayState) answering the AuthnRequest at `location`."""
        message, relay_state = self.read_request(location)
        server = Server(config=self.config())
        response = server.create_authn_response(
            attributes or {}, in_response_to or message.id,
            destination or message.assertion_consumer_service_url,
            audience or message.issuer.text,
            name_id=NameID(format=name_id_format, text=name_id),
            authn={"class_ref": PASSWORD_CLASS},
            sign_assertion=sign_assertion, sign_response=sign_response,
            sign_alg=SIG_RSA_SHA256, digest_alg=DIGEST_SHA256)
        return str(response), relay_state

    def unsolicited_xml(self, acs_url: str, sp_entity_id: str, *, name_id="ada@example.com",
                        name_id_format=NAMEID_FORMAT_EMAILADDRESS, attributes=None,
                        sign_assertion=True, sign_response=False, destination=None,
                        audience=None) -> str:
        """An IdP-initiated Response (the portal tile's): it answers no AuthnRequest, so it
        carries no InResponseTo, for the service provider at `acs_url` / `sp_entity_id`."""
        server = Server(config=self.config())
        response = server.create_authn_response(
            attributes or {}, None, destination or acs_url, audience or sp_entity_id,
            name_id=NameID(format=name_id_format, text=name_id),
            authn={"class_ref": PASSWORD_CLASS},
            sign_assertion=sign_assertion, sign_response=sign_response,
            sign_alg=SIG_RSA_SHA256, digest_alg=DIGEST_SHA256)
        return str(response)

    def error_xml(self, location: str) -> tuple[str, str | None]:
        """A signed Response whose status says the user was not signed in."""
        message, relay_state = self.read_request(location)
        server = Server(config=self.config())
        response = server.create_error_response(
            message.id, message.assertion_consumer_service_url,
            ("urn:oasis:names:tc:SAML:2.0:status:Responder", "sign-in refused"), sign=True)
        return str(response), relay_state

    def resign(self, xml: str, edit) -> str:
        """`edit(root)` applied to the Response, then every signature in it made again with
        this provider's key: a genuine signature over content the service must refuse."""
        root = etree.fromstring(xml.encode())
        edit(root)
        text = etree.tostring(root).decode()
        backend = CryptoBackendXmlSec1(XMLSEC)
        assertion = root.find("saml:Assertion", NS)
        if assertion is not None and assertion.find("ds:Signature", NS) is not None:
            text = backend.sign_statement(text, ASSERTION_NODE, str(self.key_file),
                                          assertion.get("ID"))
        if root.find("ds:Signature", NS) is not None:
            text = backend.sign_statement(text, RESPONSE_NODE, str(self.key_file), root.get("ID"))
        return text


def encode(xml: str | bytes) -> str:
    return base64.b64encode(xml.encode() if isinstance(xml, str) else xml).decode()


def persistent(name_id: str) -> dict:
    return {"name_id": name_id, "name_id_format": NAMEID_FORMAT_PERSISTENT}


# --- edits for `resign` (each a function of the Response root) ---
def set_times(*, not_before: str, not_on_or_after: str):
    def edit(root):
        for element in root.iter(q("saml", "Conditions"), q("saml", "SubjectConfirmationData")):
            element.set("NotOnOrAfter", not_on_or_after)
            if element.tag == q("saml", "Conditions"):
                element.set("NotBefore", not_before)
    return edit


def set_audience(value: str):
    def edit(root):
        for element in root.iter(q("saml", "Audience")):
            element.text = value
    return edit


def set_recipient(value: str | None):
    def edit(root):
        for element in root.iter(q("saml", "SubjectConfirmationData")):
            if value is None:
                element.attrib.pop("Recipient", None)
            else:
                element.set("Recipient", value)
    return edit


def drop_confirmation_in_response_to(root):
    """The bearer confirmation no longer names the request (the Response still does)."""
    for element in root.iter(q("saml", "SubjectConfirmationData")):
        element.attrib.pop("InResponseTo", None)


def drop_in_response_to(root):
    root.attrib.pop("InResponseTo", None)
    for element in root.iter(q("saml", "SubjectConfirmationData")):
        element.attrib.pop("InResponseTo", None)


def set_assertion_id(value: str):
    def edit(root):
        assertion = root.find("saml:Assertion", NS)
        assertion.set("ID", value)
        for reference in assertion.iterfind("ds:Signature/ds:SignedInfo/ds:Reference", NS):
            reference.set("URI", "#" + value)
    return edit


def name_id_with_comment(before: str, after: str):
    """The NameID `before<!---->after`: two parsers may read two addresses from it."""
    def edit(root):
        for element in root.iter(q("saml", "NameID")):
            element.text = before
            comment = etree.Comment("")
            comment.tail = after
            element.append(comment)
    return edit


def unsigned(xml: str) -> str:
    root = etree.fromstring(xml.encode())
    for signature in list(root.iter(q("ds", "Signature"))):
        signature.getparent().remove(signature)
    return etree.tostring(root).decode()


def set_destination(xml: str, value: str) -> str:
    """Destination changed on a Response whose Assertion only is signed (no resigning needed)."""
    root = etree.fromstring(xml.encode())
    root.set("Destination", value)
    return etree.tostring(root).decode()


def signature_moved_to_response(xml: str) -> str:
    """The Assertion's genuine signature moved up to be the Response's: it still verifies,
    but signs the Assertion, not the Response it now sits in."""
    root = etree.fromstring(xml.encode())
    signature = root.find("saml:Assertion/ds:Signature", NS)
    root.find("saml:Issuer", NS).addnext(signature)
    return etree.tostring(root).decode()


def signed_with(xml: str, key, certificate=None, *, signature_algorithm="rsa-sha256",
                digest_algorithm="sha256") -> str:
    """The Response with its Assertion signed again by signxml: by `key` (a private key, or
    bytes for HMAC), with the algorithms named, `certificate` (PEM) in its KeyInfo."""
    root = etree.fromstring(xml.encode())
    assertion = _strip_signature(root.find("saml:Assertion", NS))
    assertion.find("saml:Issuer", NS).addnext(etree.Element(q("ds", "Signature"), Id="placeholder"))
    signer = XMLSigner(signature_algorithm=signature_algorithm, digest_algorithm=digest_algorithm,
                       c14n_algorithm=EXCLUSIVE_C14N)
    # The whole Response is given, so that no signed element moves between documents (lxml
    # would then rename its namespace prefixes, which exclusive canonicalization sees).
    signed = signer.sign(root, key=key, cert=certificate, reference_uri=assertion.get("ID"))
    return etree.tostring(signed).decode()


# --- XML signature wrapping (Somorovsky et al. 2012; the names as SAML Raider uses them) ---
def _evil(assertion, address: str, new_id: str | None = None):
    """The assertion with the attacker's identity in place of the signed one."""
    for element in assertion.iter(q("saml", "NameID")):
        element.text = address
    for element in assertion.iter(q("saml", "AttributeValue")):
        element.text = address
    if new_id:
        assertion.set("ID", new_id)
    return assertion


def _strip_signature(element):
    for signature in element.findall("ds:Signature", NS):
        element.remove(signature)
    return element


def xsw(number: int, xml: str, address: str) -> str:
    """Variant XSW`number` of a real signed Response: the Response signed for XSW1-2, the
    Assertion signed for XSW3-8; `address` is the identity the attacker wants read."""
    root = etree.fromstring(xml.encode())
    assertion = root.find("saml:Assertion", NS)
    if number in (1, 2):
        signature = root.find("ds:Signature", NS)
        original = _strip_signature(copy.deepcopy(root))
        root.set("ID", "_evil_response")
        _evil(assertion, address)
        if number == 1:   # the signed original inside the Signature of an evil Response
            signature.append(original)
        else:             # the signed original beside it, before the Signature
            signature.addprevious(original)
    elif number in (3, 4):
        evil = _strip_signature(_evil(copy.deepcopy(assertion), address, "_evil_assertion"))
        if number == 3:   # an evil unsigned Assertion before the signed one
            assertion.addprevious(evil)
        else:             # the signed Assertion inside an evil one
            root.replace(assertion, evil)
            evil.append(assertion)
    elif number in (5, 6, 8):
        original = _strip_signature(copy.deepcopy(assertion))
        _evil(assertion, address)  # the signed Assertion's place, now with evil content
        signature = assertion.find("ds:Signature", NS)
        if number == 5:   # an unsigned copy of the original at the end of the Response
            root.append(original)
        elif number == 6:  # the copy of the original inside the Signature
            signature.append(original)
        else:             # the copy inside a ds:Object of the Signature
            holder = etree.SubElement(signature, q("ds", "Object"))
            holder.append(original)
    elif number == 7:     # an evil Assertion inside Extensions, the signed one untouched
        evil = _strip_signature(_evil(copy.deepcopy(assertion), address))
        extensions = etree.Element(q("samlp", "Extensions"))
        extensions.append(evil)
        root.find("saml:Issuer", NS).addnext(extensions)
    else:
        raise ValueError(number)
    return etree.tostring(root).decode()


# --- documents with a DOCTYPE ---
def with_doctype(xml: str, kind: str) -> str:
    body = xml.split("?>", 1)[1] if xml.startswith("<?xml") else xml
    if kind == "xxe":
        head = '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        body = body.replace(">ada@", ">&x;ada@", 1)
    else:  # billion laughs
        levels = ['<!ENTITY l0 "lol">'] + [
            f'<!ENTITY l{n} "{("&l" + str(n - 1) + ";") * 10}">' for n in range(1, 10)]
        head = f"<!DOCTYPE r [{''.join(levels)}]>"
        body = body.replace(">ada@", ">&l9;ada@", 1)
    return '<?xml version="1.0"?>' + head + body


POST_BINDING = BINDING_HTTP_POST


def main(argv) -> None:
    """For trying SAML out by hand (docs/how-to/single-sign-on.md), the key kept in
    instance/saml-idp:
    `python -W ignore -m tests.saml_idp metadata` prints the provider's metadata;
    `python -W ignore -m tests.saml_idp answer SP_METADATA_FILE URL EMAIL` signs EMAIL in for the
    AuthnRequest at URL and prints the form to post to the ACS URL (urlencoded)."""
    idp = SamlIdp(folder="instance/saml-idp")
    if argv[:1] == ["metadata"]:
        print(idp.metadata_xml())
    elif argv[:1] == ["answer"] and len(argv) == 4:
        idp.trust(pathlib.Path(argv[1]).read_text())
        xml, relay_state = idp.response_xml(argv[2], name_id=argv[3])
        print(urlencode({"SAMLResponse": encode(xml), "RelayState": relay_state}))
    else:
        raise SystemExit(main.__doc__)


if __name__ == "__main__":
    import sys
    import warnings

    warnings.simplefilter("ignore")  # pysaml2's import-time deprecation notice
    main(sys.argv[1:])
