"""A SAML connection's own endpoints under /api/auth/sso/saml/{connectionId} (extensions.md
E4.2): the assertion consumer the identity provider's page posts to (a form, not JSON) and the
service's metadata (XML, no bearer): the two exceptions to the JSON-only rule."""
import logging

from flask import Response
from marshmallow import EXCLUDE, Schema, fields

from core.blueprint import ApiBlueprint
from core.db import db
from core.errors import AUTH
from core.outcomes import NotFound
from core.pipeline import takes_form
from core.policy import is_id
from sections.auth.models import SSO
from sections.auth.routes.oauth import refuse
from sections.auth.schemas.auth import AuthResultSchema
from sections.auth.services.federation import Pending, SignInFailure
from sections.auth.sign_in_metrics import counted
from sections.sso import saml, signin
from sections.sso.models import SAML, SsoConnection
from sections.sso.saml import idp_initiated
from sections.sso.saml.messages import METADATA_TYPE
from sections.sso.signin_routes import finish

log = logging.getLogger(__name__)

blp = ApiBlueprint("sso_saml", __name__, url_prefix="/api/auth/sso/saml", envelope=AUTH,
                   description="A SAML connection's assertion consumer and metadata (E4.2)")


class AcsFormSchema(Schema):
    """The HTTP-POST binding's form. Both fields are optional here: a post without one still
    spends the RelayState it names (E4.2), then is refused."""

    class Meta:
        unknown = EXCLUDE

    SAMLResponse = fields.String(metadata={"description": "The Response, base64-encoded"})
    RelayState = fields.String(metadata={"description": "As sent with the AuthnRequest"})


def saml_connection(connection_id: str) -> SsoConnection:
    connection = db.session.get(SsoConnection, connection_id) if is_id(connection_id) else None
    if connection is None or connection.type != SAML:
        raise NotFound("No such SAML connection")
    return connection


@blp.get("/<connection_id>/metadata")
@blp.doc(operationId="getSamlServiceProviderMetadata", responses={200: {
    "description": "The service provider's SAML metadata",
    "content": {METADATA_TYPE: {"schema": {"type": "string"}}}}})
@blp.errors((404, "NOT_FOUND: no SAML connection with this id"))
def saml_metadata(connection_id):
    """The service's SAML metadata for the connection (entity ID, ACS), for the provider."""
    return Response(saml.metadata(saml_connection(connection_id).id), mimetype=METADATA_TYPE)


@blp.post("/<connection_id>/acs")
@takes_form
@blp.doc(operationId="completeSamlSso")
@blp.arguments(AcsFormSchema, location="form",
               content_type="application/x-www-form-urlencoded")
@blp.response(200, AuthResultSchema, description="Signed in (started without redirectUrl)")
@blp.alt_response(302, description="To redirectUrl with `code` (exchange it at "
                                   "/api/auth/sso/token) or with error=sso_error")
@blp.errors((400, "SSO_ERROR: an unknown or used RelayState (or an IdP-initiated Response "
                  "the connection does not allow), or a Response that fails a check "
                  "(signature, audience, recipient, destination, times, replay, status) or "
                  "names an address outside the project's verified domains"),
            (403, "USER_BANNED"))
@counted("sso")
def complete_saml_sso(form, connection_id):
    """The assertion consumer: the identity provider's page posts SAMLResponse and RelayState
    (an IdP-initiated Response, answering no request, where the connection allows it)."""
    connection = idp_initiated.allowing(connection_id, form.get("SAMLResponse"))
    if connection is not None:
        return complete_unsolicited(connection, form)
    try:
        pending = signin.take_state(form.get("RelayState"))
        db.session.commit()  # spent by this first post, whatever comes next
        user, connection = complete(pending, connection_id, form.get("SAMLResponse"))
    except SignInFailure as failure:
        db.session.rollback()
        return refuse(failure)
    return finish(user, connection, pending)


def complete(pending, connection_id: str, posted):
    connection = signin.live_connection(pending)
    if (connection.type != SAML or connection.id != connection_id
            or pending.request_id is None):
        raise signin.failure("This RelayState belongs to another sign-in", pending.redirect_url)
    try:
        identity = saml.identify(connection, pending.request_id, posted)
    except saml.SamlRejected as exc:
        log.info("sso connection %s: SAML response refused: %s", connection.id, exc)
        raise signin.failure(f"The SAML response is not accepted: {exc}",
                             pending.redirect_url) from None
    return signin.account_for(connection, identity, pending.redirect_url), connection


def complete_unsolicited(connection, form):
    """An IdP-initiated sign-in: every check but InResponseTo, completed with the connection's
    redirectUrl. A RelayState naming a pending sign-in is spent all the same (E4.2: the first
    post consumes it); any other RelayState (a provider's default one) is not read."""
    signin.spend_state(form.get("RelayState"))
    pending = Pending(SSO, connection.id, None, None, None,
                      idp_initiated.redirect_url(connection))
    try:
        if pending.redirect_url is None:
            raise signin.failure("The connection's IdP-initiated redirectUrl is no longer on an "
                                 "allowed origin", None)
        try:
            identity = saml.identify(connection, None, form.get("SAMLResponse"))
        except saml.SamlRejected as exc:
            log.info("sso connection %s: IdP-initiated SAML response refused: %s",
                     connection.id, exc)
            raise signin.failure(f"The SAML response is not accepted: {exc}",
                                 pending.redirect_url) from None
        user = signin.account_for(connection, identity, pending.redirect_url)
    except SignInFailure as failure:
        db.session.rollback()
        return refuse(failure)
    return finish(user, connection, pending)
