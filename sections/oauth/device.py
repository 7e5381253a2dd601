"""The device authorization grant (RFC 8628, extensions.md E5.4) on authlib's rfc8628: its
endpoint (`POST /api/oauth2/device_authorization`) and its grant (the device's polls at the
token endpoint), and between them the user, who enters the user code (`POST /api/auth/device`)
and decides as on the consent page: the code becomes an authorization request
(`oauth_requests`, its `params` naming the device), so the consent's rules (its proof, the
grant made or widened, the security event, the notice, the project's audit entry) are
consent.decide's, unchanged. What authlib lacks is here on its extension points: the codes
kept hashed, the user code's forms, the scope and resource checked as at the authorization
endpoint, `slow_down` growing the code's interval, the tokens issued once (a conditional
UPDATE claims them, as the code grant's one-use claim does)."""
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from authlib.common.urls import add_params_to_uri
from authlib.oauth2.rfc6749 import (
    InvalidGrantError,
    InvalidRequestError,
    InvalidScopeError,
    UnauthorizedClientError,
)
from authlib.oauth2.rfc8628 import (
    DEVICE_CODE_GRANT_TYPE,
    DeviceAuthorizationEndpoint,
    DeviceCodeGrant,
    DeviceCredentialMixin,
)
from authlib.oauth2.rfc8628.endpoint import create_string_user_code
from authlib.oidc.core.grants.code import OpenIDToken
from flask import current_app
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from core import clock, tokens
from core.db import db, new_id
from core.outcomes import InvalidToken
from sections.auth.services import throttle
from sections.oauth import authorize, id_tokens, scopes
from sections.oauth.grants import Code, InvalidTargetError, target
from sections.oauth.models import (
    OAuthAuthorization,
    OAuthClient,
    OAuthDeviceAuthorization,
    OAuthRequest,
)
from sections.oauth.server import AUTH_METHODS, Issuing, live_user

PENDING, ALLOWED, DENIED = "pending", "allowed", "denied"
INTERVAL, SLOWER = 5, 5  # seconds: RFC 8628 3.2's default, and 3.5's slow_down step
USER_CODE_SET = "BCDFGHJKLMNPQRSTVWXZ"  # RFC 8628 6.1: no vowels, no look-alikes
USER_CODE = re.compile(f"[{USER_CODE_SET}]{{8}}")
DEVICE_CODE = re.compile(r"[A-Za-z0-9_-]{43}")
MAX_USER_CODE = 64  # characters as typed (spaces, dashes)
UNKNOWN = "Unknown, used or expired user code"


def verification_uri() -> str:
    """OAUTH_DEVICE_URL, by default {APP_BASE_URL}/device (the service's own page there)."""
    config = current_app.config
    return config.get("OAUTH_DEVICE_URL") or config["APP_BASE_URL"].rstrip("/") + "/device"


def normalized(user_code) -> str | None:
    """The user code as stored (hashed): any case, the dash and spaces optional; None when it
    cannot be one."""
    if not isinstance(user_code, str) or len(user_code) > MAX_USER_CODE:
        return None
    bare = "".join(user_code.split()).replace("-", "").upper()
    return bare if USER_CODE.fullmatch(bare) else None


