"""Two-factor authentication: enrolment with a real QR decoder, TOTP sign-in across step
boundaries, replay refusal, recovery codes, secrets at rest and the failure cap (contract 5, 6)."""
import base64
import io
import threading
from datetime import UTC, datetime
from urllib.parse import parse_qs, unquote, urlsplit

import pyotp
import pytest
import requests
import zxingcpp
from PIL import Image
from sqlalchemy import text

from core.db import db
from sections.auth.services import two_factor
from tests.conftest import PASSWORD, AuthActions
from tests.http import sign_in
from tests.second_factors import code_at, enrol

EMAIL = "alice@example.com"
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
PROTECTED = ["/api/auth/two-factor/enable", "/api/auth/two-factor/verify",
             "/api/auth/two-factor/disable"]


def to_step_end(clock):
    """Move the clock to the last second of its 30 s step, so 2 s later is the next step."""
    start = int(clock.now.timestamp()) // 30 * 30
    clock.now = datetime.fromtimestamp(start + 29, UTC)


def decode_qr(data_url):
    assert data_url.startswith("data:image/png;base64,")
    png = base64.b64decode(data_url.split(",", 1)[1])
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(found) == 1
    return found[0].text


def stored_row(app, table, email=EMAIL):
    with app.app_context():
        if table == "users":
            sql = "SELECT * FROM users WHERE email = :email"
        else:
            sql = (f"SELECT t.* FROM {table} t JOIN users u ON u.id = t.user_id "
                   "WHERE u.email = :email")
        return [dict(row._mapping) for row in db.session.execute(text(sql), {"email": email})]


# --- enable: secret and QR code ---

def test_qr_code_decodes_to_the_otpauth_uri_with_secret_and_issuer(make_app, clock, smtp_sink):
    client = make_app(TOTP_ISSUER="Acme Pay").test_client()
    headers = AuthActions(client, smtp_sink[0]).verified_headers()
    response = client.post("/api/auth/two-factor/enable", headers=headers)
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"secret", "qrCode", "otpauthUrl"}
    uri = decode_qr(body["qrCode"])
    assert uri == body["otpauthUrl"]
    parts = urlsplit(uri)
    assert (parts.scheme, parts.netloc) == ("otpauth", "totp")
    assert unquote(parts.path) == f"/Acme Pay:{EMAIL}"
    query = parse_qs(parts.query)
    assert query["secret"] == [body["secret"]] and query["issuer"] == ["Acme Pay"]
    assert len(body["secret"]) == 32 and set(body["secret"]) <= set(BASE32)
    # The app that scans it produces codes the service accepts.
    verify = client.post("/api/auth/two-factor/verify", headers=headers,
                         json={"code": pyotp.parse_uri(uri).at(clock.now)})
    assert verify.status_code == 200


def test_issuer_defaults_to_the_api_title(client, auth):
    body = client.post("/api/auth/two-factor/enable", headers=auth.verified_headers()).get_json()
    assert parse_qs(urlsplit(decode_qr(body["qrCode"])).query)["issuer"] == [
        "Auth and payment webhook service"]


def test_enable_again_replaces_the_pending_secret(client, auth, clock):
    headers = auth.verified_headers()
    first = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    second = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    assert first != second
    old = client.post("/api/auth/two-factor/verify", headers=headers,
                      json={"code": code_at(first, clock)})
    assert old.status_code == 400 and old.get_json()["error"] == "INVALID_TOTP"
    new = client.post("/api/auth/two-factor/verify", headers=headers,
                      json={"code": code_at(second, clock)})
    assert new.status_code == 200


def test_two_factor_is_off_until_verify_succeeds(client, auth):
    headers = auth.verified_headers()
    client.post("/api/auth/two-factor/enable", headers=headers)
    user = client.get("/api/auth/session", headers=headers).get_json()["user"]
    assert user["twoFactorEnabled"] is False
    assert sign_in(client).status_code == 200


# --- verify: activation and recovery codes ---

def test_verify_turns_two_factor_on_and_shows_ten_recovery_codes(client, auth, clock):
    headers = auth.verified_headers()
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    response = client.post("/api/auth/two-factor/verify", headers=headers,
                           json={"code": code_at(secret, clock)})
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"success", "user", "recoveryCodes"}
    assert body["success"] is True and body["user"]["twoFactorEnabled"] is True
    codes = body["recoveryCodes"]
    assert len(codes) == len(set(codes)) == 10
    assert client.get("/api/auth/session", headers=headers).get_json()["user"][
        "twoFactorEnabled"] is True


