"""Access tokens a hostile caller makes or misuses, on the service's API (extensions.md E5.4,
E5.7): every one is a bad bearer, 401 with RFC 9728's challenge and `error="invalid_token"`,
never a 500. The forgeries are made with joserfc: with no signature (`alg: none`), with the
public key as an HMAC secret (its PEM and its JWK), with a key the JWKS does not hold, and with
the service's own key over claims it would never issue (another `iss`, `typ`, a time to come)."""
import json

import pytest
from joserfc import jws, jwt
from joserfc.errors import SecurityWarning
from joserfc.jwk import ECKey, OctKey, RSAKey
from joserfc.util import urlsafe_b64encode

from sections.oauth import keys
from tests.provider_flow import API, BASE, bearer, code_flow, new_app, settings

MCP = "https://mcp.example/mcp"  # a resource beside the API (OAUTH_RESOURCES)
CHALLENGE = (f'Bearer resource_metadata="{BASE}/.well-known/oauth-protected-resource/api", '
             'error="invalid_token"')
# Both kinds of API answer: the sections' envelope and the auth envelope (E5.7).
READS = (("/api/projects", "AUTH_ERROR", "code"), ("/api/auth/session", "INVALID_TOKEN", "error"))


@pytest.fixture
def app(make_app):
    return make_app(**settings(OAUTH_RESOURCES=MCP))


@pytest.fixture
def issued(client, auth):
    """A live token answer to an app of alice's."""
    headers = auth.verified_headers("alice@example.com")
    answer, _ = code_flow(client, headers, new_app(client, headers), scope="openid read write")
    return answer


def claims_of(access_token: str) -> dict:
    """A token's claims, read as anyone can read them (they are not secret)."""
    return json.loads(jws.extract_compact(access_token.encode("ascii")).payload)


def header_of(access_token: str) -> dict:
    return dict(jws.extract_compact(access_token.encode("ascii")).protected)


def published(client) -> list[dict]:
    answer = client.get("/api/oauth2/jwks")
    assert answer.status_code == 200
    return answer.get_json()["keys"]


def refused_everywhere(client, headers) -> None:
    """Every read of the API refuses these headers as a bad bearer (E5.7)."""
    for path, code, key in READS:
        response = client.get(path, headers=headers)
        assert response.status_code == 401, (path, response.get_data(as_text=True))
        assert response.get_json()[key] == code, response.get_json()
        assert response.headers["WWW-Authenticate"] == CHALLENGE


def signed_by_the_service(app, claims: dict, **header) -> str:
    """A token signed by the service's own current RS256 key over `claims`: what the service
    would accept if it checked the signature alone."""
    with app.app_context():
        kid, key = keys.signing_key("RS256")
    return jwt.encode({"alg": "RS256", "typ": "at+jwt", "kid": kid, **header}, claims, key,
                      algorithms=["RS256"])


def test_the_genuine_token_is_accepted(client, issued):
    """The baseline the forgeries below depart from: the token as issued reaches both."""
    answer = issued
    for path, _, _ in READS:
        assert client.get(path, headers=bearer(answer["access_token"])).status_code == 200


def test_a_token_without_a_signature_is_refused(client, issued):
    answer = issued
    claims, header = claims_of(answer["access_token"]), header_of(answer["access_token"])
    for alg_header in ({**header, "alg": "none"}, {"alg": "none", "typ": "at+jwt"}):
        with pytest.warns(SecurityWarning):  # joserfc makes it, and says it is unsafe
            forged = jwt.encode(alg_header, claims, None, algorithms=["none"])
        refused_everywhere(client, bearer(forged))
        # the same with a signature part that is not empty, as some parsers want one
        refused_everywhere(client, bearer(forged + "c2ln"))


def test_the_public_key_as_an_hmac_secret_is_refused(client, issued):
    """The classic confusion: HS256 keyed with the RSA public key, which anyone can fetch, as
    its PEM and as its JWK's JSON (OctKey built directly: joserfc refuses to import a public
    key as a secret, an attacker's library need not)."""
    answer = issued
    claims, header = claims_of(answer["access_token"]), header_of(answer["access_token"])
    public = next(key for key in published(client) if key["kid"] == header["kid"])
    pem = RSAKey.import_key(public).as_pem(private=False)
    for secret in (pem, json.dumps(public).encode(), json.dumps(public, separators=(",", ":"))
                   .encode()):
        forged = jwt.encode({**header, "alg": "HS256"}, claims, OctKey(secret, secret),
                            algorithms=["HS256"])
        refused_everywhere(client, bearer(forged))