def _checked(request, client: OAuthClient) -> dict:
    """The scope and resources as the authorization endpoint checks them (E5.3), as the
    stored request's `params` (what consent.describe and consent.decide read)."""
    values = [value for name in request.payload.datalist
              for value in request.payload.datalist[name]]
    if any("\x00" in value for value in values):
        raise InvalidRequestError("A parameter holds a NUL character")
    asked = (request.payload.data.get("scope") or scopes.DEFAULT_SCOPE).split()
    if not asked or scopes.unknown(asked):
        raise InvalidScopeError(f"Unknown scopes: {' '.join(scopes.unknown(asked))}")
    resources = request.payload.datalist.get("resource") or [scopes.api_resource()]
    if len(resources) > scopes.MAX_RESOURCES:
        raise InvalidRequestError("At most 10 resource parameters")
    problem = next((found for found in map(scopes.resource_problem, resources) if found), None)
    if problem:
        raise InvalidTargetError(problem)
    return {"client_id": client.client_id, "scope": " ".join(dict.fromkeys(asked)),
            "resources": list(dict.fromkeys(resources)), "prompt": [], "max_age": None}


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    """RFC 8628 3.1-3.2: the client authenticated as at the token endpoint, the device grant
    among its grant types, the scope and resources checked; the codes kept as their SHA-256."""

    CLIENT_AUTH_METHODS = AUTH_METHODS
    INTERVAL = INTERVAL

    @property
    def EXPIRES_IN(self):  # noqa: N802  (authlib's name)
        return current_app.config["OAUTH_DEVICE_CODE_LIFETIME"]

    def authenticate_client(self, request):
        client = super().authenticate_client(request)
        if not client.check_grant_type(DEVICE_CODE_GRANT_TYPE):
            raise UnauthorizedClientError("This client did not register the device grant")
        request.device_params = _checked(request, client.row)
        return client

    def generate_device_code(self):
        return secrets.token_urlsafe(32)

    def get_verification_uri(self):
        return verification_uri()

    def create_endpoint_response(self, request):
        status, data, headers = super().create_endpoint_response(request)
        _save(request.client.row, request.device_params, data)
        return status, data, headers

    def save_device_credential(self, client_id, scope, data):
        """Saved by create_endpoint_response (_save), which has the request's resources."""


def _save(client: OAuthClient, params: dict, data: dict) -> None:
    """The device authorization's row; a user code already taken by a live one (a one in
    25 billion chance) is drawn again."""
    now = clock.utcnow()
    for _ in range(3):
        try:
            with db.session.begin_nested():
                db.session.add(OAuthDeviceAuthorization(
                    id=new_id(), device_code_hash=tokens.digest(data["device_code"]),
                    user_code_hash=tokens.digest(normalized(data["user_code"])),
                    client_id=client.id, params=params, status=PENDING, interval=INTERVAL,
                    created_at=now, expires_at=now + timedelta(seconds=data["expires_in"])))
            return
        except IntegrityError:
            code = create_string_user_code()  # authlib's: XXXX-XXXX of USER_CODE_SET
            data["user_code"] = code
            data["verification_uri_complete"] = add_params_to_uri(
                data["verification_uri"], [("user_code", code)])
    raise RuntimeError("no free user code after three draws")


# --- the user: the code entered, then the consent's decision ---

def entered(user, user_code) -> str:
    """POST /api/auth/device: the id of a new authorization request for the pending device
    authorization whose user code this is, which the consent API reads and decides. A wrong
    code counts as a failed sign-in of the account (its failure cap, contract section 6);
    a right one is forgiven. 400 INVALID_TOKEN for a wrong, decided or expired code."""
    throttle.attempt(user.email)
    code, now, row = normalized(user_code), clock.utcnow(), None
    if code is not None:
        row = db.session.execute(select(OAuthDeviceAuthorization).where(
            OAuthDeviceAuthorization.user_code_hash == tokens.digest(code))).scalar()
    if (row is None or not tokens.matches(code, row.user_code_hash)
            or row.status != PENDING or row.expires_at <= now):
        raise InvalidToken(UNKNOWN)
    throttle.forgive(user.email)
    request_id = secrets.token_urlsafe(32)
    db.session.add(OAuthRequest(
        id=new_id(), request_hash=tokens.digest(request_id), client_id=row.client_id,
        params={**row.params, "device": row.id}, created_at=now,
        expires_at=min(row.expires_at, now + authorize.LIFETIME)))
    return request_id


def claim(device_id: str, decision: str) -> None:
    """consent.decide for a device request, before anything is granted: the device
    authorization's one decision (of two requests for one code, the second is 400
    INVALID_TOKEN)."""
    if db.session.execute(update(OAuthDeviceAuthorization).where(
            OAuthDeviceAuthorization.id == device_id,
            OAuthDeviceAuthorization.status == PENDING,
            OAuthDeviceAuthorization.expires_at > clock.utcnow())
            .values(status=ALLOWED if decision == "allow" else DENIED)
            .execution_options(synchronize_session=False)).rowcount != 1:
        raise InvalidToken(UNKNOWN)


