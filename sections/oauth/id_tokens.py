"""OpenID Connect (extensions.md E5.6): the ID token of a code's token answer and of a refresh
with `openid`, as authlib's OpenIDCode makes it, signed with the service's current key of the
client's algorithm (RS256, or ES256 when the client asked for it) and timed by the service's
clock; and the claims the scopes give (the ID token's and userinfo's)."""
from authlib.oidc.core import OpenIDCode
from authlib.oidc.core.grants.code import OpenIDToken
from authlib.oidc.core.grants.util import create_half_hash
from joserfc import jwt

from core import clock
from sections.oauth import keys
from sections.oauth import tokens as issued


def user_claims(user, scope: str) -> dict:
    """OpenID Connect Core 5.4: `sub` always; by scope, the address (email) and the name and
    picture (profile). A claim with no value is left out, never null (Core 5.3.2: "If a Claim
    is not returned, that Claim Name SHOULD be omitted ... rather than being present with a
    null"), the ID token's as userinfo's."""
    granted = set(scope.split())
    claims = {"sub": user.id}
    if "email" in granted and user.email:
        claims.update(email=user.email, email_verified=bool(user.email_verified))
    if "profile" in granted:
        claims.update(name=user.name, picture=user.image)
    return {name: value for name, value in claims.items() if value not in (None, "")}


class Signed:
    """authlib's `encode_id_token`, its claims made here: iss, sub, aud and azp (the client),
    exp (10 minutes), iat, auth_time (the consenting session's sign-in), the nonce of a code's
    request, at_hash (Core 3.1.3.6), and the scopes' claims."""

    def encode_id_token(self, token, request):
        client = request.client.row
        alg = client.id_token_alg
        kid, key = keys.signing_key(alg)
        code = request.authorization_code
        authorization = code.row if code is not None else request.refresh_token.authorization
        now = clock.utcnow()
        claims = {"iss": issued.issuer(), "aud": client.client_id, "azp": client.client_id,
                  "iat": int(now.timestamp()),
                  "exp": int((now + keys.ID_TOKEN_LIFETIME).timestamp()),
                  "auth_time": int(authorization.auth_time.timestamp()),
                  "at_hash": create_half_hash(token["access_token"], alg).decode("ascii"),
                  **user_claims(request.user, token["scope"])}
        if code is not None and authorization.nonce:
            claims["nonce"] = authorization.nonce  # E5.6: as sent; none on a refresh
        return jwt.encode({"alg": alg, "kid": kid, "typ": "JWT"}, claims, key, algorithms=[alg])


class OpenID(Signed, OpenIDCode):
    """The code grant's extension. Prompts and `max_age` are the consent's (consent.py), so
    only the ID token is authlib's here."""

    def exists_nonce(self, nonce, request):
        return False  # a code is single use: its nonce cannot come back in another ID token

    def __call__(self, grant):
        grant.register_hook("after_create_token_response", self.process_token)


class OpenIDOnRefresh(Signed, OpenIDToken):
    """The refresh grant's: a refresh with `openid` answers a new ID token (E5.6)."""
