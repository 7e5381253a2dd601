"""What the service sends to a connection's identity provider, built with pysaml2's message
classes from the connection's endpoints: the AuthnRequest that leaves by the HTTP-Redirect
binding, and the service provider's metadata.

Only those classes are used: pysaml2's client, configuration and metadata writer load its XML
schemas as they are imported (some 3 seconds of CPU; `saml2.pack` 1 second) and its security
context runs an external signing program, none of which two unsigned messages need."""
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from saml2 import BINDING_HTTP_POST, md, samlp
from saml2.s_utils import deflate_and_base64_encode, sid
from saml2.saml import NAMEID_FORMAT_EMAILADDRESS, NAMEID_FORMAT_ENTITY, Issuer

from core import clock
from sections.sso.urls import saml_urls

METADATA_TYPE = "application/samlmetadata+xml"
INSTANT = "%Y-%m-%dT%H:%M:%SZ"  # xs:dateTime in UTC (SAML core 1.3.3)


@dataclass(frozen=True)
class Endpoints:
    sp_entity_id: str
    acs_url: str
    metadata_url: str


def endpoints(connection_id: str) -> Endpoints:
    """From API_BASE_URL, never from the request's Host header (the IdP registers them)."""
    urls = saml_urls(connection_id)
    return Endpoints(urls["spEntityId"], urls["acsUrl"], urls["metadataUrl"])


def authn_request(connection_id: str, sso_url: str, relay_state: str) -> tuple[str, str]:
    """(the AuthnRequest's ID, the URL at the IdP that carries it with the RelayState).

    Unsigned (the answer is what is signed) and with no NameIDPolicy, so that each provider's
    own NameID setting applies; its ID is pysaml2's (160 random bits, SAML core 1.3.4)."""
    ends = endpoints(connection_id)
    request = samlp.AuthnRequest(
        id=sid(), version="2.0", issue_instant=clock.utcnow().strftime(INSTANT),
        destination=sso_url, protocol_binding=BINDING_HTTP_POST,
        assertion_consumer_service_url=ends.acs_url,
        issuer=Issuer(text=ends.sp_entity_id, format=NAMEID_FORMAT_ENTITY))
    # SAML bindings 3.4.4.1: DEFLATE, then base64, then URL-encoded beside the RelayState;
    # an SSO URL that has a query of its own keeps it.
    query = urlencode({"SAMLRequest": deflate_and_base64_encode(str(request)),
                       "RelayState": relay_state})
    return request.id, sso_url + ("&" if urlsplit(sso_url).query else "?") + query


def sp_metadata(connection_id: str) -> bytes:
    """The service provider's metadata for the connection (SAML metadata 2.4.4), unsigned: its
    entity ID, its ACS by HTTP-POST and emailAddress as the NameID format it prefers. No
    md:Extensions (pysaml2's metadata writer lists every algorithm it knows there, MD5 among
    them)."""
    ends = endpoints(connection_id)
    descriptor = md.SPSSODescriptor(
        protocol_support_enumeration=samlp.NAMESPACE, authn_requests_signed="false",
        want_assertions_signed="false",
        name_id_format=[md.NameIDFormat(text=NAMEID_FORMAT_EMAILADDRESS)],
        assertion_consumer_service=[md.AssertionConsumerService(
            binding=BINDING_HTTP_POST, location=ends.acs_url, index="1")])
    return md.EntityDescriptor(entity_id=ends.sp_entity_id,
                               spsso_descriptor=[descriptor]).to_string()
