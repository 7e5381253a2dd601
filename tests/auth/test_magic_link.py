"""Magic-link sign-in: redirect allow-list, e-mail over SMTP, single use, expiry, new accounts
and the second factor (contract sections 4, 5 and 6)."""
import logging
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pyotp
import pytest
from sqlalchemy import text

from core.db import db
from tests.conftest import PASSWORD, deliver_outbox
from tests.http import bearer

ORIGIN = "http://localhost:3000"
CALLBACK = f"{ORIGIN}/auth/magic?next=%2Fdashboard"
EMAIL = "alice@example.com"
SENT = {"success": True, "message": "A sign-in link has been sent to this address."}


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN, "https://app.example.com"])


def send(client, email=EMAIL, redirect_url=CALLBACK):
    return client.post("/api/auth/send-magic-link",
                       json={"email": email, "redirectUrl": redirect_url})


def verify(client, token, **extra):
    return client.post("/api/auth/magic-link/verify", json={"token": token, **extra})


def link_token(client, mail, email=EMAIL):
    assert send(client, email).status_code == 200
    return mail.last_token(email)


# --- sending ---

def test_link_arrives_by_smtp_with_the_redirect_url_and_its_query(client, auth, mail):
    auth.sign_up()
    response = send(client)
    assert response.status_code == 200
    assert response.get_json() == SENT
    link = mail.last_link(EMAIL)
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"{ORIGIN}/auth/magic"
    query = parse_qs(parts.query)
    assert query["next"] == ["/dashboard"]
    assert len(query["token"][0]) == 43
    assert "10 minutes" in mail.last_body(EMAIL)


def test_unknown_and_known_addresses_get_the_same_answer(client, auth, mail):
    auth.sign_up()
    known = send(client, EMAIL)
    unknown = send(client, "newcomer@example.com")
    assert (known.status_code, known.get_json()) == (unknown.status_code, unknown.get_json())
    assert set(known.headers.keys()) == set(unknown.headers.keys())
    # Both get a link; the newcomer's message is a sign-up one.
    assert mail.to(EMAIL)[-1]["Subject"] == "Your sign-in link"
    assert mail.to("newcomer@example.com")[0]["Subject"] == "Finish creating your account"
    assert mail.last_token("newcomer@example.com")


@pytest.mark.parametrize("signed_up", [True, False], ids=["known", "unknown"])
def test_mail_server_down_still_answers_the_same_and_keeps_the_token(
        make_app, smtp_sink, caplog, signed_up):
    sink, _ = smtp_sink
    # Nothing listens on port 1; no retry within the test.
    app = make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN], MAIL_PORT=1, MAIL_RETRY_BASE=600)
    client = app.test_client()
    if signed_up:
        assert client.post("/api/auth/sign-up",
                           json={"email": EMAIL, "password": PASSWORD}).status_code == 201
    deliver_outbox(app)
    sink.messages.clear()
    caplog.clear()
    response = send(client)
    assert response.status_code == 200
    assert response.get_json() == SENT
    deliver_outbox(app)
    assert sink.messages == []
    with app.app_context():
        rows = db.session.execute(text(
            "SELECT purpose, email, token_hash FROM one_time_tokens WHERE purpose = 'magic_link'"
        )).all()
    assert len(rows) == 1 and rows[0].email == EMAIL and len(rows[0].token_hash) == 64
    failures = [r for r in caplog.records
                if r.levelno >= logging.ERROR and "could not send e-mail" in r.getMessage()]
    assert len(failures) == 1 and EMAIL in failures[0].getMessage()


def test_only_the_digest_of_the_token_is_stored(client, mail):
    token = link_token(client, mail)
    with client.application.app_context():
        rows = db.session.execute(text("SELECT token_hash FROM one_time_tokens")).all()
    assert len(rows) == 1 and token not in rows[0][0] and len(rows[0][0]) == 64


@pytest.mark.parametrize("redirect_url", [
    "http://evil.test/auth/magic",                 # other host
    "http://localhost:3001/auth/magic",            # other port
    "https://localhost:3000/auth/magic",           # other scheme
    "javascript:alert(document.cookie)",
    "/auth/magic",                                 # relative
    "auth/magic",
    "//evil.test/auth/magic",                      # scheme-relative
    "http://localhost:3000@evil.test/",            # userinfo: the host is evil.test
    "http://evil.test@localhost:3000/",            # userinfo, refused outright
    "http://localhost:3000.evil.test/",
    "http://localhost:3000\\@evil.test/",
    "http:\\\\evil.test\\auth",
    "http:evil.test",
    "http:///localhost:3000/",
    "data:text/html,<script>alert(1)</script>",
    "ftp://localhost:3000/",
    " http://localhost:3000/",
    "http://localhost:3000/\nSet-Cookie: x=1",
    "http://localhost:99999/",
    "http://app.example.com/",                     # https only for this origin
    "",
])
def test_disallowed_redirect_urls_are_refused(client, mail, redirect_url):
    response = send(client, redirect_url=redirect_url)
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "VALIDATION_ERROR"
    assert "redirectUrl" in body["details"]
    assert mail.to(EMAIL) == []


