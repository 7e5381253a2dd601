"""The authorization server, on authlib's server side (extensions.md E5.3-E5.5): its code grant
(PKCE S256 for every client, the code single use and bound to its authorization), its refresh
grant (rotation every time, a reuse revoking the authorization), its revocation and
introspection endpoints, and RFC 9207's `iss`. What authlib lacks is here on its extension
points: RFC 8707's audience (grants.target), reuse detection, one-use claims that two requests
at once cannot both win."""
import re
from datetime import timedelta

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import InvalidGrantError, InvalidRequestError, grants
from authlib.oauth2.rfc7636 import CodeChallenge, create_s256_code_challenge
from authlib.oauth2.rfc9207 import IssuerParameter
from flask import current_app
from sqlalchemy import select, update

from core import clock
from core import tokens as secrets
from core.db import db, lock_row, new_id
from sections.auth.models import User
from sections.auth.services import bans, security_log
from sections.oauth import clients, connected, id_tokens, rates, revocation
from sections.oauth import tokens as issued
from sections.oauth.grants import CODE_LIFETIME, Code, Refresh, target
from sections.oauth.models import OAuthAuthorization, OAuthGrant, OAuthRefreshToken

VERIFIER_FORM = re.compile(r"[A-Za-z0-9._~-]{43,128}")  # RFC 7636 4.1
REUSE_GRACE = timedelta(seconds=30)  # E5.4: a client's retry of a refresh it lost
AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]


class S256(CodeChallenge):
    """RFC 7636 with S256 only and required of every client (E5.3: `plain` or none is
    invalid_request; authlib allows `plain`, and no challenge, unless restricted)."""

    DEFAULT_CODE_CHALLENGE_METHOD = "S256"
    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]
    CODE_CHALLENGE_METHODS = {"S256": lambda verifier, challenge:
                              create_s256_code_challenge(verifier) == challenge}

    def validate_code_challenge(self, grant, redirect_uri):
        data = grant.request.payload.data
        if not data.get("code_challenge") or data.get("code_challenge_method") != "S256":
            raise InvalidRequestError("PKCE is required: code_challenge with "
                                      "code_challenge_method=S256")
        super().validate_code_challenge(grant, redirect_uri)

    def validate_code_verifier(self, grant, result):
        """RFC 7636 4.6: a verifier missing, malformed or not the challenge's is invalid_grant
        (authlib answers the first two invalid_request)."""
        verifier = grant.request.form.get("code_verifier")
        if not isinstance(verifier, str) or not VERIFIER_FORM.fullmatch(verifier):
            raise InvalidGrantError("code_verifier is missing, or not 43 to 128 characters of "
                                    "RFC 7636's set")
        super().validate_code_verifier(grant, result)

    def get_authorization_code_challenge(self, authorization_code):
        return authorization_code.row.code_challenge

    def get_authorization_code_challenge_method(self, authorization_code):
        return "S256"


class Issuing:
    """What both token grants issue (E5.4): an access token for one audience, a refresh token
    when `offline_access` was granted and the consent is not too old, in place of authlib's
    generator (which knows no audience and reads the system's clock)."""

    def generate_token(self, user=None, scope=None, grant_type=None, expires_in=None,
                       include_refresh_token=True):
        authorization = self.authorization()
        client = self.request.client.row
        token, _ = issued.access_token(authorization, client, scope,
                                       target(self.request, authorization))
        answer = {"access_token": token, "token_type": "Bearer",
                  "expires_in": issued.lifetime(), "scope": scope}
        if (include_refresh_token and "offline_access" in authorization.scopes
                and self.request.client.check_grant_type("refresh_token")):
            answer["refresh_token"] = issued.refresh_token(authorization)
        client.last_used_at = clock.utcnow()
        connected.used(authorization.grant_id)
        return answer

    def claimed(self, statement, *, revoke: bool) -> None:
        """Spend what the request presents (a code, a refresh token) by a conditional UPDATE
        before any token is issued: of two requests at once, the one that wins issues. The
        other is invalid_grant, and with `revoke` (a code's second use, RFC 6749 10.5) also
        revokes what the first got.

        The grant's row is held first, in the order in which a grant's end takes its rows (the
        grant, then its authorizations and their refresh tokens: connected._remove's cascade).
        A grant ended at the same moment (by the directory, a ban, its user) either waits for
        this request and takes the tokens it issued with it, or ended first: invalid_grant.
        Spent first, the refresh token's row would be held while the end held the grant's,
        each then waiting for the other's: a deadlock, which undid one of the two."""
        grant_id = self.authorization().grant_id
        if not lock_row(OAuthGrant, grant_id, OAuthGrant.updated_at):
            raise InvalidGrantError("This grant was ended")
        if db.session.execute(statement.execution_options(
                synchronize_session=False)).rowcount != 1:
            if revoke:
                revocation.revoke_authorization(self.authorization())
            raise InvalidGrantError("This grant was used at the same moment by another request")


