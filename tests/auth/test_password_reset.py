"""Forgot and reset password through HTTP (contract sections 3 and 9): the e-mail over SMTP, the
same answer for every address, the redirect allow-list, a one-hour single-use token, every
session ended, an unverified account claimed, two-factor kept."""
import threading
from urllib.parse import parse_qs, urlsplit

import pyotp
import pytest
import requests
from sqlalchemy import select

from core import tokens
from core.db import db
from sections.auth.models import OneTimeToken, PasskeyCredential, RecoveryCode, User
from tests.conftest import PASSWORD
from tests.factories import count, update_user, verify_email
from tests.http import alive, bearer, refused, sign_in
from tests.second_factors import enrol_two_factor, passkey_sign_in, register_passkey
from tests.softauthn import SoftAuthenticator

EMAIL = "alice@example.com"
NEW_PASSWORD = "Lantern-quartz-meadow-91"
ORIGIN = "http://localhost:3000"
CALLBACK = f"{ORIGIN}/account/reset?next=%2Fsettings"
SENT = {"success": True, "message": "If an account exists for this address, a link to reset "
                                    "its password has been sent."}


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN, "https://app.example.com"])


def forgot(client, email=EMAIL, redirect_url=CALLBACK):
    return client.post("/api/auth/forgot-password",
                       json={"email": email, "redirectUrl": redirect_url})


def reset(client, token, password=NEW_PASSWORD):
    return client.post("/api/auth/reset-password", json={"token": token, "newPassword": password})


def reset_token(client, mail, email=EMAIL):
    assert forgot(client, email).status_code == 200
    return mail.last_token(email)


# --- forgot-password ---

def test_reset_link_arrives_by_smtp_with_the_redirect_url_and_its_query(client, auth, mail):
    auth.sign_up()
    mail.clear()
    response = forgot(client)
    assert response.status_code == 200 and response.get_json() == SENT
    assert len(mail.to(EMAIL)) == 1
    parts = urlsplit(mail.last_link(EMAIL))
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"{ORIGIN}/account/reset"
    query = parse_qs(parts.query)
    assert query["next"] == ["/settings"] and len(query["token"][0]) == 43
    assert "1 hour" in mail.last_body(EMAIL)


def test_the_token_is_stored_only_as_its_sha256(app, client, auth, mail):
    auth.sign_up()
    token = reset_token(client, mail)
    with app.app_context():
        stored = db.session.execute(select(OneTimeToken.token_hash).where(
            OneTimeToken.purpose == "password_reset")).scalars().all()
    assert stored == [tokens.digest(token)]


def test_every_address_gets_the_same_answer_and_the_same_writes(app, client, auth, mail):
    auth.sign_up("known@example.com")
    verify_email(app, "known@example.com")
    auth.sign_up("unverified@example.com")
    answers, rows = set(), []
    for address in ("known@example.com", "unverified@example.com", "nobody@example.com"):
        before = count(app, OneTimeToken)
        response = forgot(client, address)
        assert response.status_code == 200
        answers.add(response.get_data())
        rows.append(count(app, OneTimeToken) - before)
        assert len(mail.to(address)) == 1 + (address != "nobody@example.com")  # + sign-up's
    assert len(answers) == 1 and rows == [1, 1, 1]
    # The unknown address learns there is no account; no usable link is sent to it.
    body = mail.last_body("nobody@example.com")
    assert "no such account" in body and "token=" not in body


def test_email_is_trimmed_and_case_insensitive(client, auth, mail):
    auth.sign_up()
    assert forgot(client, "  Alice@Example.COM ").status_code == 200
    assert "token=" in mail.last_body(EMAIL)


@pytest.mark.parametrize("redirect_url", [
    "https://evil.example.net/reset", "http://localhost:3001/reset", "/relative/reset",
    "javascript:alert(1)", "http://localhost:3000@evil.test/", "https://app.example.com\\@x/",
    "ftp://localhost:3000/reset"])
def test_redirect_url_must_be_on_an_allowed_origin(client, auth, mail, redirect_url):
    auth.sign_up()
    mail.clear()
    refused(forgot(client, redirect_url=redirect_url), 400, "VALIDATION_ERROR", "redirectUrl")
    refused(forgot(client, "nobody@example.com", redirect_url), 400, "VALIDATION_ERROR",
            "redirectUrl")
    assert mail.messages == []


