"""One proof for every sensitive change (extensions E1.3), asked the same way in the same order
(400 INVALID_CREDENTIALS, 403 REAUTHENTICATION_REQUIRED, 400 INVALID_TOTP), counted toward the
failure cap; and the absolute session lifetime (E1.5)."""
from datetime import datetime, timedelta

import pytest

from tests.conftest import PASSWORD
from tests.http import refused
from tests.second_factors import code_at, enrol, register_passkey
from tests.softauthn import SoftAuthenticator

EMAIL = "alice@example.com"
ORIGIN = "http://app.test"


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN], ACCOUNT_FAILURE_LIMIT="4 per 15 minutes")


def passkey_of(client, headers):
    assert register_passkey(client, headers, SoftAuthenticator("ES256")).status_code == 201
    return client.get("/api/auth/passkeys", headers=headers).get_json()["passkeys"][0]["id"]


# Each change: (method, path) from the headers, and the body besides the proof.
def change_email(client, headers):
    return "post", "/api/auth/change-email", {"newEmail": "alice.new@example.com"}


def delete_passkey(client, headers):
    return "delete", f"/api/auth/passkeys/{passkey_of(client, headers)}", {}


def delete_account(client, headers):
    return "delete", "/api/auth/user", {}


CHANGES = [change_email, delete_passkey, delete_account]
OK = {"post": 200, "delete": 204}


def call(client, headers, change, **proof):
    method, path, body = change
    return getattr(client, method)(path, headers=headers, json={**body, **proof})


@pytest.mark.parametrize("make_change", CHANGES)
def test_a_password_account_proves_with_its_password(client, auth, make_change):
    headers = auth.headers()
    change = make_change(client, headers)
    refused(call(client, headers, change), 403, "REAUTHENTICATION_REQUIRED")
    refused(call(client, headers, change, password="wrong password"), 400,
            "INVALID_CREDENTIALS")
    refused(call(client, headers, change, totpCode="123456"), 403, "REAUTHENTICATION_REQUIRED")
    assert client.get("/api/auth/session", headers=headers).status_code == 200  # still valid
    assert call(client, headers, change, password=PASSWORD).status_code == OK[change[0]]


@pytest.mark.parametrize("make_change", CHANGES)
def test_with_two_factor_both_are_needed_in_the_order_of_the_rule(client, auth, clock,
                                                                 make_change):
    headers = auth.verified_headers()
    secret, _ = enrol(client, headers, clock)
    change = make_change(client, headers)
    # A wrong password comes first, even with the code missing.
    refused(call(client, headers, change, password="wrong password"), 400,
            "INVALID_CREDENTIALS")
    refused(call(client, headers, change, password=PASSWORD), 403, "REAUTHENTICATION_REQUIRED")
    refused(call(client, headers, change, totpCode=code_at(secret, clock)), 403,
            "REAUTHENTICATION_REQUIRED")
    refused(call(client, headers, change, password=PASSWORD, totpCode="000000"), 400,
            "INVALID_TOTP")
    response = call(client, headers, change, password=PASSWORD, totpCode=code_at(secret, clock))
    assert response.status_code == OK[change[0]], response.get_json()


def test_disabling_two_factor_takes_its_code_as_the_code_proof(client, auth, clock):
    headers = auth.verified_headers()
    secret, codes = enrol(client, headers, clock)
    path = "/api/auth/two-factor/disable"
    refused(client.post(path, headers=headers, json={"code": code_at(secret, clock)}), 403,
            "REAUTHENTICATION_REQUIRED")
    refused(client.post(path, headers=headers, json={"code": codes[0], "password": "wrong pw"}),
            400, "INVALID_CREDENTIALS")
    refused(client.post(path, headers=headers, json={"code": "000000", "password": PASSWORD}),
            400, "INVALID_TOTP")
    assert client.post(path, headers=headers,
                       json={"code": codes[0], "password": PASSWORD}).status_code == 200


@pytest.mark.parametrize("make_change", [change_email, delete_account])
def test_an_account_with_neither_needs_a_fresh_session(client, mail, clock, make_change):
    client.post("/api/auth/send-magic-link", json={"email": EMAIL, "redirectUrl": ORIGIN})
    made = client.post("/api/auth/magic-link/verify", json={"token": mail.last_token(EMAIL)})
    headers = {"Authorization": f"Bearer {made.get_json()['session']['token']}"}
    change = make_change(client, headers)
    clock.advance(seconds=601)  # REAUTHENTICATION_WINDOW: 600 s
    refused(call(client, headers, change), 403, "REAUTHENTICATION_REQUIRED")
    client.post("/api/auth/send-magic-link", json={"email": EMAIL, "redirectUrl": ORIGIN})
    fresh = client.post("/api/auth/magic-link/verify", json={"token": mail.last_token(EMAIL)})
    headers = {"Authorization": f"Bearer {fresh.get_json()['session']['token']}"}
    assert call(client, headers, change).status_code == OK[change[0]]


