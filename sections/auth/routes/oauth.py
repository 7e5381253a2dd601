"""OAuth sign-in with GitHub and Google: the redirect, the callback and the code exchange."""
from flask import redirect
from flask import session as cookie

from core import mail, tokens
from core.db import db
from sections.auth.routes import blp, signed_in
from sections.auth.schemas.auth import (
    AuthResultSchema,
    OAuthCallbackSchema,
    OAuthStartSchema,
    OAuthTokenSchema,
)
from sections.auth.services import federation, oauth
from sections.auth.sign_in_metrics import counted

PROVIDER = "<any(github, google):provider>"
BROWSER_KEY = "oauth_browser"
NOT_CONFIGURED = (404, "OAUTH_PROVIDER_NOT_CONFIGURED: no client id and secret for this provider")


def browser_key() -> str:
    """A random key in the signed session cookie that ties a callback to its browser."""
    if BROWSER_KEY not in cookie:
        cookie[BROWSER_KEY] = tokens.new_token()
    return cookie[BROWSER_KEY]


def refuse(failure: federation.SignInFailure):
    """Send the browser back to the client with `error=`, or answer the error itself."""
    db.session.rollback()
    if failure.redirect_url:
        return redirect(mail.with_query(failure.redirect_url, error=failure.error))
    raise failure.refusal(failure.message) from None


@blp.get(f"/oauth/{PROVIDER}")
@blp.doc(operationId="startOAuth")
@blp.arguments(OAuthStartSchema, location="query")
@blp.response(302, description="To the provider's consent page, with state and PKCE (S256)")
@blp.errors((400, "VALIDATION_ERROR: redirectUrl not on an allowed origin"), NOT_CONFIGURED,
            (502, "OAUTH_PROVIDER_UNAVAILABLE: discovery document unreachable"))
def start_oauth(args, provider):
    """Redirect to the provider to sign in."""
    try:
        url = oauth.authorization_url(provider, args.get("redirectUrl"), browser_key())
    except federation.SignInFailure as failure:
        return refuse(failure)
    db.session.commit()
    return redirect(url)


@blp.get(f"/callback/{PROVIDER}")
@blp.doc(operationId="completeOAuth")
@blp.arguments(OAuthCallbackSchema, location="query")
@blp.response(200, AuthResultSchema, description="Signed in (started without redirectUrl)")
@blp.alt_response(302, description="To redirectUrl with `code` (exchange it at /oauth/token) "
                                   "or with `error`")
@blp.errors((400, "OAUTH_ERROR: bad state, provider error or no verified e-mail"),
            (401, "TOTP_REQUIRED: two-factor is on; use redirectUrl and the code exchange"),
            (403, "USER_BANNED"), NOT_CONFIGURED)
@counted("oauth")
def oauth_callback(args, provider):
    """Complete the sign-in the provider redirects back with."""
    try:
        pending = oauth.take_state(provider, args.get("state"), cookie.get(BROWSER_KEY))
        db.session.commit()  # spent before the provider is called: a replay finds nothing
        user = oauth.complete(pending, args)
    except federation.SignInFailure as failure:
        return refuse(failure)
    if pending.redirect_url is None:
        oauth.check_direct_sign_in(user)
        return signed_in(user, f"oauth_{provider}")
    code = federation.issue_code(user, pending)
    db.session.commit()
    return redirect(mail.with_query(pending.redirect_url, code=code))


@blp.post("/oauth/token")
@blp.doc(operationId="exchangeOAuthCode")
@blp.arguments(OAuthTokenSchema)
@blp.response(200, AuthResultSchema)
@blp.errors((400, "INVALID_TOKEN (unknown, used or expired code) or VALIDATION_ERROR"),
            (401, "TOTP_REQUIRED or INVALID_TOTP"), (403, "USER_BANNED"), (429, "RATE_LIMITED"))
@counted("oauth")
def exchange_oauth_code(data):
    """Exchange the one-time code of an OAuth redirect for a session."""
    user, provider = oauth.redeem_code(data["code"], data.get("totpCode"))
    return signed_in(user, f"oauth_{provider}")
