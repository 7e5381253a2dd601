"""Sign-up, sign-in, e-mail verification and the password policy (contract sections 1, 3, 4)."""
import hashlib
import logging
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from passlib.context import CryptContext
from sqlalchemy import select, text

import config
from app import create_app
from core import outbox
from core.db import db
from sections.auth.models import User
from tests.conftest import PASSWORD, RecordingClient, deliver_outbox, settings_for
from tests.http import sign_in

HASH_SETTINGS = ("PASSWORD_HASH_MEMORY_COST", "PASSWORD_HASH_TIME_COST",
                 "PASSWORD_HASH_PARALLELISM")

UNKNOWN_OR_WRONG = {"error": "INVALID_CREDENTIALS", "message": "Invalid email or password"}


def stored_user(app, email="alice@example.com"):
    with app.app_context():
        return db.session.execute(select(User).where(User.email == email)).scalar_one()


def test_sign_up_answers_user_and_session(client):
    response = client.post("/api/auth/sign-up",
                           json={"email": "  Alice@Example.COM ", "password": PASSWORD})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"user", "session"}
    user = body["user"]
    assert user["email"] == "alice@example.com"
    assert user["name"] is None and user["image"] is None and user["emailVerified"] is False
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", user["createdAt"])
    assert set(body["session"]) == {"id", "token", "expiresAt"}
    assert len(body["session"]["token"]) == 43  # 32 bytes, base64url without padding
    assert "password" not in user and "passwordHash" not in user


def test_sign_up_of_an_existing_address_is_409_whatever_its_case(client, auth):
    auth.sign_up("alice@example.com")
    response = client.post("/api/auth/sign-up",
                           json={"email": "ALICE@example.com", "password": PASSWORD})
    assert response.status_code == 409
    assert response.get_json() == {"error": "USER_ALREADY_EXISTS",
                                   "message": "A user with this email already exists"}


@pytest.mark.parametrize("password, reason", [
    ("short1!", "Length must be between 8 and 256."),
    ("x" * 257, "Length must be between 8 and 256."),
    ("password123", "Password is too weak"),
    ("alice@example.com", "Password is too weak"),  # the e-mail address itself
    ("qwertyuiop", "Password is too weak"),
])
def test_weak_or_badly_sized_passwords_are_refused_with_a_reason(client, password, reason):
    response = client.post("/api/auth/sign-up",
                           json={"email": "alice@example.com", "password": password})
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "VALIDATION_ERROR"
    assert body["details"]["password"][0].startswith(reason)


