"""SAML 2.0 connections (extensions.md E4.2), as the rest of single sign-on uses them: a
connection configured from IdP metadata, the AuthnRequest that leaves by HTTP-Redirect, and the
identity a posted Response carries once it has passed every check (its Assertion ID remembered,
so that it is accepted once).

The package: `xml` reads a stranger's XML, `idp_metadata` the metadata an owner pastes,
`messages` builds what the service sends (pysaml2), `signature` verifies (signxml), `response`
checks the protocol's rules on what was signed; `models` and `routes` as in every section."""
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError

from core.db import db
from sections.sso.oidc import Identity
from sections.sso.saml import idp_metadata, messages, response
from sections.sso.saml.models import SamlAcceptedAssertion
from sections.sso.saml.xml import SamlRejected

__all__ = ["SamlRejected", "certificates_answer", "configure", "identify", "metadata",
           "redirect"]


def configure(connection, xml: str) -> None:
    """The connection's SAML fields from `idpMetadataXml` (400 naming it when unusable)."""
    parsed = idp_metadata.parse_idp_metadata(xml)
    connection.saml_idp_entity_id = parsed.entity_id
    connection.saml_idp_sso_url = parsed.sso_url
    connection.saml_certificates = [{"der": der, **idp_metadata.describe_certificate(der)}
                                    for der in parsed.certificates]
    connection.saml_metadata_xml = xml


def certificates_answer(connection) -> list[dict]:
    """The certificates as answered: fingerprint and end of validity (a datetime)."""
    return [{"sha256Fingerprint": c["sha256Fingerprint"],
             "notAfter": datetime.fromisoformat(c["notAfter"].replace("Z", "+00:00"))}
            for c in connection.saml_certificates or []]


def redirect(connection, relay_state: str) -> tuple[str, str]:
    """(the AuthnRequest's ID, the IdP's URL carrying it and `relay_state`)."""
    return messages.authn_request(connection.id, connection.saml_idp_sso_url, relay_state)


def metadata(connection_id: str) -> bytes:
    """The service provider's metadata for the connection."""
    return messages.sp_metadata(connection_id)


def identify(connection, request_id: str | None, posted) -> Identity:
    """Who the posted SAMLResponse signs in, once: SamlRejected for anything E4.2 refuses.
    `request_id` None: an IdP-initiated Response (it must carry no InResponseTo)."""
    ends = messages.endpoints(connection.id)
    found = response.validate(response.decode(posted), response.Expected(
        request_id=request_id, acs_url=ends.acs_url, sp_entity_id=ends.sp_entity_id,
        idp_entity_id=connection.saml_idp_entity_id,
        certificates=tuple(c["der"] for c in connection.saml_certificates or [])))
    _remember(connection.id, found)
    return Identity(subject=found.name_id, email=found.email, name=found.name)


def _remember(connection_id: str, found: response.SamlIdentity) -> None:
    """Accept the Assertion ID once per connection (a unique index: also for two at once)."""
    row = SamlAcceptedAssertion(
        connection_id=connection_id, assertion_id=found.assertion_id[:256],
        expires_at=found.not_on_or_after + timedelta(seconds=response.SKEW))
    try:
        with db.session.begin_nested():
            db.session.add(row)
    except IntegrityError:
        raise SamlRejected("This Assertion was accepted before (a replay)") from None
