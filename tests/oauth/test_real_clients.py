"""The authorization server with clients nobody here wrote (extensions.md E5: "clients that must
work unchanged against it"): panva's openid-client 6 as a relying party, oauth4webapi 3 as a
resource server validating the access tokens (RFC 9068), and authlib's own client as a
confidential app. The service runs under waitress on a loopback port and is its own issuer; the
user's part (the consent) goes through the JSON API as the consent page's does, the client's
part is the library's alone (tests/oauth/node/ holds the Node.js ones)."""
import json
import os
import pathlib
import subprocess

import pytest
import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

from tests.conftest import ISSUED_SECRETS, free_port
from tests.provider_flow import consent_at as consent
from tests.provider_flow import query
from tests.threaded_server import serve

NODE = pathlib.Path(__file__).parent / "node"
REDIRECT = "https://app.example/callback"
OTHER_RESOURCE = "https://mcp.example/mcp"  # OAUTH_RESOURCES: an audience that is not the API
TIMEOUT = 30


@pytest.fixture(scope="module", autouse=True)
def node_clients():
    """The Node.js clients, installed from their lock file (scripts/test.sh runs `npm ci`)."""
    installed = NODE / "node_modules" / ".package-lock.json"
    assert installed.exists(), f"the Node.js clients are not installed: npm ci --prefix {NODE}"


@pytest.fixture
def port():
    return free_port()


@pytest.fixture
def app(make_app, port):
    base = f"http://127.0.0.1:{port}"
    return make_app(APP_BASE_URL=base, API_BASE_URL=base, OAUTH_RESOURCES=OTHER_RESOURCE)