def test_wrong_code_at_verify_is_400_and_the_session_stays_valid(client, auth, clock):
    headers = auth.verified_headers()
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    wrong = str((int(code_at(secret, clock)) + 1) % 1_000_000).zfill(6)
    response = client.post("/api/auth/two-factor/verify", headers=headers, json={"code": wrong})
    assert response.status_code == 400
    assert response.get_json()["error"] == "INVALID_TOTP"
    session = client.get("/api/auth/session", headers=headers)
    assert session.status_code == 200
    assert session.get_json()["user"]["twoFactorEnabled"] is False
    assert sign_in(client).status_code == 200  # still one factor


def test_verify_without_enable_is_invalid_totp(client, auth, clock):
    response = client.post("/api/auth/two-factor/verify", headers=auth.verified_headers(),
                           json={"code": "123456"})
    assert response.status_code == 400 and response.get_json()["error"] == "INVALID_TOTP"


def test_enable_or_verify_when_already_on_is_409(client, auth, clock):
    headers = auth.verified_headers()
    secret, _ = enrol(client, headers, clock)
    for path, body in [("enable", None), ("verify", {"code": code_at(secret, clock)})]:
        response = client.post(f"/api/auth/two-factor/{path}", headers=headers, json=body)
        assert response.status_code == 409
        assert response.get_json()["error"] == "TWO_FACTOR_ALREADY_ENABLED"


# --- sign-in with the second factor ---

def test_enrolment_and_sign_in_across_a_step_boundary_and_replay(client, auth, clock):
    secret, _ = enrol(client, auth.verified_headers(), clock)

    missing = sign_in(client)
    assert missing.status_code == 401
    assert missing.get_json()["error"] == "TOTP_REQUIRED"

    to_step_end(clock)
    code = code_at(secret, clock)
    clock.advance(seconds=2)  # the next 30 s step: the app's code is now one step old
    assert code != code_at(secret, clock)
    accepted = sign_in(client, totpCode=code)
    assert accepted.status_code == 200
    assert accepted.get_json()["user"]["twoFactorEnabled"] is True
    token = accepted.get_json()["session"]["token"]
    assert client.get("/api/auth/session",
                      headers={"Authorization": f"Bearer {token}"}).status_code == 200

    replay = sign_in(client, totpCode=code)
    assert replay.status_code == 401
    assert replay.get_json()["error"] == "INVALID_TOTP"


def test_one_step_of_drift_is_accepted_two_are_refused(client, auth, clock):
    secret, _ = enrol(client, auth.verified_headers(), clock)
    for steps in (-2, 2):
        response = sign_in(client, totpCode=code_at(secret, clock, steps))
        assert response.status_code == 401, steps
        assert response.get_json()["error"] == "INVALID_TOTP"
    assert sign_in(client, totpCode=code_at(secret, clock, -1)).status_code == 200
    assert sign_in(client, totpCode=code_at(secret, clock, 1)).status_code == 200
    # A code older than the last accepted one is refused too (RFC 6238 section 5.2).
    older = sign_in(client, totpCode=code_at(secret, clock))
    assert older.status_code == 401 and older.get_json()["error"] == "INVALID_TOTP"
    clock.advance(seconds=60)
    assert sign_in(client, totpCode=code_at(secret, clock)).status_code == 200


def test_app_style_code_with_a_space_is_accepted(client, auth, clock):
    secret, _ = enrol(client, auth.verified_headers(), clock)
    code = code_at(secret, clock)
    assert sign_in(client, totpCode=f" {code[:3]} {code[3:]} ").status_code == 200


def test_recovery_code_replaces_the_totp_code_once(client, auth, clock):
    _, codes = enrol(client, auth.verified_headers(), clock)
    assert sign_in(client, totpCode=codes[0]).status_code == 200
    again = sign_in(client, totpCode=codes[0])
    assert again.status_code == 401 and again.get_json()["error"] == "INVALID_TOTP"
    # Case and dashes do not matter; each other code still works once.
    assert sign_in(client, totpCode=codes[1].upper().replace("-", "")).status_code == 200


def test_wrong_password_with_two_factor_on_does_not_reveal_it(client, auth, clock):
    secret, _ = enrol(client, auth.verified_headers(), clock)
    unknown = sign_in(client, email="nobody@example.com", password="Wrong-password-42")
    for extra in ({}, {"totpCode": code_at(secret, clock)}, {"totpCode": "000000"}):
        response = sign_in(client, password="Wrong-password-42", **extra)
        assert response.status_code == 401
        assert response.get_json() == unknown.get_json()
        assert response.get_json()["error"] == "INVALID_CREDENTIALS"