@pytest.mark.parametrize("body, field", [
    ({"redirectUrl": CALLBACK}, "email"), ({"email": EMAIL}, "redirectUrl"),
    ({"email": "not-an-address", "redirectUrl": CALLBACK}, "email"),
    ({"email": 5, "redirectUrl": CALLBACK}, "email"),
    ({"email": "a" * 320 + "@example.com", "redirectUrl": CALLBACK}, "email"),
    ({"email": "al\x00ice@example.com", "redirectUrl": CALLBACK}, "email"),
    ({"email": EMAIL, "redirectUrl": ""}, "redirectUrl"),
    ({"email": EMAIL, "redirectUrl": ["x"]}, "redirectUrl"),
    ({"email": EMAIL, "redirectUrl": CALLBACK + "\x00"}, "redirectUrl"),
    ({"email": EMAIL, "redirectUrl": ORIGIN + "/" + "a" * 2048}, "redirectUrl"),
])
def test_forgot_password_bad_input(client, body, field):
    refused(client.post("/api/auth/forgot-password", json=body), 400, "VALIDATION_ERROR", field)


@pytest.mark.parametrize("path", ["/api/auth/forgot-password", "/api/auth/reset-password"])
@pytest.mark.parametrize("body", ["[]", '"text"', "5", "null", "{not json"])
def test_bodies_that_are_not_json_objects_are_400(client, path, body):
    response = client.post(path, data=body, content_type="application/json")
    refused(response, 400, "VALIDATION_ERROR")


# --- reset-password ---

@pytest.mark.parametrize("verified", [True, False])
def test_reset_sets_the_password_ends_every_session_and_signs_nobody_in(app, client, auth, mail,
                                                                        verified):
    sessions = [auth.headers(), bearer(sign_in(client))]
    if verified:  # (an unverified account is claimed, which ends its sessions anyway)
        verify_email(app, EMAIL)
    response = reset(client, reset_token(client, mail))
    assert response.status_code == 200 and response.get_json() == {"success": True}
    assert not any(alive(client, headers) for headers in sessions)
    refused(sign_in(client), 401, "INVALID_CREDENTIALS")
    assert sign_in(client, password=NEW_PASSWORD).status_code == 200


def test_the_token_works_once(client, auth, mail):
    auth.sign_up()
    token = reset_token(client, mail)
    assert reset(client, token).status_code == 200
    refused(reset(client, token, "Another-granite-lake-77"), 400, "INVALID_TOKEN")
    assert sign_in(client, password=NEW_PASSWORD).status_code == 200


def test_the_token_lives_one_hour(client, auth, mail, clock):
    auth.sign_up()
    late = reset_token(client, mail)
    clock.advance(minutes=59, seconds=59)
    on_time = reset_token(client, mail)
    clock.advance(seconds=1)  # `late` is exactly an hour old now
    refused(reset(client, late), 400, "INVALID_TOKEN")
    assert reset(client, on_time).status_code == 200


def test_a_new_request_does_not_cancel_earlier_tokens_a_reset_spends_them_all(client, auth,
                                                                              mail):
    auth.sign_up()
    first = reset_token(client, mail)
    second = reset_token(client, mail)
    third = reset_token(client, mail)
    assert len({first, second, third}) == 3
    assert reset(client, second).status_code == 200
    refused(reset(client, first, "Another-granite-lake-77"), 400, "INVALID_TOKEN")
    refused(reset(client, third, "Another-granite-lake-77"), 400, "INVALID_TOKEN")


def test_a_refused_reset_leaves_the_token_usable(client, auth, mail):
    headers = auth.headers()
    token = reset_token(client, mail)
    body = refused(reset(client, token, "password123"), 400, "VALIDATION_ERROR", "newPassword")
    assert "weak" in body["details"]["newPassword"][0]
    refused(reset(client, token, "alice@example.com"), 400, "VALIDATION_ERROR", "newPassword")
    refused(reset(client, token, "short"), 400, "VALIDATION_ERROR", "newPassword")
    assert alive(client, headers)  # nothing happened
    assert reset(client, token).status_code == 200


@pytest.mark.parametrize("token", ["", "x", "A" * 43, "A" * 513, 12345, None, ["t"],
                                   "tok\x00en"])
def test_unknown_or_malformed_tokens(client, auth, mail, token):
    auth.sign_up()
    reset_token(client, mail)
    response = reset(client, token)
    assert response.status_code == 400
    assert response.get_json()["error"] in {"INVALID_TOKEN", "VALIDATION_ERROR"}
    if isinstance(token, str) and 0 < len(token) <= 512 and "\x00" not in token:
        assert response.get_json()["error"] == "INVALID_TOKEN"
    else:
        assert "token" in response.get_json()["details"]


@pytest.mark.parametrize("body, field", [
    ({"newPassword": NEW_PASSWORD}, "token"), ({"token": "abc"}, "newPassword"),
    ({"token": "abc", "newPassword": 12345678}, "newPassword"),
    ({"token": "abc", "newPassword": "x" * 257}, "newPassword"),
    ({"token": "abc", "newPassword": NEW_PASSWORD + "\ud800"}, "newPassword"),
])
def test_reset_password_bad_input(client, body, field):
    refused(client.post("/api/auth/reset-password", json=body), 400, "VALIDATION_ERROR", field)