class CodeGrant(Issuing, grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = AUTH_METHODS

    def authorization(self) -> OAuthAuthorization:
        return self.request.authorization_code.row

    def save_authorization_code(self, code, request):
        """The consented authorization with its code (E5.3): the consent (consent.decide) set
        what it binds beside what authlib checked."""
        consent, now = request.consent, clock.utcnow()
        row = OAuthAuthorization(
            id=new_id(), grant_id=consent.grant_id, client_id=request.client.row.id,
            user_id=request.user.id, code_hash=secrets.digest(code),
            code_expires_at=now + CODE_LIFETIME, redirect_uri=request.payload.redirect_uri,
            code_challenge=request.payload.data["code_challenge"],
            scopes=request.scope.split(), resources=consent.resources,
            nonce=request.payload.data.get("nonce"), auth_time=consent.auth_time,
            sso_connection_id=consent.sso_connection_id,
            sso_project_id=consent.sso_project_id, created_at=now)
        db.session.add(row)

    def query_authorization_code(self, code, client):
        if not isinstance(code, str) or not 43 <= len(code) <= 128:
            return None
        row = db.session.execute(select(OAuthAuthorization).where(
            OAuthAuthorization.code_hash == secrets.digest(code),
            OAuthAuthorization.client_id == client.row.id)).scalar_one_or_none()
        if row is None or not secrets.matches(code, row.code_hash):
            return None
        if row.code_used_at is not None:  # RFC 6749 10.5: a second use revokes the first's
            revocation.revoke_authorization(row)
            return None
        if row.code_expires_at <= clock.utcnow() or row.revoked_at is not None:
            return None
        return Code(row)

    def authenticate_user(self, authorization_code):
        row = authorization_code.row
        target(self.request, row)  # an audience it cannot have refused before the code is spent
        self.claimed(update(OAuthAuthorization).where(
            OAuthAuthorization.id == row.id, OAuthAuthorization.code_used_at.is_(None))
            .values(code_used_at=clock.utcnow()), revoke=True)
        return live_user(row.user_id)

    def delete_authorization_code(self, authorization_code):
        """Spent already, before the tokens were made (authenticate_user)."""


class RefreshGrant(Issuing, grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = AUTH_METHODS
    INCLUDE_NEW_REFRESH_TOKEN = True  # rotation on every use (authlib's default is off)

    def authorization(self) -> OAuthAuthorization:
        return self.request.refresh_token.authorization

    def authenticate_refresh_token(self, refresh_token):
        if not isinstance(refresh_token, str) or not issued.REFRESH_FORM.fullmatch(
                refresh_token):
            return None
        found = db.session.execute(
            select(OAuthRefreshToken, OAuthAuthorization)
            .join(OAuthAuthorization, OAuthAuthorization.id == OAuthRefreshToken.authorization_id)
            .where(OAuthRefreshToken.token_hash == secrets.digest(refresh_token))).first()
        if found is None or not secrets.matches(refresh_token, found[0].token_hash):
            return None
        row, authorization = found
        now, max_age = clock.utcnow(), current_app.config["OAUTH_REFRESH_TOKEN_MAX_AGE"]
        if row.replaced_at is not None:
            if now - row.replaced_at > REUSE_GRACE and authorization.revoked_at is None:
                # E5.4: a replaced token presented again later was stolen, or the client's
                # copy was: every token of the authorization stops.
                revocation.revoke_authorization(authorization)
                security_log.record(authorization.user_id, "oauth_refresh_reuse",
                                    {"clientId": self.request.client.row.client_id})
            return None
        if (authorization.revoked_at is not None or row.expires_at <= now
                or authorization.created_at + timedelta(seconds=max_age) <= now):
            return None
        return Refresh(row, authorization)

    def authenticate_user(self, refresh_token):
        target(self.request, refresh_token.authorization)  # refused before the token is spent
        self.claimed(update(OAuthRefreshToken).where(
            OAuthRefreshToken.id == refresh_token.row.id,
            OAuthRefreshToken.replaced_at.is_(None)).values(replaced_at=clock.utcnow()),
            revoke=False)  # E5.4: the same token twice at once is a retry, tokens once
        return live_user(refresh_token.authorization.user_id)

    def revoke_old_credential(self, refresh_token):
        """Replaced already, before the tokens were made (authenticate_user)."""


def live_user(user_id: str) -> User | None:
    user = db.session.get(User, user_id)
    return None if user is None or bans.is_banned(user) else user


class Issuer(IssuerParameter):
    def get_issuer(self) -> str:
        return issued.issuer()  # RFC 9207: `iss` on every authorization response


class Server(AuthorizationServer):
    def authenticate_client(self, request, methods, endpoint="token"):
        """authlib's, then the token endpoint's count of the client (E5.8, rates.py)."""
        client = super().authenticate_client(request, methods, endpoint)
        if endpoint == "token":
            rates.count(client.get_client_id())
        return client


def make(app) -> AuthorizationServer:
    """The app's authorization server (kept in app.extensions["oauth_server"])."""
    server = Server(app, query_client=clients.query_client,
                                 save_token=lambda token, request: None)  # JWTs are not kept
    server.register_grant(CodeGrant, [S256(required=True), id_tokens.OpenID()])
    server.register_grant(RefreshGrant, [id_tokens.OpenIDOnRefresh()])
    from sections.oauth import device  # RFC 8628, built on Issuing above
    server.register_grant(device.DeviceGrant, [device.OpenIDOnDevice()])
    server.register_endpoint(device.DeviceEndpoint)
    server.register_endpoint(revocation.Revocation)
    server.register_endpoint(revocation.Introspection)
    server.register_extension(Issuer())
    app.extensions["oauth_server"] = server
    return server


def of_app():
    return current_app.extensions["oauth_server"]