@pytest.fixture
def issuer(app, port):
    """The service under waitress on its port: its URL is the issuer (API_BASE_URL)."""
    with serve(app, port=port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


def new_app(issuer, headers, **fields) -> dict:
    """{app, clientSecret} of an app registered through the API."""
    made = requests.post(f"{issuer}/api/auth/oauth-apps", headers=headers, timeout=TIMEOUT,
                         json={"name": "Calendar sync", "redirectUris": [REDIRECT], **fields})
    assert made.status_code == 201, made.text
    answer = made.json()
    if answer["clientSecret"]:
        ISSUED_SECRETS.add(answer["clientSecret"])
    return answer


def noted(*secrets):
    """The tokens a client got: none may appear in the run's log (tests/conftest.py)."""
    ISSUED_SECRETS.update(secret for secret in secrets if secret)


class OpenIdClient:
    """openid-client 6 as one app: each step a run of tests/oauth/node/openid_client.mjs."""

    def __init__(self, issuer, registered, *, auth="basic", id_token_alg=None,
                 discovery="oidc"):
        app = registered["app"]
        self.env = {"ISSUER": issuer, "CLIENT_ID": app["clientId"],
                    "CLIENT_SECRET": registered["clientSecret"] or "",
                    "CLIENT_AUTH": auth if registered["clientSecret"] else "none",
                    "ID_TOKEN_ALG": id_token_alg or "", "DISCOVERY": discovery}

    def run(self, step, **given) -> dict:
        return node("openid_client.mjs", step, json.dumps(given), env=self.env)

    def result(self, step, **given):
        answer = self.run(step, **given)
        assert answer["ok"], answer
        return answer["result"]

    def sign_in(self, issuer, headers, scope="openid email profile read offline_access",
                resources=(), resource=None) -> dict:
        """The code flow as the library drives it, the user consenting: the token answer."""
        asked = self.result("authorize", redirectUri=REDIRECT, scope=scope,
                            resources=list(resources))
        back, _ = consent(issuer, headers, asked["url"])
        tokens = self.result("callback", callbackUrl=back, verifier=asked["verifier"],
                             state=asked["state"], nonce=asked["nonce"], resource=resource)
        noted(tokens["access_token"], tokens.get("refresh_token"), tokens.get("id_token"))
        return tokens


def node(script, *args, env) -> dict:
    done = subprocess.run(["node", script, *args], cwd=NODE, capture_output=True, text=True,
                          timeout=120, env={"PATH": os.environ["PATH"], **env})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def validated(issuer, token, audience) -> dict:
    """oauth4webapi's validateJwtAccessToken of `token` for `audience`."""
    return node("oauth4webapi.mjs", json.dumps({"token": token, "audience": audience}),
                env={"ISSUER": issuer})


def test_openid_client_discovers_the_server_both_ways(issuer, alice):
    registered = new_app(issuer, alice, type="public")
    for discovery in ("oidc", "oauth2"):
        found = OpenIdClient(issuer, registered, discovery=discovery).result("discover")
        assert found["issuer"] == issuer
        assert found["authorization_endpoint"] == f"{issuer}/api/oauth2/authorize"
        assert found["code_challenge_methods_supported"] == ["S256"]
        assert found["authorization_response_iss_parameter_supported"] is True


def test_a_public_app_signs_in_with_openid_client(issuer, alice):
    """A public app (client_id alone): the code flow, the ID token validated (signature by the
    JWKS, iss, aud, nonce, exp), userinfo, the API, refresh with rotation, revocation."""
    registered = new_app(issuer, alice, type="public")
    rp = OpenIdClient(issuer, registered)
    asked = rp.result("authorize", redirectUri=REDIRECT,
                      scope="openid email profile read offline_access")
    back, shown = consent(issuer, alice, asked["url"])
    assert shown["client"]["clientId"] == registered["app"]["clientId"]
    checks = {"verifier": asked["verifier"], "state": asked["state"], "nonce": asked["nonce"]}
    # The redirect's iss (RFC 9207) and state are the library's to check, before any exchange.
    for name in ("iss", "state"):
        refused = rp.run("callback", callbackUrl=back.replace(f"{name}=", f"{name}=x"), **checks)
        assert not refused["ok"], refused
        assert refused["error"]["cause"]["message"] == f'unexpected "{name}" ' + (
            "(issuer) " if name == "iss" else "") + "response parameter value"
    tokens = rp.result("callback", callbackUrl=back, **checks)
    noted(tokens["access_token"], tokens["refresh_token"], tokens["id_token"])
    claims = tokens["claims"]
    me = requests.get(f"{issuer}/api/auth/session", headers=alice, timeout=TIMEOUT).json()["user"]
    assert claims["iss"] == issuer and claims["aud"] == registered["app"]["clientId"]
    assert claims["sub"] == me["id"] and claims["email"] == "alice@example.com"
    assert tokens["scope"] == "openid email profile read offline_access"

    info = rp.result("userinfo", accessToken=tokens["access_token"], subject=me["id"])
    assert info["sub"] == me["id"] and info["email_verified"] is True
    someone_else = rp.run("userinfo", accessToken=tokens["access_token"], subject="not-alice")
    assert not someone_else["ok"], someone_else  # the library compares sub itself
    called = rp.result("resource", accessToken=tokens["access_token"],
                       url=f"{issuer}/api/auth/session")
    assert called["status"] == 200 and called["body"]["oauth"]["clientId"] == \
        registered["app"]["clientId"]

    renewed = rp.result("refresh", refreshToken=tokens["refresh_token"])
    noted(renewed["access_token"], renewed["refresh_token"], renewed.get("id_token"))
    assert renewed["refresh_token"] != tokens["refresh_token"]  # rotation (E5.4)
    assert renewed["claims"]["sub"] == me["id"] and "nonce" not in renewed["claims"]
    replayed = rp.run("refresh", refreshToken=tokens["refresh_token"])
    assert not replayed["ok"] and replayed["error"]["error"] == "invalid_grant", replayed

    assert rp.result("revoke", token=renewed["refresh_token"], hint="refresh_token")
    after = rp.run("refresh", refreshToken=renewed["refresh_token"])
    assert not after["ok"] and after["error"]["error"] == "invalid_grant", after
    # The authorization is revoked: its access tokens stop too, and the API says so in the
    # challenge that the library reads (RFC 6750 3.1).
    refused = rp.run("resource", accessToken=renewed["access_token"],
                     url=f"{issuer}/api/auth/session")
    assert not refused["ok"] and refused["error"]["status"] == 401, refused
    challenge = refused["error"]["challenges"][0]
    assert challenge["scheme"] == "bearer" and challenge["parameters"] == {
        "error": "invalid_token",
        "resource_metadata": f"{issuer}/.well-known/oauth-protected-resource/api"}
    # A public app may not introspect (E5.5).
    introspected = rp.run("introspect", token=renewed["access_token"])
    assert not introspected["ok"] and introspected["error"]["status"] == 401, introspected
    assert introspected["error"]["challenges"][0]["parameters"]["error"] == "invalid_client"


@pytest.mark.parametrize("method", ["basic", "post"])
def test_a_confidential_app_with_es256_id_tokens_uses_openid_client(issuer, alice, method):
    """A confidential app (client_secret_basic, client_secret_post) whose ID tokens are ES256:
    the library accepts only that algorithm for them; introspection and revocation of both
    kinds of token."""
    registered = new_app(issuer, alice, type="confidential", idTokenAlg="ES256")
    rp = OpenIdClient(issuer, registered, auth=method, id_token_alg="ES256")
    tokens = rp.sign_in(issuer, alice, scope="openid email read offline_access")
    assert tokens["claims"]["email"] == "alice@example.com" and "name" not in tokens["claims"]

    live = rp.result("introspect", token=tokens["access_token"])
    assert live["active"] is True and live["client_id"] == registered["app"]["clientId"]
    assert live["aud"] == f"{issuer}/api" and live["username"] == "alice@example.com"
    assert rp.result("introspect", token=tokens["refresh_token"])["active"] is True

    assert rp.result("revoke", token=tokens["access_token"], hint="access_token")
    assert rp.result("introspect", token=tokens["access_token"]) == {"active": False}
    refused = rp.run("resource", accessToken=tokens["access_token"],
                     url=f"{issuer}/api/projects")
    assert not refused["ok"] and refused["error"]["status"] == 401, refused
    # The refresh token lives on (an access token is revoked by its jti alone) and rotates.
    renewed = rp.result("refresh", refreshToken=tokens["refresh_token"])
    noted(renewed["access_token"], renewed["refresh_token"], renewed.get("id_token"))
    assert rp.result("introspect", token=tokens["refresh_token"]) == {"active": False}
    assert rp.result("introspect", token=renewed["access_token"])["active"] is True

    # The same app expecting RS256 ID tokens refuses the ES256 one: the check is the library's.
    expecting_rs256 = OpenIdClient(issuer, registered, auth=method, id_token_alg="RS256")
    asked = expecting_rs256.result("authorize", redirectUri=REDIRECT, scope="openid read")
    back, _ = consent(issuer, alice, asked["url"])
    refused = expecting_rs256.run("callback", callbackUrl=back, verifier=asked["verifier"],
                                  state=asked["state"], nonce=asked["nonce"])
    assert not refused["ok"], refused
    assert refused["error"]["cause"]["message"] == 'unexpected JWT "alg" header parameter'


def test_a_wrong_secret_is_refused_to_openid_client(issuer, alice):
    """A confidential app's code exchanged with a wrong secret: 401 invalid_client with its
    challenge (RFC 6749 5.2), which the library reports as such."""
    registered = new_app(issuer, alice, type="confidential")
    rp = OpenIdClient(issuer, {**registered, "clientSecret": "ocs_" + "x" * 43})
    asked = rp.result("authorize", redirectUri=REDIRECT, scope="openid read")
    back, _ = consent(issuer, alice, asked["url"])
    refused = rp.run("callback", callbackUrl=back, verifier=asked["verifier"],
                     state=asked["state"], nonce=asked["nonce"])
    assert not refused["ok"] and refused["error"]["status"] == 401, refused
    assert refused["error"]["challenges"][0]["parameters"]["error"] == "invalid_client"


def test_oauth4webapi_validates_the_access_tokens_for_their_audience(issuer, alice):
    """RFC 9068 as a resource server checks it (oauth4webapi's validateJwtAccessToken): a token
    for the API passes with the API as audience; one for another resource (RFC 8707) of the
    same authorization is refused for the API and passes for its own audience; a token whose
    signature does not hold is refused."""
    registered = new_app(issuer, alice, type="confidential")
    rp = OpenIdClient(issuer, registered)
    api = f"{issuer}/api"
    tokens = rp.sign_in(issuer, alice, scope="openid read offline_access",
                        resources=[api, OTHER_RESOURCE])
    accepted = validated(issuer, tokens["access_token"], api)
    assert accepted["ok"], accepted
    claims = accepted["result"]
    assert claims["aud"] == api and claims["client_id"] == registered["app"]["clientId"]
    assert claims["sub"] == tokens["claims"]["sub"] and claims["scope"] == tokens["scope"]

    other = rp.result("refresh", refreshToken=tokens["refresh_token"],
                      parameters={"resource": OTHER_RESOURCE})
    noted(other["access_token"], other["refresh_token"], other.get("id_token"))
    refused = validated(issuer, other["access_token"], api)
    assert not refused["ok"], refused
    assert refused["error"]["message"] == 'unexpected JWT "aud" (audience) claim value'
    assert validated(issuer, other["access_token"], OTHER_RESOURCE)["ok"]
    # The API itself refuses it as the library did.
    assert requests.get(f"{issuer}/api/projects", timeout=TIMEOUT, headers={
        "Authorization": f"Bearer {other['access_token']}"}).status_code == 401

    header, payload, signature = tokens["access_token"].split(".")
    forged = ".".join([header, payload, signature[:-4] + ("AAAA" if signature[-4:] != "AAAA"
                                                          else "BBBB")])
    refused = validated(issuer, forged, api)
    assert not refused["ok"] and refused["error"]["message"] == "JWT signature verification failed"


def id_token_claims(session, metadata, token, nonce):
    """The ID token checked as authlib's OpenID client checks it (its OpenIDMixin's
    parse_id_token): the signature by the JWKS, then CodeIDToken's iss, aud, exp, nonce and
    at_hash (OpenID Connect Core 3.1.3.6)."""
    keys = KeySet.import_key_set(session.get(metadata["jwks_uri"], timeout=TIMEOUT,
                                             withhold_token=True).json())
    decoded = jwt.decode(token["id_token"], key=keys, registry=JWSRegistry(
        algorithms=metadata["id_token_signing_alg_values_supported"]))
    claims = CodeIDToken(decoded.claims, decoded.header, {"iss": {"values": [metadata["issuer"]]}},
                         {"nonce": nonce, "client_id": session.client_id,
                          "access_token": token["access_token"]})
    claims.validate(leeway=0)
    return claims


@pytest.mark.parametrize(("method", "alg"), [("client_secret_basic", "RS256"),
                                             ("client_secret_post", "ES256")])
def test_a_confidential_app_on_authlibs_client(issuer, alice, method, alg):
    """authlib's OAuth2Session (requests) as a confidential app: the code flow with PKCE and
    state, the API called with the token, refresh, introspection and revocation."""
    registered = new_app(issuer, alice, type="confidential", idTokenAlg=alg)
    metadata = requests.get(f"{issuer}/.well-known/oauth-authorization-server",
                            timeout=TIMEOUT).json()
    session = OAuth2Session(registered["app"]["clientId"], registered["clientSecret"],
                            scope="openid read offline_access", redirect_uri=REDIRECT,
                            code_challenge_method="S256", token_endpoint_auth_method=method)
    verifier, nonce = generate_token(48), generate_token(20)
    url, state = session.create_authorization_url(metadata["authorization_endpoint"],
                                                  code_verifier=verifier, nonce=nonce)
    back, shown = consent(issuer, alice, url)
    assert shown["client"]["name"] == "Calendar sync" and query(back)["state"] == state
    token = session.fetch_token(metadata["token_endpoint"], authorization_response=back,
                                code_verifier=verifier)
    noted(token["access_token"], token["refresh_token"], token["id_token"])
    assert token["token_type"] == "Bearer" and token["scope"] == "openid read offline_access"
    claims = id_token_claims(session, metadata, token, nonce)
    assert claims["aud"] == registered["app"]["clientId"] and claims["at_hash"]
    assert claims.header["alg"] == alg

    projects = session.get(f"{issuer}/api/projects", timeout=TIMEOUT)
    assert projects.status_code == 200, projects.text
    written = session.post(f"{issuer}/api/projects", json={"name": "x"}, timeout=TIMEOUT)
    assert written.status_code == 403  # read only

    first = token
    renewed = session.refresh_token(metadata["token_endpoint"])
    noted(renewed["access_token"], renewed["refresh_token"], renewed.get("id_token"))
    assert renewed["refresh_token"] != first["refresh_token"]
    assert session.get(f"{issuer}/api/auth/session", timeout=TIMEOUT).json()["oauth"][
        "clientId"] == registered["app"]["clientId"]

    introspected = session.introspect_token(metadata["introspection_endpoint"],
                                            token=renewed["access_token"])
    assert introspected.status_code == 200 and introspected.json()["active"] is True
    assert introspected.json()["scope"] == "openid read offline_access"
    revoked = session.revoke_token(metadata["revocation_endpoint"],
                                   token=renewed["refresh_token"],
                                   token_type_hint="refresh_token")
    assert revoked.status_code == 200, revoked.text
    assert session.introspect_token(metadata["introspection_endpoint"],
                                    token=renewed["access_token"]).json() == {"active": False}
    refused = session.get(f"{issuer}/api/projects", timeout=TIMEOUT)
    assert refused.status_code == 401
    assert 'error="invalid_token"' in refused.headers["WWW-Authenticate"]