def test_a_key_the_jwks_does_not_hold_is_refused(client, issued):
    """Signed with a key of the forger's: under the service's own kid, the ES256 key's kid,
    an unknown kid, and no kid at all."""
    answer = issued
    claims, header = claims_of(answer["access_token"]), header_of(answer["access_token"])
    es256 = next(key["kid"] for key in published(client) if key["alg"] == "ES256")
    mine = RSAKey.generate_key(2048)
    for kid in (header["kid"], es256, mine.thumbprint(), "", "../../etc/passwd", "x" * 300):
        forged = jwt.encode({**header, "kid": kid}, claims, mine, algorithms=["RS256"])
        refused_everywhere(client, bearer(forged))
    no_kid = {name: value for name, value in header.items() if name != "kid"}
    refused_everywhere(client, bearer(jwt.encode(no_kid, claims, mine, algorithms=["RS256"])))
    # ES256 with a P-256 key of the forger's under the service's ES256 kid
    forged = jwt.encode({**header, "alg": "ES256", "kid": es256}, claims,
                        ECKey.generate_key("P-256"), algorithms=["ES256"])
    refused_everywhere(client, bearer(forged))


def test_a_token_for_another_resource_is_refused(client, auth):
    """A genuine token whose audience is the MCP server beside the API (RFC 8707): not a
    bearer of the API."""
    headers = auth.verified_headers("alice@example.com")
    registered = new_app(client, headers)
    answer, _ = code_flow(client, headers, registered, scope="openid read", resource=MCP)
    assert claims_of(answer["access_token"])["aud"] == MCP
    refused_everywhere(client, bearer(answer["access_token"]))


@pytest.mark.parametrize("change", [
    {"iss": "https://evil.example"},
    {"iss": BASE + "/"},
    {"aud": "https://evil.example/api"},
    {"aud": API + "/"},
    {"aud": [API, "https://evil.example/api"]},  # E5.4: one audience
    {"aud": [API]},
    {"exp": "9999999999"},
    {"exp": None},
    {"sub": 42},
    {"sid": ["x"]},
    {"scope": ["read"]},
    {"jti": None},
], ids=repr)
def test_claims_the_service_never_issues_are_refused(app, client, issued, change):
    """Signed with the service's own key, so only the claim's check can refuse it."""
    answer = issued
    claims = {**claims_of(answer["access_token"]), **change}
    claims = {name: value for name, value in claims.items() if value is not None}
    refused_everywhere(client, bearer(signed_by_the_service(app, claims)))


def test_the_service_key_over_the_genuine_claims_is_accepted(app, client, issued):
    """The check of the forgeries above: the test's signing makes a token the API takes."""
    answer = issued
    resigned = signed_by_the_service(app, claims_of(answer["access_token"]))
    assert client.get("/api/projects", headers=bearer(resigned)).status_code == 200


@pytest.mark.parametrize("typ", ["JWT", "jwt", "at+JWT", "application/at+jwt", None])
def test_a_token_not_typed_at_jwt_is_refused(app, client, issued, typ):
    """RFC 9068 4: `typ` is at+jwt (an ID token, typ JWT, is no access token)."""
    answer = issued
    with app.app_context():
        kid, key = keys.signing_key("RS256")
    header = {"alg": "RS256", "kid": kid, **({"typ": typ} if typ is not None else {})}
    forged = jwt.encode(header, claims_of(answer["access_token"]), key, algorithms=["RS256"])
    refused_everywhere(client, bearer(forged))


def test_an_id_token_is_no_access_token(client, issued):
    answer = issued
    refused_everywhere(client, bearer(answer["id_token"]))


def test_an_expired_token_is_refused(client, auth, clock):
    headers = auth.verified_headers("alice@example.com")
    registered = new_app(client, headers)
    answer, _ = code_flow(client, headers, registered, scope="read")
    clock.advance(seconds=answer["expires_in"] - 1)
    assert client.get("/api/projects", headers=bearer(answer["access_token"])).status_code == 200
    clock.advance(seconds=1)  # exp is the first second it no longer holds (RFC 7519 4.1.4)
    refused_everywhere(client, bearer(answer["access_token"]))


