"""OpenID Connect connections (extensions.md E4.2): discovery at creation, the authorization
request (code flow, PKCE S256, state, nonce), the code exchange and the ID token's checks
(OpenID Connect Core 3.1.3.7) with Authlib's client and JOSE, the JWKS cached per connection."""
import logging
from dataclasses import dataclass
from datetime import timedelta

import requests
from authlib.common.errors import AuthlibBaseError
from authlib.integrations.requests_client import OAuth2Session
from flask import current_app
from joserfc import jws, jwt
from joserfc.errors import BadSignatureError, JoseError
from joserfc.jwk import KeySet

from core import clock, sealing, tokens
from core.outcomes import Invalid
from sections.sso import fetch, provider_json
from sections.sso.models import SsoConnection

log = logging.getLogger(__name__)

CALLBACK_PATH = "/api/auth/sso/oidc/callback"
SECRET_PURPOSE = b"sso-oidc-client-secret-at-rest"
DISCOVERY = "/.well-known/openid-configuration"
ENDPOINTS = ("authorization_endpoint", "token_endpoint", "jwks_uri")
SCOPE = "openid email profile"
# Signatures by a key of the provider's JWKS only: never `none`, never HMAC (a shared secret
# would let anyone holding the client secret mint tokens, and an attacker pick the algorithm).
ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512",
              "EdDSA")
IAT_WINDOW = timedelta(minutes=5)
LEEWAY = 60  # seconds of clock skew on exp
# How Authlib fails on a provider's odd answer (an expires_in of [1] or 1e400, a token_type
# of 5): a refusal of that answer, never an error of the service.
ODD_ANSWER = (AuthlibBaseError, ValueError, TypeError, KeyError, AttributeError, OverflowError)


class TokenRefused(Exception):
    """The provider's answer does not sign anyone in; the message says why (logged, not shown)."""


@dataclass(frozen=True)
class Identity:
    """Who the provider says signed in, as it says it (signin.account_for checks the subject
    and cleans the name)."""

    subject: str
    email: str | None
    name: str | None


def callback_url() -> str:
    # From API_BASE_URL, never the Host header: it is the URL registered at the provider.
    return current_app.config["API_BASE_URL"].rstrip("/") + CALLBACK_PATH


def configure(connection: SsoConnection, data: dict) -> None:
    """Read the provider's discovery document and keep what the flow needs (creation); a
    provider that cannot be read or does not match: 400 naming `issuer`."""
    issuer = data["issuer"]
    try:
        metadata = fetch.get_json(issuer.rstrip("/") + DISCOVERY)
    except fetch.FetchRefused as exc:
        raise Invalid(f"The discovery document cannot be read: {exc}", field="issuer") from None
    if metadata.get("issuer") != issuer:
        raise Invalid("The discovery document names another issuer", field="issuer")
    missing = [name for name in ENDPOINTS if not isinstance(metadata.get(name), str)]
    if missing:
        raise Invalid(f"The discovery document has no {', '.join(missing)}", field="issuer")
    methods = metadata.get("token_endpoint_auth_methods_supported", [])
    if not isinstance(methods, list) or not all(isinstance(m, str) for m in methods):
        raise Invalid("The discovery document's token_endpoint_auth_methods_supported is not "
                      "a list of strings", field="issuer")
    kept = ENDPOINTS + ("userinfo_endpoint", "token_endpoint_auth_methods_supported")
    connection.oidc_issuer = issuer
    connection.oidc_client_id = data["clientId"]
    connection.oidc_metadata = {name: metadata[name] for name in kept if name in metadata}
    set_secret(connection, data["clientSecret"])


def set_secret(connection: SsoConnection, secret: str) -> None:
    connection.oidc_client_secret = sealing.seal(secret, SECRET_PURPOSE)


def answer(connection: SsoConnection) -> dict:
    return {"issuer": connection.oidc_issuer, "clientId": connection.oidc_client_id,
            "redirectUri": callback_url()}