@pytest.mark.parametrize("redirect_url", [
    "http://localhost:3000", "http://LOCALHOST:3000/cb", "http://localhost:3000/a/b?c=d#frag",
    "https://app.example.com/cb", "https://app.example.com:443/cb",
])
def test_allowed_redirect_urls_are_accepted(client, mail, redirect_url):
    assert send(client, redirect_url=redirect_url).status_code == 200
    assert mail.last_token(EMAIL)


def test_no_redirect_is_allowed_until_origins_are_configured(make_app, mail):
    client = make_app().test_client()
    response = send(client)
    assert response.status_code == 400
    # The refusal names the setting that would allow it.
    assert "ALLOWED_REDIRECT_ORIGINS" in response.get_json()["details"]["redirectUrl"][0]


def test_debug_mode_allows_the_services_own_origin_by_default(make_app, mail):
    client = make_app(DEBUG=True, APP_BASE_URL="http://localhost:5000").test_client()
    assert send(client, redirect_url="http://localhost:5000/magic-link").status_code == 200
    assert send(client, redirect_url="http://localhost:3000/cb").status_code == 400
    production = make_app(APP_BASE_URL="http://localhost:5000").test_client()
    assert send(production, redirect_url="http://localhost:5000/magic-link").status_code == 400


def test_debug_mode_takes_either_loopback_name_and_names_what_it_allows(make_app, mail):
    client = make_app(DEBUG=True, APP_BASE_URL="http://localhost:5000").test_client()
    for page in ("http://127.0.0.1:5000/magic-link", "http://localhost:5000/magic-link"):
        assert send(client, redirect_url=page).status_code == 200
    refused = send(client, redirect_url="http://localhost:3000/cb").get_json()
    assert refused["details"]["redirectUrl"][0].endswith(
        "Allowed: http://localhost:5000, http://127.0.0.1:5000.")
    # Outside debug mode the refusal names the setting, not its value.
    production = make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN]).test_client()
    message = send(production, redirect_url="https://elsewhere.test/cb").get_json()
    assert ORIGIN not in message["details"]["redirectUrl"][0]


@pytest.mark.parametrize("body", [
    {}, {"email": EMAIL}, {"redirectUrl": CALLBACK},
    {"email": "not-an-email", "redirectUrl": CALLBACK},
    {"email": EMAIL, "redirectUrl": 42}, {"email": EMAIL, "redirectUrl": ["x"]},
    {"email": EMAIL, "redirectUrl": CALLBACK + "&x=" + "a" * 2100},
    {"email": EMAIL, "redirectUrl": CALLBACK + "\x00"},
    {"email": "al\x00ice@example.com", "redirectUrl": CALLBACK},
    {"email": None, "redirectUrl": CALLBACK}, [], "text",
])
def test_malformed_send_requests_are_validation_errors(client, mail, body):
    response = client.post("/api/auth/send-magic-link", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"] == "VALIDATION_ERROR"
    mail.flush()
    assert mail.messages == []


# --- verifying ---

def test_verify_signs_in_and_marks_the_address_verified(client, auth, mail):
    assert auth.sign_up()["user"]["emailVerified"] is False
    response = verify(client, link_token(client, mail))
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"user", "session"}
    assert body["user"]["email"] == EMAIL and body["user"]["emailVerified"] is True
    session = client.get("/api/auth/session", headers=bearer(response))
    assert session.status_code == 200 and session.get_json()["user"]["emailVerified"] is True


def test_verify_creates_a_verified_account_for_a_new_address(client, mail):
    response = verify(client, link_token(client, mail, "newcomer@example.com"))
    assert response.status_code == 200
    user = response.get_json()["user"]
    assert user["email"] == "newcomer@example.com"
    assert user["emailVerified"] is True and user["twoFactorEnabled"] is False
    assert user["name"] is None and user["image"] is None
    # It is a real account: a second link signs in to the same one.
    again = verify(client, link_token(client, mail, "newcomer@example.com"))
    assert again.get_json()["user"]["id"] == user["id"]
    # No password was set: password sign-in stays refused.
    assert client.post("/api/auth/sign-in", json={"email": "newcomer@example.com",
                                                  "password": PASSWORD}).status_code == 401


def test_address_signed_up_after_the_link_was_sent_is_signed_in(client, auth, mail):
    token = link_token(client, mail)
    user = auth.sign_up()["user"]
    response = verify(client, token)
    assert response.status_code == 200
    assert response.get_json()["user"]["id"] == user["id"]


def test_token_is_single_use(client, mail):
    token = link_token(client, mail)
    assert verify(client, token).status_code == 200
    again = verify(client, token)
    assert again.status_code == 400
    assert again.get_json() == {"error": "INVALID_TOKEN", "message": "Invalid or expired token"}