@pytest.mark.parametrize("claim", ["nbf", "iat"])
def test_a_token_of_times_to_come_is_refused(app, client, issued, claim):
    """Not before, or issued, a minute from now: not yet valid (the service's own clock)."""
    answer = issued
    claims = claims_of(answer["access_token"])
    forged = signed_by_the_service(app, {**claims, claim: claims["iat"] + 60})
    refused_everywhere(client, bearer(forged))
    # the same claim in the past is no reason to refuse
    fine = signed_by_the_service(app, {**claims, claim: claims["iat"] - 60})
    assert client.get("/api/projects", headers=bearer(fine)).status_code == 200


def test_a_token_in_the_query_string_is_never_read(client, issued):
    """RFC 6750 2.3's query parameter and 2.2's form body are not bearer methods of the API
    (bearer_methods_supported: header), nor is a member of a JSON body."""
    answer = issued
    the_token = answer["access_token"]
    for path, code, key in READS:
        response = client.get(path, query_string={"access_token": the_token})
        assert response.status_code == 401 and response.get_json()[key] == code
        # no token was sent in the header: the challenge names the metadata alone
        assert response.headers["WWW-Authenticate"] == (
            f'Bearer resource_metadata="{BASE}/.well-known/oauth-protected-resource/api"')
    posted = client.post("/api/projects", json={"access_token": the_token, "name": "x"})
    assert posted.status_code == 401 and posted.get_json()["code"] == "AUTH_ERROR"
    as_form = client.post("/api/projects", data={"access_token": the_token, "name": "x"})
    assert as_form.status_code == 415  # the API takes JSON: a form body is not even read


def test_an_oversized_bearer_is_refused(app, client, issued):
    answer = issued
    padded = answer["access_token"] + "A" * 5000
    refused_everywhere(client, bearer(padded))
    refused_everywhere(client, bearer("a" * 100_000))
    # signed by the service itself, but longer than any token it issues
    padded_claims = {**claims_of(answer["access_token"]), "pad": "y" * 4000}
    refused_everywhere(client, bearer(signed_by_the_service(app, padded_claims)))


@pytest.mark.parametrize("sent", [
    "garbage",
    "a.b.c",
    "..",
    "a..c",
    "eyJ.eyJ.eyJ",
    "e30.e30.e30",  # {} . {} . {}
    "W10.W10.W10",  # [] . [] . []
    "bnVsbA.bnVsbA.bnVsbA",  # null
    "MTIz.MTIz.MTIz",  # 123
    "_w.e30.e30",  # not UTF-8
    "eyJhbGciOiJSUzI1NiJ9.e30.AAAA",  # an RS256 header, no kid, a short signature
    'eyJhbGciOiJSUzI1NiIsImtpZCI6MX0.e30.AAAA',  # a kid that is a number
    "eyJhbGciOiJSUzI1NiIsImtpZCI6e319.e30.AAAA",  # a kid that is an object
    "eyJhbGciOlsiUlMyNTYiXX0.e30.AAAA",  # alg a list
    "ort_" + "A" * 43,  # a refresh token's form
    "oa_" + "A" * 22,
], ids=repr)
def test_garbage_is_refused(client, sent):
    refused_everywhere(client, bearer(sent))


def test_a_tampered_token_is_refused(client, issued):
    """The genuine token with one part changed: claims (a wider scope), header, signature."""
    answer = issued
    head, body, signature = answer["access_token"].split(".")
    wider = {**claims_of(answer["access_token"]), "scope": "openid read write admin"}
    swapped = urlsafe_b64encode(json.dumps(wider).encode()).decode()
    flipped = signature[:-2] + ("AA" if signature[-2:] != "AA" else "BB")
    for sent in (f"{head}.{swapped}.{signature}", f"{head}.{body}.{flipped}",
                 f"{head}.{body}.", f"{head}.{body}", f"{head}.{body}.{signature}.{signature}",
                 f" {head}.{body}.{signature}x"):
        refused_everywhere(client, bearer(sent))