def authorization_url(connection: SsoConnection, state: str, nonce: str, code_verifier: str,
                      login_hint: str | None) -> str:
    """The provider's authorization URL: code flow, PKCE S256 (RFC 7636), state and nonce."""
    client = OAuth2Session(connection.oidc_client_id, scope=SCOPE,
                           redirect_uri=callback_url(), code_challenge_method="S256")
    extra = {"login_hint": login_hint} if login_hint else {}
    url, _ = client.create_authorization_url(
        connection.oidc_metadata["authorization_endpoint"], state=state,
        code_verifier=code_verifier, nonce=nonce, **extra)
    return url


def auth_method(metadata: dict) -> str:
    """client_secret_basic, or client_secret_post when the provider lists only that one
    (OpenID Connect Discovery: the default is client_secret_basic)."""
    listed = metadata.get("token_endpoint_auth_methods_supported")
    if (isinstance(listed, list) and "client_secret_post" in listed
            and "client_secret_basic" not in listed):
        return "client_secret_post"
    return "client_secret_basic"


def identify(connection: SsoConnection, code: str, code_verifier: str,
             nonce_hash: str) -> Identity:
    """Exchange the code and check the ID token: TokenRefused when it does not verify,
    fetch.FetchRefused when the provider cannot be reached."""
    metadata = connection.oidc_metadata
    client = fetch.guarded(OAuth2Session(
        connection.oidc_client_id,
        sealing.unseal(connection.oidc_client_secret, SECRET_PURPOSE),
        token_endpoint_auth_method=auth_method(metadata)))
    client.register_compliance_hook("access_token_response", _checked_token_answer)
    with client:
        try:
            token = client.fetch_token(metadata["token_endpoint"], grant_type="authorization_code",
                                       code=code, redirect_uri=callback_url(),
                                       code_verifier=code_verifier)
        except ODD_ANSWER as exc:
            raise TokenRefused(f"the token endpoint refused the code: {exc}") from None
        except requests.RequestException as exc:
            raise fetch.FetchRefused(f"the token request failed ({type(exc).__name__})") from None
        id_token = token.get("id_token")
        if not isinstance(id_token, str):
            raise TokenRefused("the token response has no id_token")
        claims = verified_claims(connection, id_token, nonce_hash)
        subject = claims.get("sub")
        if not isinstance(subject, str):
            raise TokenRefused("the ID token has no sub")
        info = {}
        # E4.2: the ID token's address and name, else userinfo's (node's oidc-provider and
        # Okta's default authorization server put the profile claims in userinfo only).
        if not (_text(claims, "email") and _text(claims, "name")) \
                and metadata.get("userinfo_endpoint"):
            info = _userinfo(client, metadata["userinfo_endpoint"], subject)
    return Identity(subject, _text(claims, "email") or _text(info, "email"), _name(claims, info))


def _text(claims: dict, name: str) -> str | None:
    value = claims.get(name)
    return value if isinstance(value, str) and value.strip() else None


def _name(claims: dict, info: dict) -> str | None:
    """`name` of the ID token, else of userinfo, else given_name and family_name joined."""
    for source in (claims, info):
        if _text(source, "name"):
            return _text(source, "name")
    for source in (claims, info):
        joined = " ".join(filter(None, (_text(source, "given_name"),
                                        _text(source, "family_name"))))
        if joined:
            return joined
    return None


def _checked_token_answer(response):
    """Authlib's hook before it parses the token answer (`access_token_response`): that answer
    read as UTF-8 (RFC 8259 section 8.1) and refused when it nests too deep."""
    response.encoding = "utf-8"  # what `response.json()` then decodes: the text checked here
    provider_json.check_depth(response.text)
    return response


def _userinfo(client, url: str, subject: str) -> dict:
    """The userinfo claims (empty when the endpoint answers none), about `subject` only."""
    try:
        response = client.get(url, allow_redirects=False)  # with the token just fetched
        info = provider_json.loads(response.content) if response.status_code == 200 else {}
    except ODD_ANSWER as exc:
        raise TokenRefused(f"the userinfo endpoint failed: {exc}") from None
    except requests.RequestException as exc:
        raise fetch.FetchRefused(f"the userinfo request failed ({type(exc).__name__})") from None
    if not isinstance(info, dict) or not info:
        return {}
    if info.get("sub") != subject:  # OpenID Connect Core 5.3.2: else not to be used
        raise TokenRefused("the userinfo answer is about another sub than the ID token")
    return info


