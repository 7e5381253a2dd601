"""The tokens the identity provider issues (extensions.md E5.4) and the service's API accepts
(E5.7): an access token is a JWT of RFC 9068 (`typ` at+jwt, RS256 with a `kid` of the JWKS,
one audience), checked by its signature and claims, then against the database in one
statement (revoked, its authorization or grant revoked, its client disabled, its user banned);
a refresh token is `ort_` and 43 base64url characters, kept as its SHA-256."""
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from joserfc import jws, jwt
from joserfc.errors import JoseError
from sqlalchemy import bindparam, exists, select

from core import clock, tokens
from core.db import db, new_id
from perf.prepared import PreparedRead
from sections.auth.models import User
from sections.auth.outcomes import InsufficientScope
from sections.auth.services import bans
from sections.auth.services.sessions import USER_COLUMNS, LiveSession
from sections.oauth import keys, scopes
from sections.oauth.models import (
    ACTIVE,
    OAuthAuthorization,
    OAuthClient,
    OAuthRefreshToken,
    RevokedAccessToken,
)

ACCESS_ALG = "RS256"  # E5.4: every access token
JWT_FORM = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
REFRESH_PREFIX = "ort_"
REFRESH_FORM = re.compile(r"ort_[A-Za-z0-9_-]{43}")
READS = frozenset({"GET", "HEAD"})
LEEWAY = 0  # seconds: the service's own tokens, its own clock


def lifetime() -> int:
    return current_app.config["OAUTH_ACCESS_TOKEN_LIFETIME"]


def issuer() -> str:
    return current_app.config["API_BASE_URL"].rstrip("/")


def access_token(authorization: OAuthAuthorization, client: OAuthClient, scope: str,
                 audience: str) -> tuple[str, datetime]:
    """A signed access token for `audience`, and when it ends."""
    now = clock.utcnow()
    ends = now + timedelta(seconds=lifetime())
    kid, key = keys.signing_key(ACCESS_ALG)
    claims = {"iss": issuer(), "sub": authorization.user_id, "aud": audience,
              "client_id": client.client_id, "scope": scope, "jti": secrets.token_urlsafe(16),
              "iat": int(now.timestamp()), "exp": int(ends.timestamp()),
              "auth_time": int(authorization.auth_time.timestamp()),
              "sid": authorization.id}  # the authorization: revoking it stops the token
    header = {"alg": ACCESS_ALG, "typ": "at+jwt", "kid": kid}
    return jwt.encode(header, claims, key, algorithms=[ACCESS_ALG]), ends


def refresh_token(authorization: OAuthAuthorization) -> str:
    """A new refresh token of the authorization (E5.4: OAUTH_REFRESH_TOKEN_LIFETIME from now,
    the authorization's scopes); the caller commits."""
    token = REFRESH_PREFIX + secrets.token_urlsafe(32)
    now = clock.utcnow()
    db.session.add(OAuthRefreshToken(
        id=new_id(), token_hash=tokens.digest(token), authorization_id=authorization.id,
        scopes=list(authorization.scopes), created_at=now,
        expires_at=now + timedelta(seconds=current_app.config["OAUTH_REFRESH_TOKEN_LIFETIME"])))
    return token


def claims_of(token: str, audience: str | None = None) -> dict | None:
    """The claims of one of the service's access tokens once its signature (a key of the JWKS,
    RS256 only: never `none`, never HMAC), `typ`, `iss`, `aud` (when given) and `exp` hold."""
    if not isinstance(token, str) or len(token) > 4096 or not JWT_FORM.fullmatch(token):
        return None
    try:
        header = jws.extract_compact(token.encode("ascii")).protected  # unverified, for the kid
        key = keys.verifying_keys(header.get("kid"))
        if key is None or header.get("alg") != ACCESS_ALG or header.get("typ") != "at+jwt":
            return None
        decoded = jwt.decode(token, key, algorithms=[ACCESS_ALG])
        wanted = {"iss": {"essential": True, "value": issuer()},
                  "exp": {"essential": True}, "jti": {"essential": True},
                  "sid": {"essential": True}, "sub": {"essential": True}}
        if audience is not None:
            wanted["aud"] = {"essential": True, "value": audience}
        jwt.JWTClaimsRegistry(now=int(clock.utcnow().timestamp()), leeway=LEEWAY,
                              **wanted).validate(decoded.claims)
    except (JoseError, ValueError, TypeError, UnicodeError):
        return None
    claims = decoded.claims
    if not all(isinstance(claims.get(name), str) for name in ("jti", "sid", "sub", "scope")):
        return None
    if audience is not None and claims.get("aud") != audience:
        return None  # E5.4: one audience, a string; joserfc also takes a list holding it
    return claims