def test_repeated_wrong_codes_are_throttled_per_account(client, auth, clock):
    secret, _ = enrol(client, auth.verified_headers(), clock)
    for _ in range(10):
        assert sign_in(client, totpCode="000000").get_json()["error"] == "INVALID_TOTP"
    blocked = sign_in(client, totpCode=code_at(secret, clock))
    assert blocked.status_code == 429
    assert blocked.get_json()["error"] == "RATE_LIMITED"
    assert int(blocked.headers["Retry-After"]) > 0


def test_wrong_codes_at_verify_count_against_the_account(client, auth, clock):
    headers = auth.verified_headers()
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    for _ in range(10):
        response = client.post("/api/auth/two-factor/verify", headers=headers,
                               json={"code": "000000"})
        assert response.status_code == 400
    blocked = client.post("/api/auth/two-factor/verify", headers=headers,
                          json={"code": code_at(secret, clock)})
    assert blocked.status_code == 429 and blocked.get_json()["error"] == "RATE_LIMITED"


def test_concurrent_sign_ins_with_one_code_accept_it_once(clock, auth, live_server):
    # The clock fixture patches the module, so the server threads see the same time.
    secret, _ = enrol(auth.client, auth.verified_headers(), clock)
    code = code_at(secret, clock)
    results, start = [], threading.Barrier(6)

    def attempt():
        start.wait()
        response = requests.post(f"{live_server}/api/auth/sign-in", timeout=30, json={
            "email": EMAIL, "password": PASSWORD, "totpCode": code})
        results.append((response.status_code, response.json().get("error")))

    threads = [threading.Thread(target=attempt) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results, key=str) == [(200, None)] + [(401, "INVALID_TOTP")] * 5


# --- disable ---

def test_disable_with_a_recovery_code_turns_two_factor_off(client, auth, clock):
    headers = auth.verified_headers()
    _, codes = enrol(client, headers, clock)
    wrong = client.post("/api/auth/two-factor/disable", headers=headers,
                        json={"code": "000000", "password": PASSWORD})
    assert wrong.status_code == 400 and wrong.get_json()["error"] == "INVALID_TOTP"
    response = client.post("/api/auth/two-factor/disable", headers=headers,
                           json={"code": codes[3], "password": PASSWORD})
    assert response.status_code == 200
    session_user = client.get("/api/auth/session", headers=headers).get_json()["user"]
    assert session_user["twoFactorEnabled"] is False
    assert response.get_json() == {"success": True, "user": session_user}
    assert sign_in(client).status_code == 200
    assert stored_row(client.application, "recovery_codes") == []
    again = client.post("/api/auth/two-factor/disable", headers=headers,
                        json={"code": codes[4], "password": PASSWORD})
    assert again.status_code == 400 and again.get_json()["error"] == "TWO_FACTOR_NOT_ENABLED"


def test_disable_with_a_totp_code_then_enrol_again(client, auth, clock):
    headers = auth.verified_headers()
    secret, _ = enrol(client, headers, clock)
    response = client.post("/api/auth/two-factor/disable", headers=headers,
                           json={"code": code_at(secret, clock), "password": PASSWORD})
    assert response.status_code == 200
    new_secret, _ = enrol(client, headers, clock)
    assert new_secret != secret
    assert sign_in(client, totpCode=code_at(secret, clock)).status_code == 401
    assert sign_in(client, totpCode=code_at(new_secret, clock)).status_code == 200


# --- secrets at rest ---

def test_secrets_and_recovery_codes_are_not_stored_in_clear(make_app, client, auth, clock):
    headers = auth.verified_headers()
    pending = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    row = stored_row(client.application, "users")[0]
    assert row["totp_pending_secret"] and pending not in row["totp_pending_secret"]
    client.post("/api/auth/two-factor/verify", headers=headers,
                json={"code": code_at(pending, clock)})
    row = stored_row(client.application, "users")[0]
    assert row["totp_pending_secret"] is None
    stored = row["totp_secret"]
    assert stored.startswith("gAAAAA")  # a Fernet token (version byte 0x80)
    assert pending not in stored and pending.lower() not in stored.lower()
    assert base64.b32decode(pending) not in base64.urlsafe_b64decode(stored)
    # The key is derived from SECRET_KEY: the service reads it back, another key cannot.
    with client.application.app_context():
        assert two_factor.decrypt(stored) == pending
    with make_app(SECRET_KEY="another-key").app_context(), pytest.raises(RuntimeError):
        two_factor.decrypt(stored)
    codes = stored_row(client.application, "recovery_codes")
    assert len(codes) == 10
    assert all(len(c["code_hash"]) == 64 and "-" not in c["code_hash"] for c in codes)


