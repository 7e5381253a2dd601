"""Signing in through a project's identity provider (extensions.md E4.2), whatever its type:
the redirect with a single-use state, the spent state at the callback, the account the
provider's identity signs in to (linked, claimed or new), the membership it is given, and the
one-time code of a redirect. The OIDC and SAML modules only say who signed in."""
import logging
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from core import clock, tokens
from core.db import db, new_id
from core.fields import MAX_EMAIL, storable
from core.outcomes import InvalidToken, SsoError, SsoNotConfigured, SsoProviderUnavailable
from core.policy import is_id
from sections.auth.models import User
from sections.auth.services import accounts, bans, redirects
from sections.auth.services.oauth import CODE_LIFETIME, OAuthFailure
from sections.domains import service as domains
from sections.projects import service as projects
from sections.projects.models import MEMBER
from sections.sso import fetch, oidc, saml
from sections.sso.models import ACTIVE, OIDC, SAML, SsoConnection, SsoIdentity, SsoState

log = logging.getLogger(__name__)

STATE_LIFETIME = timedelta(minutes=10)  # E4.2: state, nonce and RelayState live 10 minutes
MAX_STATE = 512
MAX_SUBJECT = 255  # characters of the provider's identity (the ID token's sub, the NameID)
MAX_NAME = 255  # characters of the account's name
ERROR = "sso_error"  # the redirect's `error=` for every failure after the state was accepted


# Other sections' say on the membership a first sign-in gives, each `check(project_id,
# user_id)` true when the account must stay out (E4.3: a membership the directory suspended
# stays suspended). Registered once per process from the section's `register`.
_held_out: list = []


def keep_out(check) -> None:
    """Give no membership by SSO while `check(project_id, user_id)` is true."""
    if check not in _held_out:
        _held_out.append(check)


@dataclass(frozen=True)
class Pending:
    """A spent sign-in request: what the provider's answer is checked against."""

    connection_id: str
    nonce_hash: str | None
    code_verifier: str | None
    request_id: str | None
    redirect_url: str | None


def failure(message: str, redirect_url: str | None, *, refusal=SsoError) -> OAuthFailure:
    """The sign-in cannot go on: back to `redirect_url` with error=sso_error, or `refusal`."""
    return OAuthFailure(ERROR, message, redirect_url, refusal=refusal)


# --- the redirect ---

def connection_for(email: str | None, connection_id: str | None) -> SsoConnection:
    """The ACTIVE connection that signs in `email` (its project's oldest, the project holding
    the address's domain VERIFIED) or the one named; else 404 SSO_NOT_CONFIGURED."""
    if email is not None:
        project_id = domains.project_for_verified_domain(email.rpartition("@")[2])
        found = None if project_id is None else db.session.execute(
            select(SsoConnection).where(SsoConnection.project_id == project_id,
                                        SsoConnection.status == ACTIVE)
            .order_by(SsoConnection.created_at, SsoConnection.id).limit(1)).scalar()
    else:
        found = db.session.get(SsoConnection, connection_id) if is_id(connection_id) else None
    if found is None or found.status != ACTIVE:
        raise SsoNotConfigured("No active single sign-on for this " +
                               ("address" if email is not None else "connection"))
    return found


def start(email: str | None, connection_id: str | None, redirect_url: str | None) -> str:
    """Store a pending sign-in and return the provider's URL; the caller commits."""
    if redirect_url is not None:
        redirects.require_allowed(redirect_url)  # the OAuth allow-list (contract section 5)
    connection = connection_for(email, connection_id)
    state, now = tokens.new_token(), clock.utcnow()
    row = SsoState(state_hash=tokens.digest(state), connection_id=connection.id,
                   redirect_url=redirect_url, created_at=now, expires_at=now + STATE_LIFETIME)
    url = REDIRECTS[connection.type](connection, row, state, email)
    db.session.add(row)
    return url


def oidc_redirect(connection: SsoConnection, row: SsoState, state: str,
                  login_hint: str | None) -> str:
    nonce, verifier = tokens.new_token(), tokens.new_token()
    row.nonce_hash, row.code_verifier = tokens.digest(nonce), verifier
    return oidc.authorization_url(connection, state, nonce, verifier, login_hint)


def saml_redirect(connection: SsoConnection, row: SsoState, state: str,
                  login_hint: str | None) -> str:
    """SAML's HTTP-Redirect AuthnRequest with `state` as its RelayState: sets `row.request_id`
    (the AuthnRequest's ID, for InResponseTo) and returns the IdP's URL."""
    row.request_id, url = saml.redirect(connection, state)
    return url


# One place per type: how a sign-in leaves for the provider.
REDIRECTS = {OIDC: oidc_redirect, SAML: saml_redirect}


# --- the answer ---

def take_state(state) -> Pending:
    """Spend the pending sign-in named by `state` (whatever comes next: single use, also for
    two callbacks at once, by a conditional DELETE); the caller commits before going on."""
    row = None
    if isinstance(state, str) and 0 < len(state) <= MAX_STATE:
        row = db.session.execute(select(SsoState).where(
            SsoState.state_hash == tokens.digest(state),
            SsoState.user_id.is_(None))).scalar_one_or_none()
    if row is None or not tokens.matches(state, row.state_hash) or row.expires_at <= clock.utcnow():
        raise failure("Unknown, used or expired state; sign in again", None)
    pending = Pending(row.connection_id, row.nonce_hash, row.code_verifier, row.request_id,
                      row.redirect_url)
    if db.session.execute(delete(SsoState).where(SsoState.id == row.id)
                          .execution_options(synchronize_session=False)).rowcount != 1:
        raise failure("This sign-in has already been completed", None)
    return pending