def test_sign_up_sends_a_verification_link_that_verifies_once(client, mail):
    client.post("/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
    assert mail.last_link("alice@example.com").startswith("http://app.test/verify-email?token=")
    token = mail.last_token("alice@example.com")

    response = client.post("/api/auth/verify-email", json={"token": token})
    assert response.status_code == 200
    assert response.get_json()["success"] is True
    assert response.get_json()["user"]["emailVerified"] is True

    again = client.post("/api/auth/verify-email", json={"token": token})
    assert again.status_code == 400
    assert again.get_json() == {"error": "INVALID_TOKEN", "message": "Invalid or expired token"}


@pytest.mark.parametrize("after, status, error", [
    ({"hours": 23, "minutes": 59}, 200, None),
    ({"hours": 24, "seconds": 1}, 400, "INVALID_TOKEN"),
])
def test_verification_token_is_valid_24_hours(client, mail, clock, after, status, error):
    client.post("/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
    # Delivered now, as the outbox does: a message still queued a day later is dropped as
    # expired (MAIL_MAX_AGE), which the sender could do before this test read it.
    token = mail.last_token("alice@example.com")
    clock.advance(**after)
    response = client.post("/api/auth/verify-email", json={"token": token})
    assert response.status_code == status
    if error:
        assert response.get_json()["error"] == error
    else:
        assert response.get_json()["user"]["emailVerified"] is True


def test_unknown_verification_token_is_400(client):
    response = client.post("/api/auth/verify-email", json={"token": "not-a-token"})
    assert response.status_code == 400
    assert response.get_json()["error"] == "INVALID_TOKEN"


def test_sign_in_answers_a_new_session(client, auth):
    first = auth.sign_up()["session"]
    response = sign_in(client, "ALICE@example.com ")
    assert response.status_code == 200
    assert response.get_json()["user"]["email"] == "alice@example.com"
    assert response.get_json()["session"]["token"] != first["token"]


def test_unknown_email_and_wrong_password_get_the_same_answer(client, auth):
    auth.sign_up()
    wrong = sign_in(client, password="not the password")
    unknown = sign_in(client, email="nobody@example.com")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.get_json() == unknown.get_json() == UNKNOWN_OR_WRONG


def test_outdated_hash_is_rehashed_at_next_sign_in(make_app):
    weak = make_app(PASSWORD_HASH_MEMORY_COST=512, PASSWORD_HASH_TIME_COST=1)
    weak.test_client().post("/api/auth/sign-up",
                            json={"email": "alice@example.com", "password": PASSWORD})
    old_hash = stored_user(weak).password_hash
    assert "m=512,t=1" in old_hash

    current = make_app(PASSWORD_HASH_MEMORY_COST=1024, PASSWORD_HASH_TIME_COST=2)
    assert sign_in(current.test_client()).status_code == 200
    new_hash = stored_user(current).password_hash
    assert new_hash.startswith("$argon2id$") and "m=1024,t=2" in new_hash
    assert CryptContext(schemes=["argon2"]).verify(PASSWORD, new_hash)


def test_production_parameters_are_owasp_argon2id(make_app):
    app = make_app(PASSWORD_HASH_MEMORY_COST=19456, PASSWORD_HASH_TIME_COST=2)
    app.test_client().post("/api/auth/sign-up",
                           json={"email": "alice@example.com", "password": PASSWORD})
    assert stored_user(app).password_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")


class TestRequiredVerification:
    @pytest.fixture
    def client(self, make_app):
        return make_app(REQUIRE_EMAIL_VERIFICATION=True).test_client()

    def test_sign_up_gives_no_session(self, client):
        response = client.post("/api/auth/sign-up",
                               json={"email": "alice@example.com", "password": PASSWORD})
        assert response.status_code == 201
        assert response.get_json()["session"] is None

    def test_sign_in_waits_for_verification_and_resends_the_link(self, client, mail):
        client.post("/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
        assert len(mail.to("alice@example.com")) == 1
        response = sign_in(client)
        assert response.status_code == 403
        assert response.get_json()["error"] == "EMAIL_NOT_VERIFIED"
        assert len(mail.to("alice@example.com")) == 2

        client.post("/api/auth/verify-email", json={"token": mail.last_token("alice@example.com")})
        assert sign_in(client).status_code == 200

    def test_wrong_password_of_unverified_account_is_still_invalid_credentials(self, client):
        client.post("/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
        assert sign_in(client, password="wrong password").get_json() == UNKNOWN_OR_WRONG


def test_send_verification_email_answers_the_same_for_every_address(client, auth, mail):
    auth.sign_up("unverified@example.com")
    auth.sign_up("verified@example.com")
    client.post("/api/auth/verify-email", json={"token": mail.last_token("verified@example.com")})
    mail.flush()
    mail.messages.clear()

    addresses = ("unverified@example.com", "verified@example.com", "nobody@example.com")
    answers = [client.post("/api/auth/send-verification-email", json={"email": email})
               for email in addresses]
    assert {a.status_code for a in answers} == {200}
    assert len({a.get_data() for a in answers}) == 1
    assert answers[0].get_json()["success"] is True
    mail.flush()
    assert [m["To"] for m in mail.messages] == ["unverified@example.com"]


def test_mail_server_down_keeps_the_account_and_resend_works_later(make_app, smtp_sink, caplog):
    sink, port = smtp_sink
    sink.messages.clear()
    down = make_app(MAIL_PORT=1)  # nothing listens there
    response = down.test_client().post(
        "/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
    assert response.status_code == 201
    deliver_outbox(down)
    assert "could not send e-mail" in caplog.text
    # The apps share the database: neither `down`'s sender nor the sink's flush may take
    # `up`'s mail through it (a failed try would put the new message behind the old one).
    outbox.stop_sender(down)
    sink.apps.remove(down)

    up = make_app(MAIL_PORT=port)
    client = up.test_client()
    resent = client.post("/api/auth/send-verification-email", json={"email": "alice@example.com"})
    assert resent.status_code == 200, resent.get_json()
    verified = client.post("/api/auth/verify-email",
                           json={"token": sink.last_token("alice@example.com")})
    assert verified.get_json()["user"]["emailVerified"] is True


def test_failed_sign_ins_of_one_account_are_capped_across_addresses(client, auth):
    auth.sign_up()
    for i in range(10):
        wrong = sign_in(client, password=f"wrong {i}",
                        environ_base={"REMOTE_ADDR": f"10.0.0.{i}"})
        assert wrong.status_code == 401
    blocked = sign_in(client, environ_base={"REMOTE_ADDR": "10.0.1.1"})
    assert blocked.status_code == 429
    assert blocked.get_json()["error"] == "RATE_LIMITED"
    # Right after the 11th attempt the wait is (nearly) the whole 15-minute window.
    assert 840 < int(blocked.headers["Retry-After"]) <= 900
    # Other accounts are unaffected.
    auth.sign_up("bob@example.com")
    assert sign_in(client, "bob@example.com").status_code == 200


def test_unknown_accounts_are_capped_the_same_way(client):
    answers = [sign_in(client, "nobody@example.com") for _ in range(11)]
    assert [a.status_code for a in answers] == [401] * 10 + [429]
    assert "Retry-After" not in answers[9].headers
    assert 840 < int(answers[10].headers["Retry-After"]) <= 900


def test_verification_token_is_stored_only_as_its_sha256(app, client, mail):
    client.post("/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
    token = mail.last_token("alice@example.com")
    with app.app_context():
        rows = db.session.execute(text("SELECT * FROM one_time_tokens")).mappings().all()
    assert len(rows) == 1
    assert rows[0]["purpose"] == "email_verification"
    assert rows[0]["token_hash"] == hashlib.sha256(token.encode()).hexdigest()
    assert not any(token in str(value) for value in rows[0].values())


def test_default_hash_parameters_are_no_weaker_than_owasp(make_app, tmp_path, smtp_sink,
                                                          monkeypatch):
    make_app()  # empties the database for this test
    for name in HASH_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    # The tests' settings lower the argon2 cost for speed: leave those out, keep the defaults.
    settings = {name: value for name, value in settings_for(tmp_path, smtp_sink[1]).items()
                if name not in HASH_SETTINGS}
    app = create_app(settings)
    app.test_client_class = RecordingClient
    try:
        response = app.test_client().post(
            "/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
        assert response.status_code == 201
        stored = stored_user(app).password_hash
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    found = re.match(r"\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$", stored)
    assert found, stored
    memory, time_cost, parallelism = map(int, found.groups())
    assert memory >= 19456 and time_cost >= 2 and parallelism == 1
    defaults = config.defaults()
    assert (memory, time_cost, parallelism) == tuple(defaults[name] for name in HASH_SETTINGS)


@pytest.mark.parametrize("password", [
    "Vq8#mZ2k",  # exactly 8 characters
    ("Tr0ub4dor&3-horse-staple-" * 11)[:256],  # exactly 256 characters
])
def test_passwords_of_the_boundary_lengths_are_accepted(client, password):
    response = client.post("/api/auth/sign-up",
                           json={"email": "alice@example.com", "password": password})
    assert response.status_code == 201, response.get_json()
    assert sign_in(client, password=password).status_code == 200
    # The whole password counts, not a prefix of it.
    assert sign_in(client, password=password[:-1]).status_code == 401


def test_without_mail_server_the_verification_link_is_logged(make_app, mail, caplog):
    caplog.set_level(logging.INFO)
    client = make_app(MAIL_SERVER=None).test_client()
    response = client.post("/api/auth/sign-up",
                           json={"email": "alice@example.com", "password": PASSWORD})
    assert response.status_code == 201
    assert mail.to("alice@example.com") == []
    links = re.findall(r"http://app\.test/verify-email\?token=[\w-]+", caplog.text)
    assert len(links) == 1, caplog.text
    assert "alice@example.com" in caplog.text
    # The logged link is the real one: its token verifies the address.
    token = parse_qs(urlsplit(links[0]).query)["token"][0]
    verified = client.post("/api/auth/verify-email", json={"token": token})
    assert verified.status_code == 200
    assert verified.get_json()["user"]["emailVerified"] is True


@pytest.mark.parametrize("url, kept", [
    ("https://app.example/confirm", {}),
    ("https://app.example/confirm?lang=en", {"lang": ["en"]}),
])
def test_verification_url_can_be_configured(make_app, mail, url, kept):
    client = make_app(EMAIL_VERIFICATION_URL=url).test_client()
    client.post("/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
    assert mail.last_link("alice@example.com").startswith(url)
    link = urlsplit(mail.last_link("alice@example.com"))
    assert (link.scheme, link.netloc, link.path) == ("https", "app.example", "/confirm")
    query = parse_qs(link.query)
    assert set(query) == {"token", *kept}
    assert all(query[name] == value for name, value in kept.items())
    verified = client.post("/api/auth/verify-email", json={"token": query["token"][0]})
    assert verified.status_code == 200


# Contract section 3: an address is at most 254 characters (RFC 5321's path limit), wherever
# one is taken. LONGEST is a valid address of exactly 254.
LONGEST = "a" * 64 + "@" + "b" * 63 + "." + "c" * 63 + "." + "d" * 57 + ".com"
TOO_LONG = "a" + LONGEST


def test_an_address_over_254_characters_is_refused_everywhere(make_app, smtp_sink):
    from tests.conftest import AuthActions
    from tests.factories import make_project

    assert len(LONGEST) == 254 and len(TOO_LONG) == 255
    redirect = "http://app.test/next"
    app = make_app(ALLOWED_REDIRECT_ORIGINS=["http://app.test"])
    client = app.test_client()
    headers = AuthActions(client, smtp_sink[0]).headers("owner@example.com")
    project = make_project(app, "owner@example.com")
    takers = [  # (path, the body of an address, headers): every endpoint that takes one
        ("/api/auth/sign-up", lambda a: {"email": a, "password": PASSWORD}, {}),
        ("/api/auth/sign-in", lambda a: {"email": a, "password": PASSWORD}, {}),
        ("/api/auth/send-verification-email", lambda a: {"email": a}, {}),
        ("/api/auth/forgot-password", lambda a: {"email": a, "redirectUrl": redirect}, {}),
        ("/api/auth/send-magic-link", lambda a: {"email": a, "redirectUrl": redirect}, {}),
        ("/api/auth/passkey/sign-in", lambda a: {"email": a}, {}),
        ("/api/auth/change-email", lambda a: {"newEmail": a, "password": PASSWORD}, headers),
        (f"/api/projects/{project}/invitations", lambda a: {"email": a, "role": "member"},
         headers),
    ]
    for path, body, sent in takers:
        refused = client.post(path, json=body(TOO_LONG), headers=sent)
        assert refused.status_code == 400, (path, refused.get_json())
        named = next(iter(body("x")))  # the address is each body's first field
        assert list(refused.get_json()["details"]) == [named], (path, refused.get_json())
        taken = client.post(path, json=body(LONGEST), headers=sent)
        assert taken.status_code < 300, (path, taken.get_json())