def test_a_magic_link_token_is_not_a_reset_token(client, auth, mail):
    auth.sign_up()
    client.post("/api/auth/send-magic-link", json={"email": EMAIL, "redirectUrl": CALLBACK})
    refused(reset(client, mail.last_token(EMAIL)), 400, "INVALID_TOKEN")


def test_an_account_without_password_gets_one_by_reset(client, mail):
    client.post("/api/auth/send-magic-link", json={"email": EMAIL, "redirectUrl": CALLBACK})
    assert client.post("/api/auth/magic-link/verify",
                       json={"token": mail.last_token(EMAIL)}).status_code == 200
    assert reset(client, reset_token(client, mail)).status_code == 200
    assert sign_in(client, password=NEW_PASSWORD).status_code == 200


# --- claiming an unverified account, keeping two-factor ---

def test_the_owners_reset_removes_what_a_squatter_set_up(app, client, auth, mail, clock):
    # Mallory signs up with Alice's address, adds a passkey and a second factor. (Two-factor
    # needs a verified address, so the address is marked verified for the enrolment and then
    # unverified again: the state of an account whose factor predates that rule.)
    squatter = auth.headers(EMAIL, "Mallory-owns-this-1984!")
    authenticator = SoftAuthenticator("ES256")
    assert register_passkey(client, squatter, authenticator).status_code == 201
    enrol_two_factor(app, client, squatter, clock, EMAIL)
    update_user(app, EMAIL, email_verified=False)
    assert count(app, RecoveryCode) == 10 and count(app, PasskeyCredential) == 1

    # Alice, who reads the mailbox, resets the password.
    assert reset(client, reset_token(client, mail)).status_code == 200
    assert not alive(client, squatter)
    refused(sign_in(client, password="Mallory-owns-this-1984!"), 401, "INVALID_CREDENTIALS")
    refused(passkey_sign_in(client, authenticator), 401, "INVALID_PASSKEY")
    assert count(app, RecoveryCode) == 0 and count(app, PasskeyCredential) == 0
    response = sign_in(client, password=NEW_PASSWORD)  # no code asked: the factor is gone
    assert response.status_code == 200, response.get_json()
    user = response.get_json()["user"]
    assert user["emailVerified"] is True and user["twoFactorEnabled"] is False
    with app.app_context():
        row = db.session.execute(select(User)).scalar_one()
        assert row.totp_secret is None and row.totp_pending_secret is None


def test_two_factor_is_still_asked_after_a_reset(app, client, auth, mail, clock):
    headers = auth.headers()
    secret, _ = enrol_two_factor(app, client, headers, clock, EMAIL)
    assert reset(client, reset_token(client, mail)).status_code == 200
    refused(sign_in(client, password=NEW_PASSWORD), 401, "TOTP_REQUIRED")
    response = sign_in(client, password=NEW_PASSWORD, totpCode=pyotp.TOTP(secret).at(clock.now))
    assert response.status_code == 200
    assert response.get_json()["user"]["twoFactorEnabled"] is True


def test_reset_needs_no_bearer_and_a_dead_one_does_not_matter(client, auth, mail):
    headers = auth.headers()
    client.post("/api/auth/sign-out", headers=headers)
    response = client.post("/api/auth/forgot-password", headers=headers,
                           json={"email": EMAIL, "redirectUrl": CALLBACK})
    assert response.status_code == 200
    assert client.post("/api/auth/reset-password", headers=headers, json={
        "token": mail.last_token(EMAIL), "newPassword": NEW_PASSWORD}).status_code == 200


def test_deleting_the_account_spends_its_reset_tokens(app, client, auth, mail):
    headers = auth.headers()
    token = reset_token(client, mail)
    assert client.delete("/api/auth/user", headers=headers,
                         json={"password": PASSWORD}).status_code == 204
    auth.sign_up()  # the same address again: a new account the old link must not reach
    refused(reset(client, token), 400, "INVALID_TOKEN")
    assert count(app, OneTimeToken, OneTimeToken.purpose == "password_reset") == 0


def test_concurrent_resets_with_one_token_succeed_once(client, auth, mail, live_server):
    auth.sign_up()
    token = reset_token(client, mail)
    passwords = [f"Lantern-quartz-meadow-{n}{n}" for n in range(6)]
    results, start = [], threading.Barrier(len(passwords))

    def attempt(password):
        start.wait()
        response = requests.post(f"{live_server}/api/auth/reset-password", timeout=30,
                                 json={"token": token, "newPassword": password})
        results.append((response.status_code, response.json().get("error"), password))

    threads = [threading.Thread(target=attempt, args=(p,)) for p in passwords]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted((status, error) for status, error, _ in results) == \
        [(200, None)] + [(400, "INVALID_TOKEN")] * (len(passwords) - 1)
    winner = next(password for status, _, password in results if status == 200)
    assert sign_in(client, password=winner).status_code == 200