def test_rotated_secret_key_still_reads_the_stored_secret(make_app, client, auth, clock):
    secret, _ = enrol(client, auth.verified_headers(), clock)
    rotated = make_app(SECRET_KEY="new-key", SECRET_KEY_FALLBACKS=["test-secret-key"])
    response = sign_in(rotated.test_client(), totpCode=code_at(secret, clock))
    assert response.status_code == 200


def test_user_object_never_carries_the_secret(client, auth, clock):
    headers = auth.verified_headers()
    secret, codes = enrol(client, headers, clock)
    body = client.get("/api/auth/session", headers=headers).get_data(as_text=True)
    assert secret not in body and codes[0] not in body
    assert set(client.get("/api/auth/session", headers=headers).get_json()["user"]) == {
        "id", "email", "name", "image", "emailVerified", "createdAt", "twoFactorEnabled", "role"}


# --- bad input never gives a 500 ---

@pytest.mark.parametrize("path", PROTECTED)
@pytest.mark.parametrize("header", [None, "Bearer nope", "Basic abc"])
def test_two_factor_endpoints_need_a_live_token(client, path, header):
    headers = {"Authorization": header} if header else {}
    response = client.post(path, headers=headers, json={"code": "123456"})
    assert response.status_code == 401
    assert response.get_json()["error"] == "INVALID_TOKEN"


@pytest.mark.parametrize("body", [
    {}, {"code": None}, {"code": 123456}, {"code": ["123456"]}, {"code": ""},
    {"code": "1" * 65}, {"code": "12345\x006"}, [], "123456",
])
@pytest.mark.parametrize("path", ["verify", "disable"])
def test_malformed_codes_are_validation_errors(client, auth, path, body):
    response = client.post(f"/api/auth/two-factor/{path}", headers=auth.verified_headers(),
                           json=body)
    assert response.status_code == 400
    assert response.get_json()["error"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("code", ["１２３４５６", "12345", "1234567", "abcdef", "💥" * 10,
                                  "aaaa-bbbb-cccc-dddd", "' OR 1=1 --"])
def test_odd_codes_are_plain_wrong_codes(client, auth, clock, code):
    headers = auth.verified_headers()
    enrol(client, headers, clock)
    response = sign_in(client, totpCode=code)
    assert response.status_code == 401 and response.get_json()["error"] == "INVALID_TOTP"
    response = client.post("/api/auth/two-factor/disable", headers=headers,
                           json={"code": code, "password": PASSWORD})
    assert response.status_code == 400 and response.get_json()["error"] == "INVALID_TOTP"


def test_non_string_totp_code_at_sign_in_is_a_validation_error(client, auth, clock):
    enrol(client, auth.verified_headers(), clock)
    for value in (123456, None, {"a": 1}):
        response = sign_in(client, totpCode=value)
        assert response.status_code == 400, value
        assert response.get_json()["error"] == "VALIDATION_ERROR"


def test_enable_on_an_unverified_account_is_403_email_not_verified(client, auth):
    """Issue 11 item 11 (contract section 5): a second factor needs a proven address."""
    headers = auth.headers()
    response = client.post("/api/auth/two-factor/enable", headers=headers)
    assert response.status_code == 403
    assert response.get_json()["error"] == "EMAIL_NOT_VERIFIED"
    session = client.get("/api/auth/session", headers=headers).get_json()
    assert session["user"]["twoFactorEnabled"] is False


def test_enable_from_an_older_session_asks_the_proof(client, auth, clock, mail):
    """Extensions E1.3: a stolen session must not plant the thief's authenticator. A session
    made within REAUTHENTICATION_WINDOW (600 s) needs nothing more; an older one, the password."""
    headers = auth.verified_headers()
    clock.advance(seconds=601)
    enable = "/api/auth/two-factor/enable"
    refused = client.post(enable, headers=headers)
    assert refused.status_code == 403, refused.get_json()
    assert refused.get_json()["error"] == "REAUTHENTICATION_REQUIRED"
    wrong = client.post(enable, headers=headers, json={"password": "wrong password"})
    assert wrong.status_code == 400 and wrong.get_json()["error"] == "INVALID_CREDENTIALS"
    assert stored_row(client.application, "users")[0]["totp_pending_secret"] is None
    assert client.get("/api/auth/session", headers=headers).status_code == 200  # still valid
    secret = client.post(enable, headers=headers, json={"password": PASSWORD}).get_json()["secret"]
    verified = client.post("/api/auth/two-factor/verify", headers=headers,
                           json={"code": code_at(secret, clock)})
    assert verified.status_code == 200, verified.get_json()
    assert verified.get_json()["user"]["twoFactorEnabled"] is True
