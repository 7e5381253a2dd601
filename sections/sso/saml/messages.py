"""The service's side of a SAML connection, built with pysaml2 in memory for each connection
(no configuration file, no metadata fetched): its entity ID and endpoints, its metadata, and
AuthnRequests sent by the HTTP-Redirect binding.

pysaml2's client, configuration and metadata modules load its XML schemas as they are imported,
some 3 seconds of CPU: a process imports them at its first SAML request (`_pysaml2`), not as it
starts, so a server, a test's server and a maintenance command start without that cost."""
from __future__ import annotations

import functools
import shutil
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from lxml import etree
from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.saml import NAMEID_FORMAT_EMAILADDRESS

from sections.sso.saml.xml import NS
from sections.sso.urls import saml_urls

METADATA_TYPE = "application/samlmetadata+xml"
SKEW = 60  # seconds of clock difference allowed with the identity provider


@dataclass(frozen=True)
class Endpoints:
    sp_entity_id: str
    acs_url: str
    metadata_url: str


@dataclass(frozen=True)
class IdpSide:
    """What the service keeps of a connection's identity provider."""

    entity_id: str
    sso_url: str
    certificates: tuple[str, ...]  # base64 DER


def endpoints(connection_id: str) -> Endpoints:
    """From API_BASE_URL, never from the request's Host header (the IdP registers them)."""
    urls = saml_urls(connection_id)
    return Endpoints(urls["spEntityId"], urls["acsUrl"], urls["metadataUrl"])


def xmlsec_binary() -> str:
    return shutil.which("xmlsec1") or "/usr/bin/xmlsec1"


def idp_metadata_xml(idp: IdpSide) -> str:
    """Metadata rebuilt from the validated parts only: pysaml2 never reads the pasted text."""
    keys = "".join(
        '<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>'
        f"{escape(certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>"
        "</md:KeyDescriptor>" for certificate in idp.certificates)
    return (
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" '
        f'xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID={quoteattr(idp.entity_id)}>'
        '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">'
        f'{keys}<md:SingleSignOnService Binding="{BINDING_HTTP_REDIRECT}" '
        f"Location={quoteattr(idp.sso_url)}/></md:IDPSSODescriptor></md:EntityDescriptor>")


@functools.cache
def _pysaml2():
    """pysaml2's (client, config, metadata) modules, imported once, on first use."""
    from saml2 import client, config, metadata
    return client, config, metadata


def config(connection_id: str, idp: IdpSide | None = None):
    ends = endpoints(connection_id)
    settings = {
        "entityid": ends.sp_entity_id,
        "xmlsec_binary": xmlsec_binary(),
        "accepted_time_diff": SKEW,
        "allow_unknown_attributes": True,
        "service": {"sp": {
            "endpoints": {"assertion_consumer_service": [(ends.acs_url, BINDING_HTTP_POST)]},
            "allow_unsolicited": False,
            "authn_requests_signed": False,
            "want_response_signed": False,
            "want_assertions_signed": False,
            "want_assertions_or_response_signed": True,
            "name_id_format": [NAMEID_FORMAT_EMAILADDRESS],
        }},
    }
    if idp is not None:
        settings["metadata"] = {"inline": [idp_metadata_xml(idp)]}
    conf = _pysaml2()[1].SPConfig()
    conf.load(settings)
    return conf


def client(connection_id: str, idp: IdpSide):
    """pysaml2's Saml2Client for the connection."""
    return _pysaml2()[0].Saml2Client(config(connection_id, idp))


def sp_metadata(connection_id: str) -> bytes:
    """The service provider's metadata for this connection (unsigned), without the list of
    every algorithm pysaml2 knows (MD5 among them) that it puts in md:Extensions."""
    document = _pysaml2()[2].create_metadata_string(None, config=config(connection_id), valid=None)
    root = etree.fromstring(document)
    for extensions in root.findall(f"{{{NS['md']}}}Extensions"):
        root.remove(extensions)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def authn_request(connection_id: str, idp: IdpSide, relay_state: str) -> tuple[str, str]:
    """(the AuthnRequest's ID, the URL at the IdP that carries it with the RelayState)."""
    request_id, info = client(connection_id, idp).prepare_for_authenticate(
        entityid=idp.entity_id, relay_state=relay_state, binding=BINDING_HTTP_REDIRECT)
    location = dict(info["headers"])["Location"]
    return request_id, location