def authorized(device_id: str, client: OAuthClient, user, params: dict, consent) -> None:
    """consent.decide's `allow` of a device request: the consented authorization the device's
    tokens are issued from, bound as a code's is (consent.Consent). It has no code to give out:
    its code columns hold the digest of a secret nobody holds, spent already."""
    now = clock.utcnow()
    row = OAuthAuthorization(
        id=new_id(), grant_id=consent.grant_id, client_id=client.id, user_id=user.id,
        code_hash=tokens.digest(secrets.token_urlsafe(32)), code_expires_at=now,
        code_used_at=now, redirect_uri="", code_challenge="", scopes=params["scope"].split(),
        resources=consent.resources, nonce=None, auth_time=consent.auth_time,
        sso_connection_id=consent.sso_connection_id, sso_project_id=consent.sso_project_id,
        created_at=now)
    db.session.add(row)
    db.session.flush()
    db.session.execute(update(OAuthDeviceAuthorization).where(
        OAuthDeviceAuthorization.id == device_id).values(authorization_id=row.id)
        .execution_options(synchronize_session=False))


# --- the device's polls ---

@dataclass
class Polled(DeviceCredentialMixin):
    """A device authorization as authlib's grant reads it; `too_soon` when this poll came
    sooner than the interval after the previous one."""

    row: OAuthDeviceAuthorization
    client_key: str
    too_soon: bool

    def get_client_id(self):
        return self.client_key

    def get_scope(self):
        return self.row.params["scope"]

    def get_user_code(self):
        return self.row.id  # the user code is kept hashed: its row stands for it

    def is_expired(self):
        return self.row.expires_at <= clock.utcnow()


class OpenIDOnDevice(id_tokens.Signed, OpenIDToken):
    """With `openid`, the device's token answer has an ID token, as a code's has (E5.6)."""


class DeviceGrant(Issuing, DeviceCodeGrant):
    """RFC 8628 3.4-3.5 at the token endpoint: pending, slow_down, access_denied,
    expired_token, or the tokens once (Issuing, as the code grant issues them); an unknown or
    spent device code is invalid_grant."""

    TOKEN_ENDPOINT_AUTH_METHODS = AUTH_METHODS

    def authorization(self) -> OAuthAuthorization:
        return self.request.authorization_code.row

    def authenticate_token_endpoint_client(self):
        """authlib's, the client kept on the request: a device code is looked up as the
        authenticated client's only (query_device_credential)."""
        self.request.client = super().authenticate_token_endpoint_client()
        return self.request.client

    def query_device_credential(self, device_code):
        if not isinstance(device_code, str) or not DEVICE_CODE.fullmatch(device_code):
            raise InvalidGrantError("Unknown device_code")
        row = db.session.execute(select(OAuthDeviceAuthorization).where(
            OAuthDeviceAuthorization.device_code_hash == tokens.digest(device_code))).scalar()
        if (row is None or not tokens.matches(device_code, row.device_code_hash)
                or row.client_id != self.request.client.row.id):
            # RFC 6749 5.2: another client's is invalid_grant, as an unknown one (and its
            # polls change nothing of the code's state)
            raise InvalidGrantError("Unknown device_code")
        if row.spent_at is not None:
            raise InvalidGrantError("This device_code was spent: its tokens were issued")
        now, last = clock.utcnow(), row.polled_at
        too_soon = last is not None and now - last < timedelta(seconds=row.interval)
        row.polled_at = now
        if too_soon:  # RFC 8628 3.5: this and every later poll waits 5 s more
            row.interval += SLOWER
        client = db.session.get(OAuthClient, row.client_id)
        return Polled(row, client.client_id, too_soon)

    def query_user_grant(self, device_id):
        row = db.session.get(OAuthDeviceAuthorization, device_id)
        if row.status == PENDING:
            return None
        if row.status == DENIED:
            return None, False
        authorization = db.session.get(OAuthAuthorization, row.authorization_id)
        if authorization is None:  # its grant ended since this poll read the device's row
            raise InvalidGrantError("The authorization was revoked, or its user is gone")
        self.request.authorization_code = Code(authorization)  # what the ID token reads
        target(self.request, authorization)  # an audience it cannot have refused once spent
        self.claimed(update(OAuthDeviceAuthorization).where(
            OAuthDeviceAuthorization.id == row.id, OAuthDeviceAuthorization.spent_at.is_(None))
            .values(spent_at=clock.utcnow()), revoke=False)
        user = live_user(authorization.user_id)
        if user is None or authorization.revoked_at is not None:
            raise InvalidGrantError("The authorization was revoked, or its user is gone")
        return user, True

    def should_slow_down(self, credential):
        return credential.too_soon
