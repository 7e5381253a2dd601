"""Signing in through a project's identity provider (extensions.md E4.2), whatever its type:
which connection signs an address in, the redirect, the provider's answer checked by its type's
module (oidc, saml) and what single sign-on adds to the federation path (auth's
services/federation.py, which owns the pending sign-in, the account and the one-time code):
the address must be at a VERIFIED domain of the connection's project, and the account becomes
a member of it."""
import logging

from sqlalchemy import delete, select

from core import tokens
from core.db import db
from core.fields import email_address
from core.policy import is_id
from sections.auth.models import SSO, Session, User
from sections.auth.services import bans, federation, redirects
from sections.domains import service as domains
from sections.projects import service as projects
from sections.projects.models import MEMBER
from sections.sso import fetch, oidc, saml
from sections.sso.models import ACTIVE, OIDC, SsoConnection
from sections.sso.outcomes import SsoError, SsoNotConfigured, SsoProviderUnavailable

log = logging.getLogger(__name__)

ERROR = "sso_error"  # the redirect's `error=` for every failure after the state was accepted
fail = federation.failing(SsoError, ERROR)


def failure(message: str, redirect_url: str | None, *,
            refusal=SsoError) -> federation.SignInFailure:
    """The sign-in cannot go on: back to `redirect_url` with error=sso_error, or `refusal`."""
    return federation.SignInFailure(ERROR, message, redirect_url, refusal)


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
    state = tokens.new_token()
    if connection.type == OIDC:
        nonce, verifier = tokens.new_token(), tokens.new_token()
        url = oidc.authorization_url(connection, state, nonce, verifier, email)
        federation.begin(SSO, state, redirect_url, connection_id=connection.id, nonce=nonce,
                         code_verifier=verifier)
    else:  # SAML: the AuthnRequest's ID is what the Response must answer (InResponseTo)
        request_id, url = saml.redirect(connection, state)
        federation.begin(SSO, state, redirect_url, connection_id=connection.id,
                         request_id=request_id)
    return url


# --- the answer ---

def take_state(state) -> federation.Pending:
    """Spend the pending sign-in named by `state` (its RelayState for SAML): whatever comes
    next, single use; the caller commits before going on."""
    return federation.take(state, SSO, fail)


def spend_state(state) -> None:
    """Spend the pending sign-in `state` names, if any (an IdP-initiated Response posted with
    it), and commit."""
    try:
        take_state(state)
    except federation.SignInFailure:
        pass
    db.session.commit()


def live_connection(pending: federation.Pending) -> SsoConnection:
    """The pending sign-in's connection, still there and ACTIVE."""
    connection = db.session.get(SsoConnection, pending.connection_id)
    if connection is None or connection.status != ACTIVE:
        raise failure("The single sign-on connection is no longer active", pending.redirect_url)
    return connection


def complete_oidc(pending: federation.Pending, args: dict) -> tuple[User, SsoConnection]:
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
    """The account the identity signs in to (the federation path's), a member of the
    connection's project. The address must be one by the service's rule and at a VERIFIED
    domain of the project: a provider speaks only for its company's domains, so it can sign
    no one into an outside account (E4.2, E4.6)."""
    email = email_address(identity.email)
    if email is None or not domains.is_verified_for(connection.project_id, email):
        raise failure("The address is not at a verified domain of the project", redirect_url)
    user = federation.account_for(federation.Identity(
        SSO, identity.subject, email, identity.name, connection_id=connection.id),
        redirect_url, fail)
    bans.check_not_banned(user)
    # E4.5: a first sign-in makes a non-member a member (a concurrent one adds no second row),
    # unless another section holds the account out (the directory suspended it).
    projects.add_member(connection.project_id, user.id, MEMBER, via="sso", actor_id=user.id,
                        unless_held_out=True)
    return user


# --- the one-time code of a redirect ---

def redeem_code(code: str) -> tuple[User, SsoConnection]:
    """The account and connection of a one-time code, spent; 400 INVALID_TOKEN otherwise (a
    connection deactivated meanwhile too)."""
    found = {}

    def still_active(_user, connection_id):
        found["connection"] = db.session.get(SsoConnection, connection_id)
        if found["connection"] is None or found["connection"].status != ACTIVE:
            raise federation.invalid_code()

    redeemed = federation.redeem_code(code, (SSO,), check=still_active)
    return redeemed.user, found["connection"]


def end_sessions(project_id: str, user_id: str) -> None:
    """hooks.MEMBERSHIP_ENDED (extensions.md E4.3): a membership the directory ends takes with
    it every session of the account made through the project's connections."""
    db.session.execute(delete(Session).where(Session.user_id == user_id,
                                             Session.sso_project_id == project_id)
                       .execution_options(synchronize_session=False))
