"""Ending tokens (extensions.md E5.5): an authorization revoked with everything issued from it,
RFC 7009's revocation endpoint (a refresh token revokes its authorization, an access token its
`jti`) and RFC 7662's introspection endpoint (confidential clients, their own tokens, or every
token for a client the operator lets introspect)."""
from dataclasses import dataclass
from datetime import UTC, datetime

from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc7662 import IntrospectionEndpoint
from sqlalchemy import select, update

from core import clock
from core import tokens as secrets
from core.db import db
from sections.auth.models import User
from sections.auth.services import bans
from sections.oauth import tokens as issued
from sections.oauth.models import (
    ACTIVE,
    OAuthAuthorization,
    OAuthClient,
    OAuthRefreshToken,
    RevokedAccessToken,
)

SECRET_METHODS = ["client_secret_basic", "client_secret_post"]


def revoke_authorization(authorization: OAuthAuthorization) -> None:
    """Every token of the authorization stops at once (its access tokens by their `sid`, its
    refresh tokens with it); the caller commits."""
    db.session.execute(update(OAuthAuthorization).where(
        OAuthAuthorization.id == authorization.id, OAuthAuthorization.revoked_at.is_(None))
        .values(revoked_at=clock.utcnow()).execution_options(synchronize_session=False))


@dataclass
class Presented:
    """A token a client presents: a refresh token (its row and authorization) or an access
    token (its checked claims)."""

    kind: str  # "refresh_token" or "access_token"
    client_id: str  # the client_id it was issued to
    authorization: OAuthAuthorization | None = None
    claims: dict | None = None
    refresh: OAuthRefreshToken | None = None

    def check_client(self, client):
        return self.client_id == client.row.client_id

    def is_expired(self):
        return False  # checked as it was found (Introspection.live)

    def is_revoked(self):
        return False


def presented(token: str) -> Presented | None:
    """One of the service's tokens, whatever its state, or None."""
    if issued.REFRESH_FORM.fullmatch(token or ""):
        found = db.session.execute(
            select(OAuthAuthorization, OAuthClient.client_id, OAuthRefreshToken)
            .join(OAuthRefreshToken, OAuthRefreshToken.authorization_id == OAuthAuthorization.id)
            .join(OAuthClient, OAuthClient.id == OAuthAuthorization.client_id)
            .where(OAuthRefreshToken.token_hash == secrets.digest(token))).first()
        return None if found is None else Presented("refresh_token", found[1], found[0],
                                                    refresh=found[2])
    claims = issued.claims_of(token)
    if claims is None or not isinstance(claims.get("client_id"), str):
        return None
    return Presented("access_token", claims["client_id"], claims=claims)


class Revocation(RevocationEndpoint):
    CLIENT_AUTH_METHODS = [*SECRET_METHODS, "none"]

    def query_token(self, token_string, token_type_hint):
        return presented(token_string)

    def authenticate_token(self, request, client):
        """RFC 7009 2.2: another client's token, or an unknown one, is answered 200 all the
        same, and nothing is revoked (authlib would answer invalid_grant)."""
        self.check_params(request, client)
        token = self.query_token(request.form["token"], request.form.get("token_type_hint"))
        return token if token is not None and token.check_client(client) else None

    def revoke_token(self, token, request):
        if token.kind == "refresh_token":
            revoke_authorization(token.authorization)
            return
        if db.session.get(RevokedAccessToken, token.claims["jti"]) is None:
            db.session.add(RevokedAccessToken(
                jti=token.claims["jti"],
                expires_at=datetime.fromtimestamp(token.claims["exp"], UTC)))


class Introspection(IntrospectionEndpoint):
    CLIENT_AUTH_METHODS = SECRET_METHODS  # E5.5: confidential clients only

    def query_token(self, token_string, token_type_hint):
        found = presented(token_string)
        return found if found is not None and self.live(found) else None

    def live(self, token: Presented) -> bool:
        """Not revoked or expired, its client ACTIVE, its user neither banned nor gone."""
        authorization = token.authorization
        if token.kind == "access_token":
            claims = token.claims
            if db.session.get(RevokedAccessToken, claims["jti"]) is not None:
                return False
            authorization = db.session.get(OAuthAuthorization, claims["sid"])
        elif token.refresh.replaced_at is not None or token.refresh.expires_at <= clock.utcnow():
            return False  # this token, not another of its authorization (rotation, E5.4)
        if authorization is None or authorization.revoked_at is not None:
            return False
        client = db.session.get(OAuthClient, authorization.client_id)
        user = db.session.get(User, authorization.user_id)
        return (client is not None and client.status == ACTIVE and user is not None
                and not bans.is_banned(user))

    def check_permission(self, token, client, request):
        return token.check_client(client) or client.row.may_introspect

    def introspect_token(self, token):
        user = db.session.get(User, (token.authorization.user_id if token.authorization
                                     else token.claims["sub"]))
        if token.kind == "access_token":
            claims = token.claims
            return {"active": True, "scope": claims["scope"], "client_id": claims["client_id"],
                    "sub": claims["sub"], "aud": claims["aud"], "iss": claims["iss"],
                    "exp": claims["exp"], "iat": claims["iat"], "token_type": "Bearer",
                    "username": user.email}
        authorization = token.authorization
        return {"active": True, "scope": " ".join(authorization.scopes),
                "client_id": token.client_id, "sub": authorization.user_id,
                "iss": issued.issuer(), "token_type": "refresh_token", "username": user.email}
