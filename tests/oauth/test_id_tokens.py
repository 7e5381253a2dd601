"""OpenID Connect's ID token through HTTP (extensions.md E5.6): its claims and their values
(iss, sub, aud, azp, exp 10 minutes after iat, auth_time, nonce when sent, at_hash), the user's
claims by scope with a claim of no value left out, the same claims at userinfo, and a refresh
with `openid` answering a new ID token without a nonce."""
import base64
import hashlib

import pytest
from joserfc import jws, jwt
from joserfc.jwk import KeySet

from tests.provider_flow import BASE, bearer, code_flow, new_app, settings, token

NONCE = "n-0S6_WzA2Mj"  # tests/provider_flow.py's authorize sends it


@pytest.fixture
def app(make_app):
    return make_app(**settings())


@pytest.fixture
def alice(clock, auth):
    """Alice signed in at the clock's time, her address verified."""
    return auth.verified_headers("alice@example.com")


def verified(client, id_token: str) -> dict:
    """The ID token's claims once its signature checks against the JWKS, as a client does."""
    published = client.get("/api/oauth2/jwks").get_json()
    kid = dict(jws.extract_compact(id_token.encode("ascii")).protected)["kid"]
    (key,) = [key for key in published["keys"] if key["kid"] == kid]
    return jwt.decode(id_token, KeySet.import_key_set(published), algorithms=[key["alg"]]).claims


def half_hash(access_token: str) -> str:
    """OpenID Connect Core 3.1.3.6: the left half of the SHA-256 of the access token."""
    digest = hashlib.sha256(access_token.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode("ascii")


def user_id(client, headers) -> str:
    return client.get("/api/auth/session", headers=headers).get_json()["user"]["id"]


def test_the_id_token_holds_the_claims_of_e5_6_with_their_values(client, alice, clock):
    signed_in = int(clock.now.timestamp())
    profile = client.patch("/api/auth/user", headers=alice, json={
        "name": "Alice Liddell", "image": "https://img.example/alice.png"})
    assert profile.status_code == 200, profile.get_json()
    registered = new_app(client, alice)
    client_id = registered["app"]["clientId"]
    clock.advance(minutes=5)  # the consent comes later than the sign-in
    answer, _ = code_flow(client, alice, registered,
                          scope="openid email profile read offline_access")
    claims = verified(client, answer["id_token"])
    now = int(clock.now.timestamp())
    assert claims == {
        "iss": BASE, "sub": user_id(client, alice), "aud": client_id, "azp": client_id,
        "iat": now, "exp": now + 600, "auth_time": signed_in, "nonce": NONCE,
        "at_hash": half_hash(answer["access_token"]),
        "email": "alice@example.com", "email_verified": True,
        "name": "Alice Liddell", "picture": "https://img.example/alice.png"}
    assert dict(jws.extract_compact(answer["id_token"].encode()).protected)["alg"] == "RS256"
    info = client.get("/api/oauth2/userinfo", headers=bearer(answer["access_token"]))
    assert info.status_code == 200, info.get_data(as_text=True)
    assert info.get_json() == {name: claims[name] for name in
                               ("sub", "email", "email_verified", "name", "picture")}


def test_without_a_nonce_or_the_scopes_the_claims_are_not_there(client, alice):
    registered = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered, scope="openid read", nonce=None)
    claims = verified(client, answer["id_token"])
    assert set(claims) == {"iss", "sub", "aud", "azp", "iat", "exp", "auth_time", "at_hash"}
    info = client.get("/api/oauth2/userinfo", headers=bearer(answer["access_token"]))
    assert info.get_json() == {"sub": claims["sub"]}


def test_a_claim_with_no_value_is_left_out_not_null(client, alice):
    """An account with neither name nor picture: `profile` gives no `name`, no `picture`."""
    registered = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered, scope="openid profile email")
    claims = verified(client, answer["id_token"])
    assert "name" not in claims and "picture" not in claims
    assert claims["email"] == "alice@example.com" and claims["email_verified"] is True
    info = client.get("/api/oauth2/userinfo", headers=bearer(answer["access_token"]))
    assert info.get_json() == {"sub": claims["sub"], "email": "alice@example.com",
                               "email_verified": True}
    assert None not in info.get_json().values()


def test_an_unverified_address_is_email_verified_false(client, alice, auth):
    registered = new_app(client, alice)  # alice's app, bob's consent
    bob = auth.headers("bob@example.com")
    answer, _ = code_flow(client, bob, registered, scope="openid email")
    claims = verified(client, answer["id_token"])
    assert claims["email"] == "bob@example.com" and claims["email_verified"] is False
    assert claims["sub"] == user_id(client, bob)


def test_without_openid_there_is_no_id_token(client, alice):
    registered = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered, scope="read offline_access")
    assert "id_token" not in answer
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer["refresh_token"])
    assert renewed.status_code == 200 and "id_token" not in renewed.get_json()


def test_a_refresh_with_openid_answers_a_new_id_token_without_nonce(client, alice, clock):
    signed_in = int(clock.now.timestamp())
    registered = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered,
                          scope="openid email read offline_access")
    first = verified(client, answer["id_token"])
    assert first["nonce"] == NONCE
    clock.advance(minutes=20)  # the first ID token has expired by now

    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer["refresh_token"])
    assert renewed.status_code == 200, renewed.get_json()
    renewed = renewed.get_json()
    claims = verified(client, renewed["id_token"])
    now = int(clock.now.timestamp())
    assert "nonce" not in claims
    assert claims == {**{name: value for name, value in first.items() if name != "nonce"},
                      "iat": now, "exp": now + 600, "auth_time": signed_in,
                      "at_hash": half_hash(renewed["access_token"])}
    assert claims["at_hash"] != first["at_hash"]

    # a refresh narrowed to a scope without openid: no ID token
    narrowed = token(client, registered, grant_type="refresh_token",
                     refresh_token=renewed["refresh_token"], scope="read")
    assert narrowed.status_code == 200, narrowed.get_json()
    assert narrowed.get_json()["scope"] == "read" and "id_token" not in narrowed.get_json()
