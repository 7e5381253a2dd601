"""Signing in with single sign-on under /api/auth (extensions.md E4.2): the redirect to the
identity provider, the OIDC callback and the exchange of the redirect's one-time code."""
from flask import redirect

from core import mail
from core.blueprint import ApiBlueprint
from core.db import db
from core.errors import AUTH
from sections.auth.routes import signed_in
from sections.auth.routes.oauth import refuse
from sections.auth.schemas.auth import AuthResultSchema, OAuthCallbackSchema
from sections.auth.services.federation import SignInFailure, issue_code
from sections.auth.sign_in_metrics import counted
from sections.sso import signin
from sections.sso.schemas import SsoStartSchema, SsoTokenSchema

blp = ApiBlueprint("sso", __name__, url_prefix="/api/auth", envelope=AUTH,
                   description="Signing in with a project's identity provider (E4.2)")


def finish(user, connection, pending):
    """Signed in: the session at once, or a redirect carrying a one-time code."""
    if pending.redirect_url is None:
        return signed_in(user, "sso", sso=(connection.id, connection.project_id))
    code = issue_code(user, pending)
    db.session.commit()
    return redirect(mail.with_query(pending.redirect_url, code=code))


@blp.get("/sso")
@blp.doc(operationId="startSso")
@blp.arguments(SsoStartSchema, location="query")
@blp.response(302, description="To the identity provider, with a single-use state")
@blp.errors((400, "VALIDATION_ERROR: a malformed email, neither or both of email and "
                  "connectionId, or a redirectUrl not on an allowed origin"),
            (404, "SSO_NOT_CONFIGURED: no ACTIVE connection for the address or id"))
def start_sso(args):
    """Redirect to the identity provider of an address's project, or of a connection."""
    url = signin.start(args.get("email"), args.get("connectionId"), args.get("redirectUrl"))
    db.session.commit()
    return redirect(url)


@blp.get("/sso/oidc/callback")
@blp.doc(operationId="completeOidcSso")
@blp.arguments(OAuthCallbackSchema, location="query")
@blp.response(200, AuthResultSchema, description="Signed in (started without redirectUrl)")
@blp.alt_response(302, description="To redirectUrl with `code` (exchange it at "
                                   "/api/auth/sso/token) or with error=sso_error")
@blp.errors((400, "SSO_ERROR: a bad or used state, the provider's refusal, an ID token that "
                  "does not verify, an address outside the project's verified domains"),
            (403, "USER_BANNED"),
            (502, "SSO_PROVIDER_UNAVAILABLE: the provider cannot be reached"))
@counted("sso")
def complete_oidc_sso(args):
    """Complete the sign-in the OIDC provider redirects back with."""
    try:
        pending = signin.take_state(args.get("state"))
        db.session.commit()  # spent before the provider is called: a replay finds nothing
        user, connection = signin.complete_oidc(pending, args)
    except SignInFailure as failure:
        return refuse(failure)
    return finish(user, connection, pending)


@blp.post("/sso/token")
@blp.doc(operationId="exchangeSsoCode")
@blp.arguments(SsoTokenSchema)
@blp.response(200, AuthResultSchema)
@blp.errors((400, "INVALID_TOKEN (unknown, used or expired code) or VALIDATION_ERROR"),
            (403, "USER_BANNED"))
@counted("sso")
def exchange_sso_code(data):
    """Exchange the one-time code of an SSO redirect for a session."""
    user, connection = signin.redeem_code(data["code"])
    return signed_in(user, "sso", sso=(connection.id, connection.project_id))
