"""Reading XML that a stranger sent (IdP metadata, a posted SAML Response) without letting it
reach anything: no DOCTYPE at all (so no external entity, no entity expansion), no network, no
huge trees. Every refusal is a `SamlRejected` with a message that names what was wrong."""
import re

from lxml import etree

NS = {
    "md": "urn:oasis:names:tc:SAML:2.0:metadata",
    "ds": "http://www.w3.org/2000/09/xmldsig#",
    "saml": "urn:oasis:names:tc:SAML:2.0:assertion",
    "samlp": "urn:oasis:names:tc:SAML:2.0:protocol",
}
# A DOCTYPE (or an entity declaration) anywhere: refused before any parser sees the text.
_DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


class SamlRejected(Exception):
    """A document that is not accepted (too large, not well-formed, with a DOCTYPE, not the
    expected kind, or failing a rule of E4.2); the message says why and is safe to show."""


def parser() -> etree.XMLParser:
    """The one parser for such documents (also the one signxml re-reads them with)."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False, remove_pis=True)


def parse(data: bytes | str, *, limit: int, what: str) -> etree._Element:
    """The root element of `data`, at most `limit` bytes, refused with a DOCTYPE."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > limit:
        raise SamlRejected(f"The {what} is larger than {limit // 1000} kB")
    if _DOCTYPE.search(data):
        raise SamlRejected(f"The {what} must not contain a DOCTYPE")
    try:
        root = etree.fromstring(data, parser=parser())
    except (etree.XMLSyntaxError, ValueError):
        raise SamlRejected(f"The {what} is not well-formed XML") from None
    if root is None or root.getroottree().docinfo.doctype:
        raise SamlRejected(f"The {what} must not contain a DOCTYPE")
    return root


def text_of(element) -> str | None:
    """The element's text when it is plain text only (a comment or child inside it, the trick
    that makes `a@evil.test<!---->.example.com` read differently by two parsers, is refused)."""
    if element is None or len(element):
        return None
    value = (element.text or "").strip()
    return value or None
