"""Sign-in with GitHub and Google (contract section 5): who signed in, by Authlib's client of
the provider; the pending request, the account and the one-time code are the federation
path's (services/federation.py)."""
import logging

from authlib.common.errors import AuthlibBaseError
from flask import current_app
from joserfc.errors import JoseError
from requests import RequestException

from sections.auth.models import User
from sections.auth.outcomes import OAuthError, ProviderUnavailable, TotpRequired
from sections.auth.services import federation, redirects, two_factor
from sections.auth.services.oauth_providers import NAMES, PROFILES, client

log = logging.getLogger(__name__)

CALLBACK_PATH = "/api/auth/callback/{provider}"
MAX_CODE = 2048
fail = federation.failing(OAuthError)  # `error=` names each failure (docs/how-to/oauth.md)


def callback_url(provider: str) -> str:
    # From API_BASE_URL, never from the request's Host header: it is the URL registered at
    # the provider, and a forged Host must not choose where the code is sent.
    return current_app.config["API_BASE_URL"].rstrip("/") + CALLBACK_PATH.format(provider=provider)


def authorization_url(provider: str, redirect_url: str | None, browser_key: str) -> str:
    """Store a pending sign-in and return the provider's URL; the caller commits."""
    remote = client(provider)
    if redirect_url is not None:
        redirects.require_allowed(redirect_url)  # the magic link's allow-list (section 5)
    try:
        # A random `state`, a PKCE S256 challenge (RFC 7636) and, for OpenID Connect, a nonce.
        authorization = remote.create_authorization_url(callback_url(provider))
    except (AuthlibBaseError, RequestException, RuntimeError, ValueError) as exc:
        log.warning("%s: no authorization URL (discovery document unavailable?): %s",
                    provider, exc)
        raise federation.SignInFailure(
            "temporarily_unavailable", f"{NAMES[provider]} cannot be reached; try again later",
            redirect_url, ProviderUnavailable) from None
    federation.begin(provider, authorization["state"], redirect_url, browser_key=browser_key,
                     nonce=authorization.get("nonce"),
                     code_verifier=authorization["code_verifier"])
    return authorization["url"]


def take_state(provider: str, state, browser_key) -> federation.Pending:
    """Spend the pending sign-in named by `state` (404 when the provider is not configured)."""
    client(provider)
    return federation.take(state, provider, fail, browser_key)


def complete(pending: federation.Pending, args: dict) -> User:
    """Exchange the provider's code, read who signed in and find or make the account."""
    provider, name = pending.provider, NAMES[pending.provider]
    if args.get("error"):
        log.info("%s answered the callback with error %r", provider, args["error"][:100])
        denied = args["error"] == "access_denied"
        raise fail("access_denied" if denied else "provider_error",
                   f"The sign-in was cancelled at {name}" if denied
                   else f"{name} refused the sign-in", pending.redirect_url)
    code = args.get("code")
    if not code or len(code) > MAX_CODE:
        raise fail("provider_error", "The callback carries no authorization code",
                   pending.redirect_url)
    remote = client(provider)
    try:
        token = remote.fetch_access_token(redirect_uri=callback_url(provider), code=code,
                                          code_verifier=pending.code_verifier)
        identity = PROFILES[provider](remote, token, pending)
    except (AuthlibBaseError, JoseError, RequestException, ValueError, KeyError,
            TypeError) as exc:
        log.warning("%s sign-in failed: %s: %s", provider, type(exc).__name__, exc)
        raise fail("provider_error", f"The sign-in with {name} could not be completed",
                   pending.redirect_url) from None
    return federation.account_for(identity, pending.redirect_url, fail)


def check_direct_sign_in(user: User) -> None:
    """May the callback itself sign `user` in (no redirectUrl)? With two-factor on there is
    no way to ask for the code here, so the client must use the code exchange."""
    try:
        two_factor.check_sign_in(user, None)
    except TotpRequired:
        raise TotpRequired("Two-factor authentication is on: start the sign-in with a "
                           "redirectUrl and send totpCode with the code to "
                           "POST /api/auth/oauth/token") from None


def redeem_code(code: str, totp_code: str | None) -> tuple[User, str]:
    """(user, provider) of a one-time code; spent only once the second factor passed."""
    redeemed = federation.redeem_code(
        code, tuple(NAMES), check=lambda user, _: two_factor.check_sign_in(user, totp_code))
    return redeemed.user, redeemed.provider