def test_token_expires_after_ten_minutes(client, mail, clock):
    early = link_token(client, mail)
    late = link_token(client, mail)
    clock.advance(minutes=9, seconds=59)
    assert verify(client, early).status_code == 200
    clock.advance(seconds=1)
    expired = verify(client, late)
    assert expired.status_code == 400 and expired.get_json()["error"] == "INVALID_TOKEN"


@pytest.mark.parametrize("token", ["nope", "a" * 43, "a" * 512, "💥", "tok\x00en"])
def test_unknown_tokens_are_invalid(client, token):
    response = verify(client, token)
    assert response.status_code == 400
    assert response.get_json()["error"] in {"INVALID_TOKEN", "VALIDATION_ERROR"}


def test_a_verification_token_is_not_a_magic_link(client, auth, mail):
    auth.sign_up()
    response = verify(client, mail.last_token(EMAIL))  # the sign-up's verify-email token
    assert response.status_code == 400 and response.get_json()["error"] == "INVALID_TOKEN"


@pytest.mark.parametrize("body", [{}, {"token": None}, {"token": 5}, {"token": ""},
                                  {"token": "x" * 513}, {"token": "x", "totpCode": 123456},
                                  {"token": "x", "totpCode": "1" * 65}, []])
def test_malformed_verify_requests_are_validation_errors(client, body):
    response = client.post("/api/auth/magic-link/verify", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"] == "VALIDATION_ERROR"


# --- the second factor ---

@pytest.fixture
def secret(client, auth, clock, mail):
    """Alice, verified, with two-factor on; returns her TOTP secret."""
    headers = auth.headers()
    client.post("/api/auth/verify-email", json={"token": mail.last_token(EMAIL)})
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    response = client.post("/api/auth/two-factor/verify", headers=headers,
                           json={"code": pyotp.TOTP(secret).at(clock.now)})
    assert response.status_code == 200
    clock.advance(minutes=1)
    return secret


def test_two_factor_is_asked_and_the_token_kept_until_it_passes(client, mail, clock, secret):
    token = link_token(client, mail)
    missing = verify(client, token)
    assert missing.status_code == 401 and missing.get_json()["error"] == "TOTP_REQUIRED"
    wrong = verify(client, token, totpCode="000000")
    assert wrong.status_code == 401 and wrong.get_json()["error"] == "INVALID_TOTP"
    code = pyotp.TOTP(secret).at(clock.now)
    response = verify(client, token, totpCode=code)
    assert response.status_code == 200
    assert response.get_json()["user"]["twoFactorEnabled"] is True
    assert verify(client, token, totpCode=code).get_json()["error"] == "INVALID_TOKEN"
    # The accepted code cannot be replayed on another link.
    replay = verify(client, link_token(client, mail), totpCode=code)
    assert replay.status_code == 401 and replay.get_json()["error"] == "INVALID_TOTP"


def test_an_old_totp_code_is_refused_at_magic_link_completion(client, mail, clock, secret):
    clock.advance(minutes=2)  # well past the step accepted at enrolment: no replay involved
    token = link_token(client, mail)
    totp = pyotp.TOTP(secret)
    for age in (60, 90):  # 2 and 3 steps old: beyond the one step of drift allowed
        old = verify(client, token, totpCode=totp.at(clock.now - timedelta(seconds=age)))
        assert old.status_code == 401 and old.get_json()["error"] == "INVALID_TOTP"
    response = verify(client, token, totpCode=totp.at(clock.now))  # the token was not spent
    assert response.status_code == 200, response.get_json()


def test_wrong_codes_at_magic_link_completion_are_throttled(client, mail, clock, secret):
    token = link_token(client, mail)
    for _ in range(10):
        assert verify(client, token, totpCode="000000").get_json()["error"] == "INVALID_TOTP"
    blocked = verify(client, token, totpCode=pyotp.TOTP(secret).at(clock.now))
    assert blocked.status_code == 429 and blocked.get_json()["error"] == "RATE_LIMITED"
    assert "Retry-After" in blocked.headers


def test_the_owner_of_an_unverified_address_takes_the_account_over(client, auth, mail, clock):
    """Someone signed up with Alice's address, set a password and kept a session (two-factor
    they cannot set up: the address is not verified). Alice proves the address with a link:
    all that goes (account pre-hijacking)."""
    squatter = auth.headers()
    enable = client.post("/api/auth/two-factor/enable", headers=squatter)
    assert enable.status_code == 403 and enable.get_json()["error"] == "EMAIL_NOT_VERIFIED"

    response = verify(client, link_token(client, mail))
    assert response.status_code == 200  # no second factor asked: it was not Alice's
    user = response.get_json()["user"]
    assert user["emailVerified"] is True and user["twoFactorEnabled"] is False
    assert client.get("/api/auth/session", headers=squatter).status_code == 401
    password = client.post("/api/auth/sign-in", json={"email": EMAIL, "password": PASSWORD})
    assert password.get_json()["error"] == "INVALID_CREDENTIALS"
    assert client.get("/api/auth/session", headers=bearer(response)).status_code == 200
