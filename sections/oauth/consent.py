"""The user's decision on an authorization request (extensions.md E5.3): what the consent page
shows of it, and the decision, which spends the request and, for `allow`, creates or widens the
user's grant to the client and makes the code through authlib's code grant."""
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from core import clock, tokens
from core.db import db, new_id
from core.outcomes import InvalidToken
from sections.auth.outcomes import ReauthenticationRequired
from sections.auth.services import reauth
from sections.oauth import authorize, connected, device, redirect_uris, scopes, server
from sections.oauth.models import ACTIVE, APP, OAuthClient, OAuthGrant, OAuthRequest

REQUEST_ID_LENGTH = 43


@dataclass(frozen=True)
class Consent:
    """What the code's authorization binds beside authlib's request (server.CodeGrant)."""

    grant_id: str
    resources: list
    auth_time: datetime
    sso_connection_id: str | None
    sso_project_id: str | None


def find(request_id) -> tuple[OAuthRequest, OAuthClient]:
    """The live request with this id, and its client; 400 INVALID_TOKEN otherwise."""
    row = None
    if isinstance(request_id, str) and len(request_id) == REQUEST_ID_LENGTH:
        row = db.session.execute(select(OAuthRequest).where(
            OAuthRequest.request_hash == tokens.digest(request_id))).scalar_one_or_none()
    if row is None or not tokens.matches(request_id, row.request_hash) \
            or row.expires_at <= clock.utcnow():
        raise InvalidToken("Unknown, used or expired authorization request")
    client = db.session.get(OAuthClient, row.client_id)
    if client.status != ACTIVE:  # disabled since: it gets no code (E5.2), so nothing to decide
        raise InvalidToken("Unknown, used or expired authorization request")
    return row, client


def signed_in_at(credential) -> datetime:
    """When the deciding session's sign-in was (its creation)."""
    return credential.user.session_created_at


def _granted(row: OAuthRequest, user_id: str) -> bool:
    params = row.params
    if "consent" in params["prompt"]:
        return False  # E5.3: prompt=consent always asks again
    grant = db.session.execute(select(OAuthGrant).where(
        OAuthGrant.user_id == user_id, OAuthGrant.client_id == row.client_id)).scalar()
    return (grant is not None and set(params["scope"].split()) <= set(grant.scopes)
            and set(params["resources"]) <= set(grant.resources))


def _reauthentication_required(row: OAuthRequest, credential) -> bool:
    params = row.params
    if "login" in params["prompt"]:
        return True
    max_age = params.get("max_age")
    return max_age is not None and (
        clock.utcnow() - signed_in_at(credential) > timedelta(seconds=max_age))


def describe(request_id: str, row: OAuthRequest, client: OAuthClient, credential) -> dict:
    """E5.3's `request`: the client as the page shows it, the scopes in words, the rest."""
    params = row.params
    redirect_uri = params.get("redirect_uri")  # None: a device's request
    return {"id": request_id, "client": {
        "clientId": client.client_id, "name": client.name, "kind": client.kind,
        "host": connected.host(client) if redirect_uri is None else urlsplit(
            client.client_id if client.kind != APP and client.client_id
            .startswith("https://") else redirect_uri).hostname,
        "logoUrl": client.logo_url, "homepageUrl": client.homepage_url,
        "verified": client.kind == APP, "redirectUri": redirect_uri,
        "localhostOnly": redirect_uris.localhost_only(client.redirect_uris)},
        "scopes": scopes.described(params["scope"].split()),
        "resources": params["resources"], "prompt": " ".join(params["prompt"]) or None,
        "loginHint": params.get("login_hint"),
        "granted": _granted(row, credential.user_id),
        "reauthenticationRequired": _reauthentication_required(row, credential),
        "expiresAt": row.expires_at}


def decide(row: OAuthRequest, client: OAuthClient, credential, user, decision: str,
           password: str | None, totp_code: str | None) -> str | None:
    """The decision's redirect (with the code, or the error): the request is spent first, so a
    second decision is 400 INVALID_TOKEN; a refused proof (403) spends nothing. A device's
    request (device.entered) has no redirect: None, the device polls. The caller commits."""
    params = row.params
    auth_time = signed_in_at(credential)
    if decision == "allow" and _reauthentication_required(row, credential):
        auth_time = _proved(row, credential, user, password, totp_code)
    granted = _granted(row, user.id)
    if db.session.execute(delete(OAuthRequest).where(OAuthRequest.id == row.id)
                          .execution_options(synchronize_session=False)).rowcount != 1:
        raise InvalidToken("Unknown, used or expired authorization request")
    on_device = params.get("device")  # RFC 8628: the device polls for the answer
    if on_device is not None:
        device.claim(on_device, decision)
    if decision == "allow" and "none" in params["prompt"] and not granted:
        return authorize.back_to(params["redirect_uri"], params.get("state"),
                                 error="consent_required",
                                 error_description="The user has not granted this yet")
    consent = None
    if decision == "allow":
        sso = credential.sso or {}
        consented = connected.granted(user, client, params, _widened, sso.get("projectId"))
        consent = Consent(consented.id, params["resources"], auth_time,
                          sso.get("connectionId"), sso.get("projectId"))
    if on_device is not None:
        if consent is not None:
            device.authorized(on_device, client, user, params, consent)
        return None
    request = authorize.authlib_request(params)
    request.consent = consent
    the_server = server.of_app()
    grant = the_server.get_authorization_grant(request)
    response = the_server.create_authorization_response(
        request, grant_user=user if decision == "allow" else None, grant=grant)
    return response.headers["Location"]


def _proved(row: OAuthRequest, credential, user, password, totp_code) -> datetime:
    """E1.3's proof that prompt=login or max_age asks; when the user authenticated, which is
    the code's `auth_time`: the proof's moment when a password or a code was checked (OpenID
    Connect Core 3.1.2.1: a client asking max_age holds auth_time to it). An account with
    neither signs in again: its session, recent enough for E1.3, must also meet max_age."""
    reauth.require_proof(user, credential, password, totp_code, "Allowing this app")
    if user.password_hash is not None or user.two_factor_enabled:
        return clock.utcnow()
    max_age = row.params.get("max_age")
    if max_age is not None and clock.utcnow() - signed_in_at(credential) > timedelta(
            seconds=max_age):
        raise ReauthenticationRequired("This app asks for a recent sign-in: sign in again, "
                                       "then allow it")
    return signed_in_at(credential)


def _widened(user_id: str, client: OAuthClient, params: dict) -> OAuthGrant:
    """The user's grant to the client, made or widened to the request's scopes and resources
    (E5.3); two decisions at once leave one row (its unique index)."""
    for _ in range(2):
        grant = db.session.execute(select(OAuthGrant).where(
            OAuthGrant.user_id == user_id, OAuthGrant.client_id == client.id)
            .with_for_update()).scalar()
        now = clock.utcnow()
        if grant is not None:
            grant.scopes = list(dict.fromkeys([*grant.scopes, *params["scope"].split()]))
            grant.resources = list(dict.fromkeys([*grant.resources, *params["resources"]]))
            grant.updated_at = now
            return grant
        try:
            with db.session.begin_nested():
                grant = OAuthGrant(id=new_id(), user_id=user_id, client_id=client.id,
                                   scopes=params["scope"].split(),
                                   resources=list(params["resources"]),
                                   created_at=now, updated_at=now)
                db.session.add(grant)
            return grant
        except IntegrityError:
            continue  # made by a concurrent decision: widened on the second turn
    raise RuntimeError("the grant could not be read after its concurrent insert")
