"""OAuth sign-in with GitHub and Google (contract section 5): the pending request, the
callback, the account it signs in to and the one-time exchange code."""
import logging
from dataclasses import dataclass
from datetime import timedelta

from authlib.common.errors import AuthlibBaseError
from flask import current_app
from joserfc.errors import JoseError
from requests import RequestException
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from core import clock, tokens
from core.db import db
from core.outcomes import InvalidToken, Outcome
from sections.auth.models import OAuthIdentity, OAuthState, User
from sections.auth.outcomes import OAuthError, ProviderUnavailable, TotpRequired
from sections.auth.services import accounts, one_time, redirects, two_factor
from sections.auth.services.oauth_providers import NAMES, PROFILES, Profile, client

log = logging.getLogger(__name__)

CALLBACK_PATH = "/api/auth/callback/{provider}"
STATE_LIFETIME = timedelta(minutes=10)  # time to consent at the provider
CODE_LIFETIME = timedelta(seconds=60)
OAUTH_CODE = "oauth_code"
MAX_STATE, MAX_CODE = 512, 2048


class OAuthFailure(Exception):
    """The flow cannot go on. With a known `redirect_url` the browser goes back there with
    `error=<error>`; otherwise the answer is the outcome `refusal` (OAuthError) with `message`."""

    def __init__(self, error, message, redirect_url=None, *,
                 refusal: type[Outcome] = OAuthError):
        super().__init__(message)
        self.error, self.message, self.redirect_url = error, message, redirect_url
        self.refusal = refusal


@dataclass(frozen=True)
class Pending:
    """A spent authorization request: what the callback needs from it."""

    provider: str
    code_verifier: str
    nonce: str | None
    redirect_url: str | None


def callback_url(provider: str) -> str:
    # From API_BASE_URL, never from the request's Host header: it is the URL registered at
    # the provider, and a forged Host must not choose where the code is sent.
    return current_app.config["API_BASE_URL"].rstrip("/") + CALLBACK_PATH.format(provider=provider)


def authorization_url(provider: str, redirect_url: str | None, browser_key: str) -> str:
    """Store a pending request and return the provider's URL; the caller commits."""
    remote = client(provider)
    if redirect_url is not None:
        redirects.require_allowed(redirect_url)  # the magic link's allow-list (section 5)
    try:
        # A random `state`, a PKCE S256 challenge (RFC 7636) and, for OpenID Connect, a nonce.
        authorization = remote.create_authorization_url(callback_url(provider))
    except (AuthlibBaseError, RequestException, RuntimeError, ValueError) as exc:
        log.warning("%s: no authorization URL (discovery document unavailable?): %s",
                    provider, exc)
        raise OAuthFailure("temporarily_unavailable",
                           f"{NAMES[provider]} cannot be reached; try again later", redirect_url,
                           refusal=ProviderUnavailable) from None
    db.session.add(OAuthState(
        provider=provider, state_hash=tokens.digest(authorization["state"]),
        browser_hash=tokens.digest(browser_key), code_verifier=authorization["code_verifier"],
        nonce=authorization.get("nonce"), redirect_url=redirect_url,
        expires_at=clock.utcnow() + STATE_LIFETIME))
    return authorization["url"]


def take_state(provider: str, state, browser_key) -> Pending:
    """Spend the pending request named by `state`; the caller commits before going on."""
    client(provider)
    row = None
    if isinstance(state, str) and 0 < len(state) <= MAX_STATE:
        row = db.session.execute(select(OAuthState).where(
            OAuthState.state_hash == tokens.digest(state))).scalar_one_or_none()
    if row is None or not tokens.matches(state, row.state_hash) or row.expires_at <= clock.utcnow():
        raise OAuthFailure("invalid_state", "Unknown, used or expired state; sign in again")
    pending = Pending(provider, row.code_verifier, row.nonce, row.redirect_url)
    bound = isinstance(browser_key, str) and tokens.matches(browser_key, row.browser_hash)
    if row.provider != provider or not bound:
        # RFC 6749 section 10.12: a callback from another browser is a login CSRF attempt.
        raise OAuthFailure("invalid_state", "This sign-in was started in another browser",
                           pending.redirect_url)
    if db.session.execute(delete(OAuthState).where(OAuthState.id == row.id)).rowcount != 1:
        raise OAuthFailure("invalid_state", "This sign-in has already been completed",
                           pending.redirect_url)
    return pending


