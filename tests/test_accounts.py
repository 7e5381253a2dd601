"""Sign-up, sign-in, e-mail verification and the password policy (contract sections 1, 3, 4)."""
import re

import pytest
from passlib.context import CryptContext
from sqlalchemy import select

from models import User, db
from tests.conftest import PASSWORD

UNKNOWN_OR_WRONG = {"error": "INVALID_CREDENTIALS", "message": "Invalid email or password"}


def sign_in(client, email="alice@example.com", password=PASSWORD, **extra):
    return client.post("/api/auth/sign-in", json={"email": email, "password": password, **extra})


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


def test_verification_token_expires_after_24_hours(client, mail, clock):
    client.post("/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
    clock.advance(hours=24, seconds=1)
    response = client.post("/api/auth/verify-email",
                           json={"token": mail.last_token("alice@example.com")})
    assert response.status_code == 400
    assert response.get_json()["error"] == "INVALID_TOKEN"


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
    mail.messages.clear()

    addresses = ("unverified@example.com", "verified@example.com", "nobody@example.com")
    answers = [client.post("/api/auth/send-verification-email", json={"email": email})
               for email in addresses]
    assert {a.status_code for a in answers} == {200}
    assert len({a.get_data() for a in answers}) == 1
    assert answers[0].get_json()["success"] is True
    assert [m["To"] for m in mail.messages] == ["unverified@example.com"]


def test_mail_server_down_keeps_the_account_and_resend_works_later(make_app, smtp_sink, caplog):
    sink, port = smtp_sink
    sink.messages.clear()
    down = make_app(MAIL_PORT=1)  # nothing listens there
    response = down.test_client().post(
        "/api/auth/sign-up", json={"email": "alice@example.com", "password": PASSWORD})
    assert response.status_code == 201
    assert "could not send e-mail" in caplog.text

    up = make_app(MAIL_PORT=port)
    client = up.test_client()
    client.post("/api/auth/send-verification-email", json={"email": "alice@example.com"})
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
    assert 0 < int(blocked.headers["Retry-After"]) <= 900
    # Other accounts are unaffected.
    auth.sign_up("bob@example.com")
    assert sign_in(client, "bob@example.com").status_code == 200


def test_unknown_accounts_are_capped_the_same_way(client):
    answers = [sign_in(client, "nobody@example.com").status_code for _ in range(11)]
    assert answers == [401] * 10 + [429]
