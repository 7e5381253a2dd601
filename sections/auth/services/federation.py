"""The one path of every sign-in through an identity provider (GitHub and Google, contract
section 5; a project's OIDC or SAML connection, extensions.md E4.2): the pending sign-in between
the redirect and the provider's answer, the account an identity signs in to (linked, else the
one with its address, claimed and linked, else a new one), and the one-time code of a
redirect. A sign-in method only says who signed in (an `Identity`) and calls this."""
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from core import clock, tokens
from core.db import db, new_id
from core.fields import storable
from core.outcomes import InvalidToken, Outcome
from sections.auth.models import LinkedIdentity, PendingSignIn, User
from sections.auth.services import accounts

log = logging.getLogger(__name__)

STATE_LIFETIME = timedelta(minutes=10)  # time to sign in at the provider (E4.2: 10 minutes)
CODE_LIFETIME = timedelta(seconds=60)  # the redirect's one-time code (contract section 5)
MAX_STATE = 512  # characters of a state or code that can be one of ours at all
MAX_SUBJECT = 255  # characters of the provider's identity (a user id, a sub, a NameID)
MAX_NAME = 255  # characters of the account's name


class SignInFailure(Exception):
    """The sign-in cannot go on. With a known `redirect_url` the browser goes back there with
    `error=<error>`; otherwise the answer is the method's outcome `refusal` with `message`."""

    def __init__(self, error: str, message: str, redirect_url: str | None,
                 refusal: type[Outcome]):
        super().__init__(message)
        self.error, self.message, self.redirect_url = error, message, redirect_url
        self.refusal = refusal


# How a method says its failures: fail(error, message, redirect_url) -> SignInFailure.
Fail = Callable[[str, str, str | None], SignInFailure]


def failing(refusal: type[Outcome], error: str | None = None) -> Fail:
    """A method's way to fail: its outcome, and one `error=` for every failure when given
    (single sign-on's `sso_error`), else the error each failure names."""
    return lambda name, message, url: SignInFailure(error or name, message, url, refusal)


@dataclass(frozen=True)
class Identity:
    """Who an identity provider says signed in, as it says it: checked here."""

    provider: str  # models.GITHUB, GOOGLE or SSO
    subject: str
    email: str | None  # the address the provider vouches for, by the one address rule
    name: str | None = None
    image: str | None = None
    connection_id: str | None = None  # the SSO connection that vouches


@dataclass(frozen=True)
class Pending:
    """A spent pending sign-in: what the provider's answer is checked against."""

    provider: str
    connection_id: str | None
    nonce_hash: str | None
    code_verifier: str | None
    request_id: str | None
    redirect_url: str | None


# --- the redirect and the provider's answer ---

def begin(provider: str, state: str, redirect_url: str | None, *,
          connection_id: str | None = None, browser_key: str | None = None,
          nonce: str | None = None, code_verifier: str | None = None,
          request_id: str | None = None) -> None:
    """Store the pending sign-in that `state` names (the caller commits; it has checked that
    `redirect_url` is on an allowed origin first: `redirects.require_allowed`)."""
    now = clock.utcnow()
    db.session.add(PendingSignIn(
        id=new_id(), state_hash=tokens.digest(state), provider=provider,
        connection_id=connection_id,
        browser_hash=None if browser_key is None else tokens.digest(browser_key),
        nonce_hash=None if nonce is None else tokens.digest(nonce), code_verifier=code_verifier,
        request_id=request_id, redirect_url=redirect_url, created_at=now,
        expires_at=now + STATE_LIFETIME))


def take(state, provider: str, fail: Fail, browser_key=None) -> Pending:
    """Spend the pending sign-in named by `state` (single use whatever comes next, also for two
    answers at once: a conditional DELETE); the caller commits before going on."""
    row = _found(state, PendingSignIn.user_id.is_(None))
    if row is None:
        raise fail("invalid_state", "Unknown, used or expired state; sign in again", None)
    pending = Pending(row.provider, row.connection_id, row.nonce_hash, row.code_verifier,
                      row.request_id, row.redirect_url)
    if row.provider != provider:
        raise fail("invalid_state", "This state belongs to another kind of sign-in", None)
    if row.browser_hash is not None and not (
            isinstance(browser_key, str) and tokens.matches(browser_key, row.browser_hash)):
        # RFC 6749 section 10.12: a callback from another browser is a login CSRF attempt.
        raise fail("invalid_state", "This sign-in was started in another browser",
                   pending.redirect_url)
    if not _spent(row):
        raise fail("invalid_state", "This sign-in has already been completed",
                   pending.redirect_url)
    return pending


def nonce_matches(pending: Pending, nonce) -> bool:
    """Whether an ID token's `nonce` is the one this sign-in sent (OpenID Connect Core 3.1.3.7)."""
    return (pending.nonce_hash is not None and isinstance(nonce, str)
            and tokens.matches(nonce, pending.nonce_hash))


