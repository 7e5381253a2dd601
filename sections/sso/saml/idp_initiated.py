"""IdP-initiated SAML (extensions.md E4.2): a sign-in started from the company's portal tile,
whose Response answers no AuthnRequest. A connection refuses it until its owner allows it
(`saml.idpInitiated: {allowed, redirectUrl}`); then such a Response passes every rule a solicited
one does but `InResponseTo` (which it must not carry), the replay rule included, and completes
with the connection's `redirectUrl` and a one-time code.

What the owner accepts by allowing it is a login CSRF: nothing ties the posted Response to a
browser that asked for it, so a valid Response of another person of the company, posted to a
victim's browser, signs the victim in as that person (docs/how-to/sso-okta.md says so)."""
from flask import current_app

from core.db import db
from core.outcomes import Invalid
from core.policy import is_id
from sections.auth.services import redirects
from sections.sso.models import ACTIVE, SAML, SsoConnection
from sections.sso.saml import response
from sections.sso.saml.xml import NS, SamlRejected, parse

FIELD = "idpInitiated"


def answer(connection: SsoConnection) -> dict:
    """The Connection's `saml.idpInitiated`."""
    return {"allowed": bool(connection.saml_idp_initiated),
            "redirectUrl": connection.saml_idp_initiated_redirect_url}


def change(connection: SsoConnection, data: dict) -> dict | None:
    """Apply a PATCH's `idpInitiated` (a member left out keeps its value): {"from", "to"} when
    it changed the setting, else None. `allowed` true needs a `redirectUrl` on an allowed
    origin; any `redirectUrl` sent must be on one (400 naming idpInitiated)."""
    before = answer(connection)
    after = {**before, **data}
    url = after["redirectUrl"]
    # Turning it off always works, also when the stored URL's origin is no longer allowed.
    checked = data.get("redirectUrl") is not None or after["allowed"]
    if checked and url is not None and not redirects.is_allowed(
            url, current_app.config["ALLOWED_REDIRECT_ORIGINS"]):
        raise Invalid("idpInitiated.redirectUrl must be an absolute http(s) URL on an origin "
                      "listed in the ALLOWED_REDIRECT_ORIGINS setting", field=FIELD)
    if after["allowed"] and url is None:
        raise Invalid("idpInitiated.allowed needs a redirectUrl", field=FIELD)
    if after == before:
        return None
    connection.saml_idp_initiated = after["allowed"]
    connection.saml_idp_initiated_redirect_url = url
    return {"from": before, "to": after}


def unsolicited(document: bytes) -> bool:
    """Whether a Response names no request: no `InResponseTo` on the Response nor on any
    bearer confirmation. Read before any signature is checked, so it only chooses which rules
    apply: both kinds are then checked in full."""
    root = parse(document, limit=response.LIMIT, what="SAMLResponse")
    return root.get("InResponseTo") is None and all(
        data.get("InResponseTo") is None
        for data in root.iterfind("saml:Assertion/saml:Subject/saml:SubjectConfirmation/"
                                  "saml:SubjectConfirmationData", NS))


def allowing(connection_id: str, posted) -> SsoConnection | None:
    """The ACTIVE SAML connection `connection_id` when it allows IdP-initiated sign-in and the
    posted SAMLResponse names no request; else None (the post is then checked as the answer to
    a request, and refused as such when it is not one)."""
    connection = db.session.get(SsoConnection, connection_id) if is_id(connection_id) else None
    if (connection is None or connection.type != SAML or connection.status != ACTIVE
            or not connection.saml_idp_initiated):
        return None
    try:
        return connection if unsolicited(response.decode(posted)) else None
    except SamlRejected:
        return None


def redirect_url(connection: SsoConnection) -> str | None:
    """Where the sign-in completes: the connection's redirectUrl while its origin is still
    allowed (the setting can change after the PATCH checked it), else None."""
    url = connection.saml_idp_initiated_redirect_url
    allowed = current_app.config["ALLOWED_REDIRECT_ORIGINS"]
    return url if url is not None and redirects.is_allowed(url, allowed) else None
