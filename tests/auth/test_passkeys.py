"""Passkeys through the HTTP interface, with a software authenticator (contract section 5)."""
import hashlib
import threading

import cbor2
import pyotp
import pytest
import requests
import sqlalchemy as sa
from webauthn.helpers import base64url_to_bytes

from core.db import db
from tests.conftest import PASSWORD
from tests.http import refused
from tests.second_factors import ORIGIN, REGISTER, SIGN_IN, begin_register, begin_sign_in
from tests.second_factors import passkey_sign_in as sign_in  # in this file, the passkey's
from tests.second_factors import register_passkey as register
from tests.softauthn import SoftAuthenticator, b64
from tests.threaded_server import serve


@pytest.fixture
def alice(client, auth):
    """A signed-up user with one ES256 passkey: (headers, authenticator, user)."""
    headers = auth.headers("alice@example.com")
    authenticator = SoftAuthenticator("ES256")
    assert register(client, headers, authenticator).status_code == 201
    user = client.get("/api/auth/session", headers=headers).get_json()["user"]
    return headers, authenticator, user


# --- both ceremonies ---------------------------------------------------------------------------

@pytest.mark.parametrize("alg", ["ES256", "EdDSA"])
def test_register_then_sign_in_without_email(client, auth, alg):
    headers = auth.headers()
    user = client.get("/api/auth/session", headers=headers).get_json()["user"]
    step = begin_register(client, headers)
    options = step["options"]
    assert options["rp"] == {"id": "localhost", "name": "Auth service"}
    assert options["user"]["id"] == b64(user["id"].encode())
    assert options["user"]["name"] == "alice@example.com"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    assert options["attestation"] == "none"
    assert options["excludeCredentials"] == []
    assert {p["alg"] for p in options["pubKeyCredParams"]} >= {-7, -8}

    authenticator = SoftAuthenticator(alg)
    credential = authenticator.create(options, ORIGIN)
    response = client.post(REGISTER, headers=headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert response.status_code == 201, response.get_json()
    passkey = response.get_json()["passkey"]
    assert set(passkey) == {"id", "name", "createdAt"} and passkey["name"] == "Passkey"
    assert passkey["createdAt"].endswith("Z")

    step = begin_sign_in(client)
    assert step["options"]["allowCredentials"] == []  # discoverable credentials
    assert step["options"]["userVerification"] == "required"
    assert step["options"]["rpId"] == "localhost"
    assertion = authenticator.get(step["options"], ORIGIN)
    response = client.post(SIGN_IN, json={"challengeId": step["challengeId"],
                                          "credential": assertion})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["user"]["id"] == user["id"]
    bearer = {"Authorization": f"Bearer {body['session']['token']}"}
    assert client.get("/api/auth/session", headers=bearer).status_code == 200

    listed = client.get("/api/auth/passkeys", headers=headers).get_json()["passkeys"]
    assert [p["id"] for p in listed] == [passkey["id"]]
    assert listed[0]["lastUsedAt"].endswith("Z")


def test_sign_in_with_email_lists_no_credentials_and_signs_in_that_user(client, alice):
    """Issue 11 item 9: the options never list an account's credentials (the discoverable
    flow finds them), so an address's passkeys cannot be enumerated."""
    headers, authenticator, user = alice
    step = begin_sign_in(client, "  Alice@Example.com ")
    assert step["options"]["allowCredentials"] == []
    assertion = authenticator.get(step["options"], ORIGIN)
    response = client.post(SIGN_IN, json={"challengeId": step["challengeId"],
                                          "credential": assertion})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["id"] == user["id"]


def test_unknown_email_answers_like_an_account_with_or_without_passkeys(client, auth, alice):
    auth.sign_up("bob@example.com")  # an account without passkeys
    answers = [begin_sign_in(client, email) for email in
               ("nobody@example.com", "bob@example.com", "alice@example.com")]
    unknown, no_passkeys, with_passkeys = answers

    def shape(step):  # everything but the random challenge and its id
        options = {k: v for k, v in step["options"].items() if k != "challenge"}
        return sorted(step), options, len(step["challengeId"]), len(step["options"]["challenge"])

    assert shape(unknown) == shape(no_passkeys) == shape(with_passkeys)
    assert unknown["options"]["allowCredentials"] == []
    # Nobody's passkey signs in to an e-mail that has no account.
    _, authenticator, _ = alice
    assertion = authenticator.get(unknown["options"], ORIGIN)
    response = client.post(SIGN_IN, json={"challengeId": unknown["challengeId"],
                                          "credential": assertion})
    assert refused(response, 401, "INVALID_PASSKEY")


@pytest.mark.parametrize("email", [None, "alice@example.com"], ids=["discoverable", "email"])
def test_sign_in_with_two_factor_on_asks_no_totp_code(client, mail, alice, clock, email):
    headers, authenticator, user = alice
    client.post("/api/auth/verify-email", json={"token": mail.last_token("alice@example.com")})
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    enabled = client.post("/api/auth/two-factor/verify", headers=headers,
                          json={"code": pyotp.TOTP(secret).at(clock.now)})
    assert enabled.status_code == 200, enabled.get_json()
    password = client.post("/api/auth/sign-in",
                           json={"email": "alice@example.com", "password": PASSWORD})
    assert refused(password, 401, "TOTP_REQUIRED")  # two-factor is really on

    response = sign_in(client, authenticator, email)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert set(body) == {"user", "session"}
    assert body["user"]["id"] == user["id"] and body["user"]["twoFactorEnabled"] is True
    bearer = {"Authorization": f"Bearer {body['session']['token']}"}
    assert client.get("/api/auth/session", headers=bearer).status_code == 200


def challenge_rows(app):
    with app.app_context():
        return [dict(row._mapping) for row in
                db.session.execute(sa.text("SELECT * FROM passkey_challenges")).all()]


def test_only_the_digest_of_the_challenge_id_is_stored(app, client, auth):
    headers = auth.headers()
    challenge_ids = [begin_register(client, headers)["challengeId"],
                     begin_sign_in(client)["challengeId"],
                     begin_sign_in(client, "alice@example.com")["challengeId"]]
    rows = challenge_rows(app)
    assert len(rows) == 3
    assert sorted(row["token_hash"] for row in rows) == sorted(
        hashlib.sha256(c.encode()).hexdigest() for c in challenge_ids)
    for challenge_id in challenge_ids:
        plain = [challenge_id.encode(), base64url_to_bytes(challenge_id)]
        for row in rows:
            for column, value in row.items():
                if isinstance(value, memoryview):
                    value = value.tobytes()
                if isinstance(value, bytes):
                    assert not any(p in value for p in plain), column
                else:
                    assert challenge_id not in str(value), column


def test_registration_excludes_existing_passkeys_and_takes_a_name(client, alice):
    headers, authenticator, _ = alice
    excluded = begin_register(client, headers)["options"]["excludeCredentials"]
    assert [c["id"] for c in excluded] == [b64(authenticator.credentials[0].id)]
    response = register(client, headers, SoftAuthenticator("EdDSA"), name="  Work laptop ")
    assert response.status_code == 201
    assert response.get_json()["passkey"]["name"] == "Work laptop"
    names = [p["name"] for p in client.get("/api/auth/passkeys", headers=headers)
             .get_json()["passkeys"]]
    assert names == ["Passkey", "Work laptop"]
    assert len(begin_register(client, headers)["options"]["excludeCredentials"]) == 2


def test_the_same_credential_cannot_be_registered_twice(client, alice):
    headers, authenticator, _ = alice
    step = begin_register(client, headers)
    again = SoftAuthenticator().create(step["options"], ORIGIN,
                                       credential_id=authenticator.credentials[0].id)
    response = client.post(REGISTER, headers=headers,
                           json={"challengeId": step["challengeId"], "credential": again})
    assert refused(response, 400, "INVALID_PASSKEY")


def test_the_raw_id_must_name_the_attested_credential(client, alice):
    headers, _, _ = alice
    step = begin_register(client, headers)
    credential = SoftAuthenticator().create(step["options"], ORIGIN)
    credential["id"] = credential["rawId"] = b64(b"another id")
    response = client.post(REGISTER, headers=headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert refused(response, 400, "INVALID_PASSKEY")


# --- refusals ----------------------------------------------------------------------------------

def test_wrong_origin_is_refused(client, auth, alice):
    response = register(client, auth.headers("bob@example.com"), SoftAuthenticator(),
                        origin="http://evil.example")
    assert refused(response, 400, "INVALID_PASSKEY")
    _, authenticator, _ = alice
    assert refused(sign_in(client, authenticator, origin="http://localhost:5001"),
                   401, "INVALID_PASSKEY")


def test_wrong_rp_id_hash_is_refused(client, auth, alice):
    response = register(client, auth.headers("bob@example.com"), SoftAuthenticator(),
                        rp_id="evil.example")
    assert refused(response, 400, "INVALID_PASSKEY")
    _, authenticator, _ = alice
    assert refused(sign_in(client, authenticator, rp_id="example.com"), 401, "INVALID_PASSKEY")


def test_missing_user_verification_is_refused(client, auth, alice):
    response = register(client, auth.headers("bob@example.com"), SoftAuthenticator(uv=False))
    assert refused(response, 400, "INVALID_PASSKEY")
    _, authenticator, _ = alice
    authenticator.uv = False
    assert refused(sign_in(client, authenticator), 401, "INVALID_PASSKEY")


def test_tampered_signature_is_refused(client, alice):
    _, authenticator, _ = alice

    def flip_a_bit(credential):
        signature = bytearray(credential["response"]["signature"].encode())
        signature[10] = ord("A") if signature[10] != ord("A") else ord("B")
        credential["response"]["signature"] = signature.decode()

    assert refused(sign_in(client, authenticator, tamper=flip_a_bit), 401, "INVALID_PASSKEY")

    def other_client_data(credential):  # signed data no longer matches the signature
        credential["response"]["clientDataJSON"] = b64(
            b'{"type":"webauthn.get","challenge":"x","origin":"http://localhost:5000"}')

    assert refused(sign_in(client, authenticator, tamper=other_client_data),
                   401, "INVALID_PASSKEY")


def test_a_credential_of_another_user_is_refused(client, auth, alice):
    _, alice_authenticator, _ = alice
    bob_headers = auth.headers("bob@example.com")
    bob_authenticator = SoftAuthenticator("EdDSA")
    assert register(client, bob_headers, bob_authenticator).status_code == 201
    bob_handle = bob_authenticator.credentials[0].user_handle

    # Bob's e-mail named, Alice's passkey answered.
    assert refused(sign_in(client, alice_authenticator, email="bob@example.com",
                           credential=alice_authenticator.credentials[0]),
                   401, "INVALID_PASSKEY")

    # Discoverable: Alice's credential claiming Bob's user handle (userHandle is not signed).
    def claim_bob(credential):
        credential["response"]["userHandle"] = b64(bob_handle)

    assert refused(sign_in(client, alice_authenticator, tamper=claim_bob), 401, "INVALID_PASSKEY")

    # Discoverable without any userHandle: the account cannot be told, refused.
    def no_handle(credential):
        del credential["response"]["userHandle"]

    assert refused(sign_in(client, alice_authenticator, tamper=no_handle), 401, "INVALID_PASSKEY")
    # With the e-mail named, a missing userHandle is allowed (WebAuthn section 7.2 step 6).
    assert sign_in(client, alice_authenticator, email="alice@example.com",
                   tamper=no_handle).status_code == 200


def test_a_sign_count_that_goes_backwards_is_refused(client, alice):
    _, authenticator, _ = alice
    assert sign_in(client, authenticator).status_code == 200  # count 1
    assert sign_in(client, authenticator).status_code == 200  # count 2
    authenticator.sign_count = 1  # a clone reports 2 again
    assert refused(sign_in(client, authenticator), 401, "INVALID_PASSKEY")
    authenticator.sign_count = 10
    assert sign_in(client, authenticator).status_code == 200  # forward again: accepted


def test_an_authenticator_without_a_counter_signs_in_repeatedly(client, auth):
    headers = auth.headers()
    authenticator = SoftAuthenticator("EdDSA")
    authenticator.counting = False  # always 0, as synced passkeys report
    assert register(client, headers, authenticator).status_code == 201
    for _ in range(3):
        assert sign_in(client, authenticator).status_code == 200


def test_a_used_challenge_is_refused(client, auth, alice):
    headers = auth.headers("bob@example.com")
    authenticator = SoftAuthenticator()
    step = begin_register(client, headers)
    body = {"challengeId": step["challengeId"],
            "credential": authenticator.create(step["options"], ORIGIN)}
    assert client.post(REGISTER, json=body, headers=headers).status_code == 201
    assert refused(client.post(REGISTER, json=body, headers=headers), 400, "INVALID_CHALLENGE")

    _, alice_authenticator, _ = alice
    step = begin_sign_in(client)
    body = {"challengeId": step["challengeId"],
            "credential": alice_authenticator.get(step["options"], ORIGIN)}
    assert client.post(SIGN_IN, json=body).status_code == 200
    assert refused(client.post(SIGN_IN, json=body), 400, "INVALID_CHALLENGE")


def test_a_failed_attempt_does_not_spend_the_challenge(client, alice):
    _, authenticator, _ = alice
    step = begin_sign_in(client)
    good = authenticator.get(step["options"], ORIGIN)
    bad = {**good, "response": {**good["response"], "signature": b64(b"\x30\x00")}}
    assert refused(client.post(SIGN_IN, json={"challengeId": step["challengeId"],
                                              "credential": bad}), 401, "INVALID_PASSKEY")
    response = client.post(SIGN_IN, json={"challengeId": step["challengeId"], "credential": good})
    assert response.status_code == 200


def test_an_expired_challenge_is_refused(client, auth, alice, clock):
    headers = auth.headers("bob@example.com")
    authenticator = SoftAuthenticator()
    step = begin_register(client, headers)
    clock.advance(minutes=5)
    response = client.post(REGISTER, headers=headers, json={
        "challengeId": step["challengeId"],
        "credential": authenticator.create(step["options"], ORIGIN)})
    assert refused(response, 400, "INVALID_CHALLENGE")

    _, alice_authenticator, _ = alice
    step = begin_sign_in(client)
    clock.advance(minutes=4, seconds=59)
    body = {"challengeId": step["challengeId"],
            "credential": alice_authenticator.get(step["options"], ORIGIN)}
    assert client.post(SIGN_IN, json=body).status_code == 200  # just in time
    step = begin_sign_in(client)
    clock.advance(minutes=5, seconds=1)
    body = {"challengeId": step["challengeId"],
            "credential": alice_authenticator.get(step["options"], ORIGIN)}
    assert refused(client.post(SIGN_IN, json=body), 400, "INVALID_CHALLENGE")


def test_a_challenge_serves_only_its_own_ceremony_and_user(client, auth, alice):
    alice_headers, authenticator, _ = alice
    bob_headers = auth.headers("bob@example.com")
    step = begin_register(client, alice_headers)  # Alice's challenge, finished by Bob
    credential = SoftAuthenticator().create(step["options"], ORIGIN)
    response = client.post(REGISTER, headers=bob_headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert refused(response, 400, "INVALID_CHALLENGE")

    step = begin_sign_in(client)  # a sign-in challenge used to register
    credential = SoftAuthenticator().create({**step["options"], "rp": {"id": "localhost"},
                                             "user": {"id": b64(b"x")}}, ORIGIN)
    response = client.post(REGISTER, headers=bob_headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert refused(response, 400, "INVALID_CHALLENGE")

    step = begin_register(client, bob_headers)  # a registration challenge used to sign in
    assertion = authenticator.get({"challenge": step["options"]["challenge"]}, ORIGIN)
    response = client.post(SIGN_IN, json={"challengeId": step["challengeId"],
                                          "credential": assertion})
    assert refused(response, 400, "INVALID_CHALLENGE")


def test_an_unusable_public_key_is_refused_at_registration(client, auth):
    headers = auth.headers()
    step = begin_register(client, headers)
    credential = SoftAuthenticator("ES256").create(step["options"], ORIGIN)
    attestation = cbor2.loads(base64url_to_bytes(credential["response"]["attestationObject"]))
    auth_data = bytearray(attestation["authData"])
    auth_data[-32:] = bytes(32)  # y = 0: not a point of P-256
    attestation["authData"] = bytes(auth_data)
    credential["response"]["attestationObject"] = b64(cbor2.dumps(attestation))
    response = client.post(REGISTER, headers=headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert refused(response, 400, "INVALID_PASSKEY")


def test_concurrent_uses_of_one_challenge_let_one_win(app, client, alice):
    _, authenticator, _ = alice
    step = begin_sign_in(client)
    body = {"challengeId": step["challengeId"],
            "credential": authenticator.get(step["options"], ORIGIN)}
    barrier, statuses = threading.Barrier(4), []

    def attempt(url):
        barrier.wait(timeout=10)
        statuses.append(requests.post(url, json=body, timeout=30).status_code)

    with serve(app) as port:
        threads = [threading.Thread(target=attempt, args=(f"http://127.0.0.1:{port}{SIGN_IN}",))
                   for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert sorted(statuses) == [200, 400, 400, 400]


# --- list and delete ---------------------------------------------------------------------------

def test_list_and_delete_own_passkeys_only(client, auth, alice):
    alice_headers, authenticator, _ = alice
    bob_headers = auth.headers("bob@example.com")
    assert client.get("/api/auth/passkeys", headers=bob_headers).get_json() == {"passkeys": []}
    [passkey] = client.get("/api/auth/passkeys", headers=alice_headers).get_json()["passkeys"]
    assert set(passkey) == {"id", "name", "createdAt", "lastUsedAt"}
    assert passkey["lastUsedAt"] is None

    path = f"/api/auth/passkeys/{passkey['id']}"
    assert refused(client.delete(path, headers=bob_headers), 404, "NOT_FOUND")
    for other in ("0" * 32, "nope", "%00", "%C3%A9" * 20):
        assert refused(client.delete(f"/api/auth/passkeys/{other}", headers=alice_headers),
                       404, "NOT_FOUND")
    response = client.delete(path, headers=alice_headers, json={"password": PASSWORD})
    assert response.status_code == 204 and response.data == b""
    assert client.get("/api/auth/passkeys", headers=alice_headers).get_json() == {"passkeys": []}
    assert refused(client.delete(path, headers=alice_headers), 404, "NOT_FOUND")
    assert refused(sign_in(client, authenticator), 401, "INVALID_PASSKEY")


@pytest.mark.parametrize("method, path", [
    ("post", REGISTER), ("get", "/api/auth/passkeys"), ("delete", "/api/auth/passkeys/" + "a" * 32),
])
@pytest.mark.parametrize("authorization", [None, "Bearer nope", "Basic abc"])
def test_bearer_endpoints_need_a_session(client, method, path, authorization):
    headers = {"Authorization": authorization} if authorization else {}
    response = getattr(client, method)(path, json={} if method == "post" else None,
                                       headers=headers)
    assert refused(response, 401, "INVALID_TOKEN")


def test_passkey_sign_in_of_an_unverified_account_when_verification_is_required(
        app, client, alice, mail):
    _, authenticator, _ = alice
    app.config["REQUIRE_EMAIL_VERIFICATION"] = True
    mail.flush()
    mail.messages.clear()
    assert refused(sign_in(client, authenticator), 403, "EMAIL_NOT_VERIFIED")
    assert mail.to("alice@example.com")


# --- malformed input ---------------------------------------------------------------------------

@pytest.mark.parametrize("body", [
    [], "x", 5,
    {"challengeId": 5, "credential": {}},
    {"challengeId": "abc"},
    {"credential": {}},
    {"challengeId": "", "credential": {}},
    {"challengeId": "a" * 513, "credential": {}},
    {"challengeId": "abc", "credential": "text"},
    {"challengeId": "abc", "credential": [1, 2]},
    {"challengeId": None, "credential": None},
    {"challengeId": "abc", "credential": {}, "name": ""},
    {"challengeId": "abc", "credential": {}, "name": "   "},
    {"challengeId": "abc", "credential": {}, "name": "a\x00b"},
    {"challengeId": "abc", "credential": {}, "name": "line\nbreak"},
    {"challengeId": "abc", "credential": {}, "name": "x" * 101},
    {"challengeId": "abc", "credential": {}, "name": 7},
])
def test_malformed_register_bodies_are_validation_errors(client, auth, body):
    response = client.post(REGISTER, json=body, headers=auth.headers())
    assert refused(response, 400, "VALIDATION_ERROR")


@pytest.mark.parametrize("body", [
    [], {"email": "not-an-email"}, {"email": "a\x00@example.com"}, {"email": 5},
    {"challengeId": "abc"}, {"credential": {"id": "x"}}, {"challengeId": ["x"], "credential": {}},
])
def test_malformed_sign_in_bodies_are_validation_errors(client, body):
    assert refused(client.post(SIGN_IN, json=body), 400, "VALIDATION_ERROR")


def test_non_json_bodies_are_refused(client, auth):
    headers = auth.headers()
    for text in ("{", "null", "[]", '"text"', '{"email": "a@example.com"'):
        response = client.post(SIGN_IN, data=text, content_type="application/json")
        assert refused(response, 400, "VALIDATION_ERROR")
        response = client.post(REGISTER, data=text, content_type="application/json",
                               headers=headers)
        assert refused(response, 400, "VALIDATION_ERROR")
    response = client.post(SIGN_IN, data="email=x", content_type="text/plain")
    assert response.status_code == 415
    response = client.post(SIGN_IN, data=b"{" + b" " * (1024 * 1024) + b"}",
                           content_type="application/json")
    assert response.status_code == 413


@pytest.mark.parametrize("challenge_id, code", [
    ("nope", "INVALID_CHALLENGE"), ("é" * 100, "INVALID_CHALLENGE"),
    ("a" * 512, "INVALID_CHALLENGE"), ("\U0001f511" * 10, "INVALID_CHALLENGE"),
    ("a\x00b", "VALIDATION_ERROR"), ("\ud800", "VALIDATION_ERROR"),
])
def test_unknown_challenge_ids_are_refused(client, auth, challenge_id, code):
    body = {"challengeId": challenge_id, "credential": {"id": "x"}}
    assert refused(client.post(SIGN_IN, json=body), 400, code)
    response = client.post(REGISTER, json=body, headers=auth.headers())
    assert refused(response, 400, code)


GARBAGE = [
    {},
    {"id": "x"},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": "nope"},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}},
    {"id": "AAAA", "rawId": "AAAA", "type": "secret-key",
     "response": {"clientDataJSON": "e30", "attestationObject": "oA", "authenticatorData": "AA",
                  "signature": "AA"}},
    {"id": "!!!", "rawId": "!!!", "type": "public-key",
     "response": {"clientDataJSON": "!!", "attestationObject": "!!", "authenticatorData": "!!",
                  "signature": "!!", "userHandle": "!!"}},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key",
     "response": {"clientDataJSON": b64(b"\xff\x00not json"), "attestationObject": b64(b"\xff"),
                  "authenticatorData": b64(b"\x00" * 37), "signature": "AA"}},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key",
     "response": {"clientDataJSON": b64("{\"type\": \"ü\u0000\"}".encode()),
                  "attestationObject": b64(b"\xa3cfmtdnonegattStmt\xa0hauthData@"),
                  "authenticatorData": b64(b"\x00" * 10), "signature": b64(b"\x00" * 64),
                  "userHandle": 5, "transports": "usb"}},
]


@pytest.mark.parametrize("credential", GARBAGE)
def test_garbage_registration_credentials_are_invalid_passkey(client, auth, credential):
    headers = auth.headers()
    step = begin_register(client, headers)
    response = client.post(REGISTER, headers=headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert refused(response, 400, "INVALID_PASSKEY")


@pytest.mark.parametrize("credential", GARBAGE)
def test_garbage_sign_in_credentials_are_invalid_passkey(client, credential):
    step = begin_sign_in(client)
    response = client.post(SIGN_IN, json={"challengeId": step["challengeId"],
                                          "credential": credential})
    assert refused(response, 401, "INVALID_PASSKEY")


def test_garbage_assertion_parts_of_a_real_credential_are_invalid_passkey(client, alice):
    _, authenticator, _ = alice
    step = begin_sign_in(client)
    good = authenticator.get(step["options"], ORIGIN)
    for part, value in [("authenticatorData", b64(b"\x00" * 10)),
                        ("authenticatorData", b64(b"\xff" * 200)),
                        ("clientDataJSON", b64(b"[]")), ("clientDataJSON", b64(b"\x80")),
                        ("signature", ""), ("signature", b64(b"\x00" * 1000)),
                        ("userHandle", b64(b"\x00" * 64))]:
        credential = {**good, "response": {**good["response"], part: value}}
        response = client.post(SIGN_IN, json={"challengeId": step["challengeId"],
                                              "credential": credential})
        assert refused(response, 401, "INVALID_PASSKEY"), part


# --- documentation and CORS --------------------------------------------------------------------

def test_openapi_documents_the_passkey_endpoints(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    assert {"201", "200", "400", "401"} <= set(paths[REGISTER]["post"]["responses"])
    assert {"200", "400", "401"} <= set(paths[SIGN_IN]["post"]["responses"])
    assert "get" in paths["/api/auth/passkeys"]
    assert "204" in paths["/api/auth/passkeys/{passkey_id}"]["delete"]["responses"]


def preflight(client, origin):
    return client.options(SIGN_IN, headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})


def test_cors_allows_only_the_listed_origins(make_app):
    client = make_app(CORS_ORIGINS=["http://app.example:3000"]).test_client()
    response = preflight(client, "http://app.example:3000")
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "http://app.example:3000"
    allowed = {h.strip().lower()
               for h in response.headers["Access-Control-Allow-Headers"].split(",")}
    assert allowed == {"authorization", "content-type"}
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in response.headers

    refused_preflight = preflight(client, "http://evil.example")
    assert "Access-Control-Allow-Origin" not in refused_preflight.headers

    response = client.post(SIGN_IN, json={}, headers={"Origin": "http://app.example:3000"})
    assert response.headers["Access-Control-Allow-Origin"] == "http://app.example:3000"
    exposed = response.headers["Access-Control-Expose-Headers"]
    for name in ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"):
        assert name in exposed
    response = client.post(SIGN_IN, json={}, headers={"Origin": "http://evil.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_is_closed_by_default(client):
    response = preflight(client, "http://localhost:5000")
    assert "Access-Control-Allow-Origin" not in response.headers


def test_authenticated_passkey_endpoints_are_limited_per_user(client, alice):
    headers, _, _ = alice
    assert client.post(REGISTER, json={}, headers=headers).headers["X-RateLimit-Limit"] == "1000"
    assert client.get("/api/auth/passkeys", headers=headers).headers["X-RateLimit-Limit"] == "1000"
    assert client.post(SIGN_IN, json={}).headers["X-RateLimit-Limit"] == "100"


def test_purge_expired_removes_old_challenges(app, client, clock, alice):
    begin_sign_in(client)
    clock.advance(minutes=6)
    result = app.test_cli_runner().invoke(args=["purge-expired"])
    assert "passkey_challenges: 1 removed" in result.output


def test_registering_from_an_older_session_asks_the_proof_at_its_first_step(client, auth,
                                                                           clock):
    """Extensions E1.3: a stolen session must not plant the thief's passkey. The first step
    takes the proof unless the session was made within REAUTHENTICATION_WINDOW (600 s); the
    second step then finishes the ceremony the proof opened."""
    headers = auth.headers("alice@example.com")
    clock.advance(seconds=601)
    assert refused(client.post(REGISTER, json={}, headers=headers), 403,
                   "REAUTHENTICATION_REQUIRED")
    assert refused(client.post(REGISTER, json={"password": "wrong password"}, headers=headers),
                   400, "INVALID_CREDENTIALS")
    step = client.post(REGISTER, json={"password": PASSWORD}, headers=headers)
    assert step.status_code == 200, step.get_json()
    credential = SoftAuthenticator("ES256").create(step.get_json()["options"], ORIGIN)
    done = client.post(REGISTER, headers=headers, json={
        "challengeId": step.get_json()["challengeId"], "credential": credential})
    assert done.status_code == 201, done.get_json()
    assert len(client.get("/api/auth/passkeys", headers=headers).get_json()["passkeys"]) == 1


def test_with_two_factor_on_an_older_session_registers_with_password_and_code(client, auth,
                                                                             clock, mail):
    headers = auth.verified_headers("alice@example.com")
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    assert client.post("/api/auth/two-factor/verify", headers=headers, json={
        "code": pyotp.TOTP(secret).at(clock.now)}).status_code == 200
    clock.advance(seconds=601)
    assert refused(client.post(REGISTER, json={"password": PASSWORD}, headers=headers), 403,
                   "REAUTHENTICATION_REQUIRED")
    assert refused(client.post(REGISTER, headers=headers, json={
        "password": PASSWORD, "totpCode": "000000"}), 400, "INVALID_TOTP")
    step = client.post(REGISTER, headers=headers, json={
        "password": PASSWORD, "totpCode": pyotp.TOTP(secret).at(clock.now)})
    assert step.status_code == 200, step.get_json()


def test_an_account_without_password_registers_only_from_a_fresh_session(make_app, mail,
                                                                          clock):
    email, redirect = "alice@example.com", "http://app.test/magic"
    client = make_app(ALLOWED_REDIRECT_ORIGINS=["http://app.test"]).test_client()
    headers = []
    for _ in range(2):
        client.post("/api/auth/send-magic-link", json={"email": email, "redirectUrl": redirect})
        made = client.post("/api/auth/magic-link/verify", json={"token": mail.last_token(email)})
        headers.append({"Authorization": f"Bearer {made.get_json()['session']['token']}"})
        clock.advance(seconds=601)
    assert refused(client.post(REGISTER, json={}, headers=headers[0]), 403,
                   "REAUTHENTICATION_REQUIRED")
    clock.advance(seconds=-601)  # the second session is fresh again
    assert begin_register(client, headers[1])["challengeId"]