def _found(secret, *where) -> PendingSignIn | None:
    if not isinstance(secret, str) or not 0 < len(secret) <= MAX_STATE:
        return None
    row = db.session.execute(select(PendingSignIn).where(
        PendingSignIn.state_hash == tokens.digest(secret), *where)).scalar_one_or_none()
    if row is None or not tokens.matches(secret, row.state_hash) \
            or row.expires_at <= clock.utcnow():
        return None
    return row


def _spent(row: PendingSignIn) -> bool:
    return db.session.execute(delete(PendingSignIn).where(PendingSignIn.id == row.id)
                              .execution_options(synchronize_session=False)).rowcount == 1


# --- the account ---

def account_for(identity: Identity, redirect_url: str | None, fail: Fail) -> User:
    """The account the identity signs in to: the one linked to it, else the one with its
    address (claimed as contract section 3 says, and linked; its address becomes verified),
    else a new one. The method has checked what the provider may vouch for: `email` is None
    when it vouches for no address, and no account is then found or made by address."""
    subject = identity.subject
    if not isinstance(subject, str) or not 0 < len(subject) <= MAX_SUBJECT \
            or not subject.isprintable() or not storable(subject):
        raise fail("provider_error", "The identity provider's answer names no usable identity",
                   redirect_url)
    user = linked(identity)
    if user is not None:
        return user
    if identity.email is None:
        raise fail("email_not_verified", "The identity provider vouches for no e-mail address "
                   "of this account", redirect_url)
    return _link(identity)


def linked(identity: Identity) -> User | None:
    where = (LinkedIdentity.connection_id == identity.connection_id
             if identity.connection_id is not None
             else (LinkedIdentity.provider == identity.provider)
             & LinkedIdentity.connection_id.is_(None))
    return db.session.execute(
        select(User).join(LinkedIdentity, LinkedIdentity.user_id == User.id)
        .where(where, LinkedIdentity.subject == identity.subject)).scalar_one_or_none()


def shown(text: str | None, limit: int = MAX_NAME) -> str | None:
    """A provider's text shown as the account's (a name): printable characters only, capped."""
    if not isinstance(text, str):
        return None
    return "".join(c for c in text if c.isprintable()).strip()[:limit] or None


def _link(identity: Identity) -> User:
    name = shown(identity.name)
    try:
        # A savepoint: what the transaction holds before it stays (a SAML Assertion's ID,
        # remembered against replays) when only the link is undone.
        with db.session.begin_nested():
            user = accounts.by_email(identity.email)
            if user is None:
                user = User(id=new_id(), email=identity.email, name=name,
                            image=identity.image, email_verified=True)
                db.session.add(user)
            else:
                accounts.claim_address(user)  # contract section 3: an unproven owner's setup goes
                user.name = user.name or name
                user.image = user.image or identity.image
            db.session.flush()  # the account first: the link names it
            db.session.add(LinkedIdentity(provider=identity.provider,
                                          connection_id=identity.connection_id,
                                          subject=identity.subject, user_id=user.id))
    except IntegrityError:
        # The same person's concurrent first sign-in made the account or the link first.
        found = linked(identity)
        if found is None:
            raise
        return found
    return user


# --- the one-time code of a redirect ---

def issue_code(user: User, pending: Pending) -> str:
    """The code for the client's redirect: 60 s, single use, stored hashed; it remembers the
    provider (the sign-in's `method` in the security log) and the connection."""
    code, now = tokens.new_token(), clock.utcnow()
    db.session.add(PendingSignIn(
        id=new_id(), state_hash=tokens.digest(code), provider=pending.provider,
        connection_id=pending.connection_id, redirect_url=pending.redirect_url, user_id=user.id,
        created_at=now, expires_at=now + CODE_LIFETIME))
    return code


@dataclass(frozen=True)
class Redeemed:
    user: User
    provider: str
    connection_id: str | None


def redeem_code(code, providers: tuple[str, ...], check=None) -> Redeemed:
    """The sign-in a one-time code of one of `providers` completes, spent once `check(user,
    connection_id)` (the method's own: a second factor, a connection still active) passed;
    400 INVALID_TOKEN for an unknown, used or expired code."""
    row = _found(code, PendingSignIn.user_id.is_not(None),
                 PendingSignIn.provider.in_(providers))
    user = None if row is None else db.session.get(User, row.user_id)
    if user is None:
        raise invalid_code()
    if check is not None:
        check(user, row.connection_id)
    if not _spent(row):
        raise invalid_code()
    return Redeemed(user, row.provider, row.connection_id)


def invalid_code() -> InvalidToken:
    return InvalidToken("Invalid, used or expired code")