def test_wrong_answers_count_toward_the_failure_cap(client, auth):
    headers = auth.headers()
    change = change_email(client, headers)
    for _ in range(4):  # ACCOUNT_FAILURE_LIMIT: 4
        refused(call(client, headers, change, password="wrong password"), 400,
                "INVALID_CREDENTIALS")
    capped = call(client, headers, change, password=PASSWORD)
    assert capped.status_code == 429 and int(capped.headers["Retry-After"]) > 0
    assert client.get("/api/auth/session", headers=headers).status_code == 200


def test_a_passkey_removal_is_logged_and_noticed(client, auth, mail):
    headers = auth.headers()
    passkey = passkey_of(client, headers)
    assert client.delete(f"/api/auth/passkeys/{passkey}", headers=headers,
                         json={"password": PASSWORD}).status_code == 204
    kinds = [e["type"] for e in client.get("/api/auth/security-events",
                                           headers=headers).get_json()["data"]]
    assert kinds[:2] == ["passkey_remove", "passkey_add"] or kinds[:2] == ["passkey_add",
                                                                          "passkey_remove"]
    assert [m["Subject"] for m in mail.to(EMAIL)][-2:] == ["A passkey was added",
                                                          "A passkey was removed"]


@pytest.mark.parametrize("field, value", [
    ("password", "a\x00b"), ("password", "\ud800"), ("password", 5), ("password", "x" * 257),
    ("totpCode", "1\x00"), ("totpCode", "\udfff"), ("totpCode", ["1"]), ("totpCode", "1" * 65),
])
def test_bad_proof_fields_are_400(client, auth, field, value):
    headers = auth.headers()
    for change in (change_email(client, headers), delete_passkey(client, headers),
                   delete_account(client, headers)):
        response = call(client, headers, change, **{field: value})
        assert response.status_code == 400, response.get_json()
        assert field in response.get_json()["details"]
    if field == "password":  # turning two-factor off: `code` is its code proof
        response = client.post("/api/auth/two-factor/disable", headers=headers,
                               json={"code": "123456", "password": value})
        assert response.status_code == 400 and "password" in response.get_json()["details"]


# --- E1.5: the absolute session lifetime ---

def expires_at(client, headers):
    response = client.get("/api/auth/session", headers=headers)
    if response.status_code != 200:
        return response.status_code
    return datetime.fromisoformat(response.get_json()["session"]["expiresAt"])


def test_sliding_expiry_stops_at_session_max_age(make_app, clock):
    client = make_app(SESSION_LIFETIME=7 * 86400, SESSION_MAX_AGE=10 * 86400).test_client()
    made = client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    created = clock.now
    headers = {"Authorization": f"Bearer {made.get_json()['session']['token']}"}
    clock.advance(days=2)  # renewed: 7 days from now
    assert expires_at(client, headers) - created == timedelta(days=9)
    clock.advance(days=4)  # renewed: 7 days from now would pass the 10-day cap
    assert expires_at(client, headers) - created == timedelta(days=10)
    clock.advance(days=3, hours=23)
    assert expires_at(client, headers) - created == timedelta(days=10)
    clock.advance(hours=1, seconds=1)
    assert expires_at(client, headers) == 401


def test_a_new_session_never_outlives_session_max_age(make_app, clock):
    client = make_app(SESSION_LIFETIME=7 * 86400, SESSION_MAX_AGE=3600).test_client()
    made = client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    session = made.get_json()["session"]
    assert (datetime.fromisoformat(session["expiresAt"]) - clock.now).total_seconds() == 3600
    headers = {"Authorization": f"Bearer {session['token']}"}
    clock.advance(seconds=3601)
    assert expires_at(client, headers) == 401


def test_a_session_older_than_a_lowered_max_age_ends_at_it(app, client, clock):
    made = client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    created = clock.now
    headers = {"Authorization": f"Bearer {made.get_json()['session']['token']}"}
    app.config["SESSION_MAX_AGE"] = 3600  # an operator shortens it; the session was made before
    assert expires_at(client, headers) - created == timedelta(hours=1)
    clock.advance(hours=1)
    assert expires_at(client, headers) == 401