def verified_claims(connection: SsoConnection, id_token: str, nonce_hash: str) -> dict:
    """The ID token's claims once its signature (a key of the provider's JWKS, an asymmetric
    algorithm), iss, aud, exp, iat (within 5 minutes), nonce and azp (if any) all hold."""
    try:
        header = jws.extract_compact(id_token.encode("ascii")).protected
    except (JoseError, ValueError, UnicodeError) as exc:
        raise TokenRefused(f"the ID token is malformed: {exc}") from None
    if header.get("alg") not in ALGORITHMS:
        raise TokenRefused(f"the ID token's algorithm {header.get('alg')!r} is not accepted")
    now = clock.utcnow()
    try:
        claims = _signed_claims(connection, id_token, header.get("kid"))
        jwt.JWTClaimsRegistry(
            now=int(now.timestamp()), leeway=LEEWAY,
            iss={"essential": True, "value": connection.oidc_issuer},
            aud={"essential": True, "value": connection.oidc_client_id},
            exp={"essential": True}, iat={"essential": True},
            nonce={"essential": True}).validate(claims)
    except (JoseError, ValueError, TypeError) as exc:
        raise TokenRefused(f"the ID token does not verify: {type(exc).__name__}: {exc}") from None
    iat = claims["iat"]
    if not isinstance(iat, int | float) or abs(now.timestamp() - iat) > IAT_WINDOW.total_seconds():
        raise TokenRefused("the ID token's iat is not within 5 minutes of now")
    nonce = claims["nonce"]
    if not isinstance(nonce, str) or not tokens.matches(nonce, nonce_hash):
        raise TokenRefused("the ID token's nonce is not the one sent")
    # OpenID Connect Core 3.1.3.7 step 5 (E4.6): an azp names the party the token was issued
    # to, which must be this client. Checked here, not by joserfc's registry: it would let a
    # list holding the client id pass, and azp is one string.
    if "azp" in claims and claims["azp"] != connection.oidc_client_id:
        raise TokenRefused("the ID token was issued to another client (azp)")
    return claims


def _signed_claims(connection: SsoConnection, id_token: str, kid) -> dict:
    """The claims, once the signature checks against the provider's keys. The keys come from
    the connection's cache, read again (once) when it has none, when the token names a key id
    it does not hold, or when a token naming no key id does not check: the provider rotated
    its keys. A token naming a cached key id that does not check is refused outright."""
    stale = connection.oidc_jwks is None or (kid is not None
                                             and not _holds(connection.oidc_jwks, kid))
    # The claims are parsed by provider_json's decoder (E4.6); joserfc parses the header
    # itself, but refuses one over 512 bytes first: too short to nest deep.
    try:
        return jwt.decode(id_token, _keys(connection, stale), algorithms=list(ALGORITHMS),
                          decoder_cls=provider_json.Decoder).claims
    except BadSignatureError:
        if stale or kid is not None:
            raise
    return jwt.decode(id_token, _keys(connection, True), algorithms=list(ALGORITHMS),
                      decoder_cls=provider_json.Decoder).claims


def _keys(connection: SsoConnection, refresh: bool) -> KeySet:
    """The provider's keys: the connection's cache, or read again into it with `refresh`."""
    cached = connection.oidc_jwks
    if refresh:
        try:
            cached = fetch.get_json(connection.oidc_metadata["jwks_uri"])
        except fetch.OddAnswer as exc:
            raise TokenRefused(f"the JWKS is not usable: {exc}") from None
        except fetch.FetchRefused as exc:
            raise fetch.FetchRefused(f"the JWKS cannot be read: {exc}") from None
        connection.oidc_jwks, connection.oidc_jwks_fetched_at = cached, clock.utcnow()
    public = [key for key in cached.get("keys", [])
              if isinstance(key, dict) and key.get("kty") != "oct"]  # never a shared secret
    try:
        return KeySet.import_key_set({"keys": public})
    except (JoseError, ValueError, TypeError) as exc:
        raise TokenRefused(f"the provider's JWKS is not usable: {exc}") from None


def _holds(jwks: dict, kid: str) -> bool:
    return any(isinstance(key, dict) and key.get("kid") == kid for key in jwks.get("keys", []))