def complete(pending: Pending, args: dict) -> User:
    """Exchange the provider's code, read the profile and find or make the account."""
    provider, name = pending.provider, NAMES[pending.provider]
    if args.get("error"):
        log.info("%s answered the callback with error %r", provider, args["error"][:100])
        denied = args["error"] == "access_denied"
        raise OAuthFailure("access_denied" if denied else "provider_error",
                           f"The sign-in was cancelled at {name}" if denied
                           else f"{name} refused the sign-in", pending.redirect_url)
    code = args.get("code")
    if not code or len(code) > MAX_CODE:
        raise OAuthFailure("provider_error", "The callback carries no authorization code",
                           pending.redirect_url)
    remote = client(provider)
    try:
        token = remote.fetch_access_token(redirect_uri=callback_url(provider), code=code,
                                          code_verifier=pending.code_verifier)
        profile = PROFILES[provider](remote, token, pending.nonce)
    except (AuthlibBaseError, JoseError, RequestException, ValueError, KeyError,
            TypeError) as exc:
        log.warning("%s sign-in failed: %s: %s", provider, type(exc).__name__, exc)
        raise OAuthFailure("provider_error", f"The sign-in with {name} could not be completed",
                           pending.redirect_url) from None
    return account_for(profile, pending.redirect_url)


def account_for(profile: Profile, redirect_url: str | None) -> User:
    """The linked account, else the one with this verified e-mail, else a new one."""
    identity = _identity(profile)
    if identity is not None:
        return identity.user
    if not profile.email_verified:
        # An address the provider did not verify never links to an account (contract
        # section 5), nor makes one that would block its real owner's sign-up.
        raise OAuthFailure("email_not_verified",
                           f"{NAMES[profile.provider]} has no verified e-mail address for this "
                           "account", redirect_url)
    user = accounts.by_email(profile.email)
    if user is None:
        user = User(email=profile.email, name=profile.name, image=profile.image,
                    email_verified=True)
        db.session.add(user)
    else:
        accounts.claim_address(user)
    user.name = user.name or profile.name
    user.image = user.image or profile.image
    db.session.add(OAuthIdentity(provider=profile.provider, provider_user_id=profile.user_id,
                                 user=user))
    try:
        db.session.flush()
    except IntegrityError:
        # A concurrent callback of the same person made the account or the link first.
        db.session.rollback()
        identity = _identity(profile)
        if identity is None:
            raise
        return identity.user
    return user


def _identity(profile: Profile) -> OAuthIdentity | None:
    return db.session.execute(select(OAuthIdentity).where(
        OAuthIdentity.provider == profile.provider,
        OAuthIdentity.provider_user_id == profile.user_id)).scalar_one_or_none()


def check_direct_sign_in(user: User) -> None:
    """May the callback itself sign `user` in (no redirectUrl)? With two-factor on there is
    no way to ask for the code here, so the client must use the code exchange."""
    try:
        two_factor.check_sign_in(user, None)
    except TotpRequired:
        raise TotpRequired("Two-factor authentication is on: start the sign-in with a "
                           "redirectUrl and send totpCode with the code to "
                           "POST /api/auth/oauth/token") from None


def issue_code(user: User, provider: str) -> str:
    """The one-time code for the client's redirect: 60 s, single use, stored hashed. Its
    purpose names the provider, for the sign-in's `method` in the security log."""
    return one_time.issue(f"{OAUTH_CODE}_{provider}", CODE_LIFETIME, user=user)


def redeem_code(code: str, totp_code: str | None) -> tuple[User, str]:
    """(user, provider) of a one-time code; spent only once the second factor passed."""
    row = one_time.find(tuple(f"{OAUTH_CODE}_{name}" for name in NAMES), code)
    if row is None:
        raise invalid_code()
    two_factor.check_sign_in(row.user, totp_code)
    if not one_time.spend(row):
        raise invalid_code()
    return row.user, row.purpose.removeprefix(f"{OAUTH_CODE}_")


def invalid_code() -> InvalidToken:
    return InvalidToken("Invalid, used or expired code")