# One statement, compiled once (perf/prepared.py, as a session's): the token's authorization,
# client and user, and whether its jti was revoked.
LOOKUP = (
    select(OAuthAuthorization.id.label("authorization_id"), OAuthAuthorization.grant_id,
           OAuthAuthorization.revoked_at, OAuthAuthorization.sso_connection_id,
           OAuthAuthorization.sso_project_id, OAuthClient.client_id.label("client_key"),
           OAuthClient.name.label("client_name"), OAuthClient.status.label("client_status"),
           exists().where(RevokedAccessToken.jti == bindparam("jti")).label("revoked"),
           *USER_COLUMNS)
    .join(OAuthClient, OAuthClient.id == OAuthAuthorization.client_id)
    .join(User, User.id == OAuthAuthorization.user_id)
    .where(OAuthAuthorization.id == bindparam("authorization_id")))
_LOOKUP = PreparedRead(LOOKUP)


@dataclass(frozen=True)
class TokenInUse:
    """The access token a request came with: where it reaches (E5.7, as an API key's scopes do,
    E2.2), its rate-limit counter (one a grant) and GET /api/auth/session's `oauth`."""

    grant_id: str
    client_id: str
    client_name: str
    scope: str
    expires_at: datetime

    @property
    def rate_key(self) -> str:
        return f"grant:{self.grant_id}"

    def check_reach(self, method: str, path: str) -> None:
        granted = set(self.scope.split())
        if path == "/api/admin" or path.startswith("/api/admin/"):
            raise _refused("OAuth tokens cannot call /api/admin")
        if path == "/api/auth" or path.startswith("/api/auth/"):
            if path == "/api/auth/session" and method in READS:
                return
            raise _refused("OAuth tokens reach nothing under /api/auth but GET /api/auth/session")
        if not granted & {"read", "write"}:
            raise _refused("This token has neither the read nor the write scope")
        if method not in READS and "write" not in granted:
            raise _refused("This token has the read scope only (GET and HEAD)", "write")

    def answer(self) -> dict:
        return {"clientId": self.client_id, "clientName": self.client_name,
                "scope": self.scope, "expiresAt": self.expires_at}


def _refused(message: str, scope: str | None = None) -> InsufficientScope:
    """403 INSUFFICIENT_SCOPE with RFC 6750 3's challenge (E5.7)."""
    challenge = 'Bearer error="insufficient_scope"' + (f', scope="{scope}"' if scope else "")
    return InsufficientScope(message, headers={"WWW-Authenticate": challenge})


def lookup(token: str):
    """hooks.BEARER_TOKEN: None for a token of no JWT form (a session's, then); for one, its
    live credential, or False when it is forged, expired, for another audience, revoked, its
    authorization or grant revoked, its client disabled or deleted, its user banned or gone."""
    if not JWT_FORM.fullmatch(token):
        return None
    claims = claims_of(token, scopes.api_resource())
    row = None if claims is None else _LOOKUP.one(
        db.engine, authorization_id=claims["sid"], jti=claims["jti"])
    if (row is None or row.revoked or row.revoked_at is not None
            or row.client_status != ACTIVE or row.id != claims["sub"]
            or bans.is_banned(row, clock.utcnow())):
        return False
    ends = datetime.fromtimestamp(claims["exp"], clock.utcnow().tzinfo)
    sso = None
    if row.sso_connection_id is not None:  # E5.8: a consent made with an SSO session
        sso = {"connectionId": row.sso_connection_id, "projectId": row.sso_project_id}
    in_use = TokenInUse(row.grant_id, row.client_key, row.client_name, claims["scope"], ends)
    return LiveSession(None, row.id, ends, row, sso=sso, token=in_use)
