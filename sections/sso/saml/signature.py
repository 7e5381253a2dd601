"""XML signatures of a SAML Response, checked where they are and what they cover before
xmlsec1 checks their value: a Signature is accepted only as the enveloped signature of the
Response or of its one Assertion, with one Reference to its parent's ID, and only the usual
transforms. Anything else in the document that looks like a signature is refused, which is what
closes the XML signature wrapping attacks (the signed element is the one that is read)."""
import base64
import os
import subprocess
import tempfile
import textwrap

from sections.sso.saml.messages import xmlsec_binary
from sections.sso.saml.xml import NS, SamlXmlError

ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature"
TRANSFORMS = {ENVELOPED, "http://www.w3.org/2001/10/xml-exc-c14n#",
              "http://www.w3.org/2001/10/xml-exc-c14n#WithComments"}
# RSA and ECDSA with SHA-1 or SHA-2 (never MD5, never HMAC, which a public key cannot check).
DIGESTS = {"http://www.w3.org/2000/09/xmldsig#sha1", "http://www.w3.org/2001/04/xmlenc#sha256",
           "http://www.w3.org/2001/04/xmldsig-more#sha384",
           "http://www.w3.org/2001/04/xmlenc#sha512"}
SIGNATURES = {"http://www.w3.org/2000/09/xmldsig#rsa-sha1",
              *(f"http://www.w3.org/2001/04/xmldsig-more#{kind}-sha{bits}"
                for kind in ("rsa", "ecdsa") for bits in (256, 384, 512)),
              "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha1"}
XPATH = {"Response": "/*[local-name()='Response']/*[local-name()='Signature']",
         "Assertion": "/*[local-name()='Response']/*[local-name()='Assertion']"
                      "/*[local-name()='Signature']"}
ID_ATTRS = ["--id-attr:ID", f"{NS['samlp']}:Response", "--id-attr:ID", f"{NS['saml']}:Assertion"]


def _placed(signature, parents) -> str:
    """Which element the signature signs ("Response" or "Assertion"), or a refusal."""
    parent = signature.getparent()
    kind = next((name for name, element in parents.items() if element is parent), None)
    if kind is None:
        raise SamlXmlError("A signature outside the Response and its Assertion is refused")
    references = signature.findall("ds:SignedInfo/ds:Reference", NS)
    if len(references) != 1 or references[0].get("URI") != "#" + (parent.get("ID") or "-"):
        raise SamlXmlError(f"The {kind}'s signature must reference the {kind} itself")
    methods = {t.get("Algorithm") for t in references[0].findall("ds:Transforms/ds:Transform", NS)}
    if ENVELOPED not in methods or not methods <= TRANSFORMS:
        raise SamlXmlError(f"The {kind}'s signature uses transforms that are not accepted")
    digest = references[0].find("ds:DigestMethod", NS)
    method = signature.find("ds:SignedInfo/ds:SignatureMethod", NS)
    if (digest is None or digest.get("Algorithm") not in DIGESTS
            or method is None or method.get("Algorithm") not in SIGNATURES):
        raise SamlXmlError(f"The {kind}'s signature uses an algorithm that is not accepted")
    return kind


def placed_signatures(root, assertion) -> list[str]:
    """The kinds signed ("Response", "Assertion"), each at most once and where it belongs."""
    parents = {"Response": root, "Assertion": assertion}
    kinds = [_placed(signature, parents) for signature in root.iter(f"{{{NS['ds']}}}Signature")]
    if len(set(kinds)) != len(kinds):
        raise SamlXmlError("An element carries more than one signature")
    return kinds


def _pem(der_base64: str) -> bytes:
    body = "\n".join(textwrap.wrap(der_base64, 64))
    return f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n".encode()


def verified(document: bytes, kind: str, certificates) -> bool:
    """True when xmlsec1 finds the `kind`'s signature valid by one of the certificates (only
    those: a certificate inside the document is never trusted)."""
    with tempfile.TemporaryDirectory(prefix="saml-") as folder:
        path = os.path.join(folder, "response.xml")
        with open(path, "wb") as out:
            out.write(document)
        for number, certificate in enumerate(certificates):
            cert_path = os.path.join(folder, f"cert{number}.pem")
            with open(cert_path, "wb") as out:
                out.write(_pem(base64.b64encode(base64.b64decode(certificate)).decode()))
            command = [xmlsec_binary(), "--verify", "--enabled-reference-uris", "same-doc",
                       "--enabled-key-data", "raw-x509-cert", "--pubkey-cert-pem", cert_path,
                       *ID_ATTRS, "--node-xpath", XPATH[kind], path]
            try:
                done = subprocess.run(command, capture_output=True, timeout=10, check=False)
            except subprocess.TimeoutExpired:
                continue  # not verified, never a 500
            if done.returncode == 0 and b"OK" in done.stderr:
                return True
    return False