def live_connection(pending: Pending) -> SsoConnection:
    """The pending sign-in's connection, still there and ACTIVE."""
    connection = db.session.get(SsoConnection, pending.connection_id)
    if connection is None or connection.status != ACTIVE:
        raise failure("The single sign-on connection is no longer active", pending.redirect_url)
    return connection


def complete_oidc(pending: Pending, args: dict) -> tuple[User, SsoConnection]:
    """The OIDC provider's answer: the code exchanged, the ID token checked, the account."""
    connection = live_connection(pending)
    if connection.type != OIDC or pending.nonce_hash is None:
        raise failure("This state belongs to another kind of sign-in", pending.redirect_url)
    if args.get("error"):
        log.info("sso connection %s answered with error %r", connection.id, args["error"][:100])
        raise failure("The identity provider refused the sign-in", pending.redirect_url)
    code = args.get("code")
    if not code:
        raise failure("The callback carries no authorization code", pending.redirect_url)
    try:
        identity = oidc.identify(connection, code, pending.code_verifier, pending.nonce_hash)
    except fetch.FetchRefused as exc:
        log.warning("sso connection %s: provider unavailable: %s", connection.id, exc)
        raise failure("The identity provider cannot be reached; try again later",
                      pending.redirect_url, refusal=SsoProviderUnavailable) from None
    except oidc.TokenRefused as exc:
        log.warning("sso connection %s: sign-in refused: %s", connection.id, exc)
        raise failure("The identity provider's answer does not verify",
                      pending.redirect_url) from None
    return account_for(connection, identity, pending.redirect_url), connection


def account_for(connection: SsoConnection, identity: oidc.Identity,
                redirect_url: str | None) -> User:
    """The account the identity signs in to, a member of the connection's project: the one
    linked to it, else the one with its address (claimed and linked), else a new one. The
    address must be at a VERIFIED domain of the project: a provider speaks only for its
    company's domains, so it can sign no one into an outside account."""
    if not 0 < len(identity.subject) <= MAX_SUBJECT or not storable(identity.subject):
        raise failure("The identity provider's answer names no usable identity", redirect_url)
    email = (identity.email or "").strip().lower()
    if (not 0 < len(email) <= MAX_EMAIL or not email.isprintable()
            or not domains.is_verified_for(connection.project_id, email)):
        raise failure("The address is not at a verified domain of the project", redirect_url)
    user = _linked(connection.id, identity.subject)
    if user is None:
        user = _link(connection, identity.subject, email, shown_name(identity.name))
    bans.check_not_banned(user)
    # E4.5: a first sign-in makes a non-member a member (a concurrent one adds no second row),
    # unless another section holds the account out (the directory suspended it).
    if not any(check(connection.project_id, user.id) for check in _held_out):
        projects.add_member(connection.project_id, user.id, MEMBER, via="sso",
                            actor_id=user.id)
    return user


def _linked(connection_id: str, subject: str) -> User | None:
    return db.session.execute(
        select(User).join(SsoIdentity, SsoIdentity.user_id == User.id)
        .where(SsoIdentity.connection_id == connection_id, SsoIdentity.subject == subject)
    ).scalar_one_or_none()


def shown_name(name: str | None) -> str | None:
    """The provider's name for the person (the ID token's `name`, SAML's displayName), shown
    as the account's name: printable text only, capped."""
    if name is None:
        return None
    return "".join(c for c in name if c.isprintable()).strip()[:MAX_NAME] or None


def _link(connection: SsoConnection, subject: str, email: str, name: str | None) -> User:
    try:
        # A savepoint: what the transaction holds before it stays (a SAML Assertion's ID,
        # remembered against replays) when only the link is undone.
        with db.session.begin_nested():
            user = accounts.by_email(email)
            if user is None:
                user = User(id=new_id(), email=email, name=name, email_verified=True)
                db.session.add(user)
            else:
                accounts.claim_address(user)  # contract section 3: an unproven owner's setup goes
                user.name = user.name or name
            db.session.flush()  # the account first: the link names it
            db.session.add(SsoIdentity(connection_id=connection.id, subject=subject,
                                       user_id=user.id))
    except IntegrityError:
        # The same person's concurrent first sign-in made the account or the link first.
        linked = _linked(connection.id, subject)
        if linked is None:
            raise
        return linked
    return user


# --- the one-time code of a redirect ---

def issue_code(user: User, connection: SsoConnection, redirect_url: str) -> str:
    """The code for the client's redirect: 60 s, single use, stored hashed (as OAuth's)."""
    code = tokens.new_token()
    db.session.add(SsoState(state_hash=tokens.digest(code), connection_id=connection.id,
                            user_id=user.id, redirect_url=redirect_url,
                            expires_at=clock.utcnow() + CODE_LIFETIME))
    return code


def redeem_code(code: str) -> tuple[User, SsoConnection]:
    """The account and connection of a one-time code, spent; 400 INVALID_TOKEN otherwise."""
    found = db.session.execute(
        select(SsoState, User, SsoConnection).join(User, User.id == SsoState.user_id)
        .join(SsoConnection, SsoConnection.id == SsoState.connection_id)
        .where(SsoState.state_hash == tokens.digest(code))).one_or_none()
    if (found is None or not tokens.matches(code, found[0].state_hash)
            or found[0].expires_at <= clock.utcnow() or found[2].status != ACTIVE
            or db.session.execute(delete(SsoState).where(SsoState.id == found[0].id)
                                  .execution_options(synchronize_session=False)).rowcount != 1):
        raise InvalidToken("Invalid, used or expired code")
    return found[1], found[2]
