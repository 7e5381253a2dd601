"""Security notices (extensions E1.4): e-mails through the outbox on each security change and on
a sign-in from an address new to the account, naming the event, its time (UTC), the request's
client address and user agent, never a token; SECURITY_NOTICES=false turns them off."""
import re

import pytest

from tests.conftest import PASSWORD
from tests.second_factors import code_at, enrol

EMAIL = "alice@example.com"
NEW_PASSWORD = "Lantern-quartz-meadow-91"
ELSEWHERE = {"REMOTE_ADDR": "203.0.113.9"}
WHEN = re.compile(r"When: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(UTC\)")


def bodies(mail, address=EMAIL):
    return [m.get_body(("plain",)).get_content() for m in mail.to(address)]


def subjects(mail, address=EMAIL):
    return [m["Subject"] for m in mail.to(address)]


def sign_in_from(client, environ=None, password=PASSWORD):
    """Sign in as EMAIL from the client address `environ` names (the sign-up's by default)."""
    return client.post("/api/auth/sign-in", json={"email": EMAIL, "password": password},
                       headers={"User-Agent": "NoticeTest/2.0"}, environ_overrides=environ)


def test_a_password_change_is_noticed_with_time_address_and_agent(client, auth, mail):
    headers = auth.headers()
    mail.clear()
    client.post("/api/auth/change-password", json={
        "currentPassword": PASSWORD, "newPassword": NEW_PASSWORD},
        headers={**headers, "User-Agent": "NoticeTest/1.0"},
        environ_overrides={"REMOTE_ADDR": "198.51.100.7"})
    assert subjects(mail) == ["Your password was changed"]
    [body] = bodies(mail)
    assert "The password of your account was changed." in body
    assert WHEN.search(body)
    assert "Client address: 198.51.100.7" in body and "User agent: NoticeTest/1.0" in body
    assert "http" not in body and "token" not in body


def test_two_factor_on_and_off_are_noticed(client, auth, mail, clock):
    headers = auth.verified_headers()
    mail.clear()
    secret, _ = enrol(client, headers, clock)
    client.post("/api/auth/two-factor/disable", headers=headers,
                json={"code": code_at(secret, clock), "password": PASSWORD})
    assert subjects(mail) == ["Two-factor authentication was turned on",
                              "Two-factor authentication was turned off"]


def test_a_reset_is_noticed(make_app, mail):
    client = make_app(ALLOWED_REDIRECT_ORIGINS=["http://app.test"]).test_client()
    client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    client.post("/api/auth/forgot-password",
                json={"email": EMAIL, "redirectUrl": "http://app.test/reset"})
    token = mail.last_token(EMAIL)
    mail.clear()
    client.post("/api/auth/reset-password", json={"token": token, "newPassword": NEW_PASSWORD})
    assert subjects(mail) == ["Your password was reset"]
    assert token not in bodies(mail)[0]


def test_a_sign_in_from_a_new_address_is_noticed_once(client, auth, mail):
    auth.sign_up()  # the first sign-in: no notice
    mail.clear()
    assert sign_in_from(client).status_code == 200  # the sign-up's address
    assert subjects(mail) == []
    assert sign_in_from(client, ELSEWHERE).status_code == 200
    assert subjects(mail) == ["New sign-in to your account"]
    [body] = bodies(mail)
    assert "Client address: 203.0.113.9" in body and "User agent: NoticeTest/2.0" in body
    assert sign_in_from(client, ELSEWHERE).status_code == 200  # known now
    assert len(subjects(mail)) == 1


def test_after_30_days_without_a_sign_in_the_next_one_is_noticed(client, auth, mail, clock):
    auth.sign_up()
    clock.advance(days=29)
    mail.clear()
    sign_in_from(client)
    assert subjects(mail) == []
    clock.advance(days=30, seconds=1)
    sign_in_from(client)
    assert subjects(mail) == ["New sign-in to your account"]


def test_a_failed_sign_in_sends_nothing(client, auth, mail):
    auth.sign_up()
    mail.clear()
    assert sign_in_from(client, ELSEWHERE, password="wrong password").status_code == 401
    assert subjects(mail) == []


def test_the_first_sign_in_of_a_magic_link_account_sends_no_notice(make_app, mail):
    client = make_app(ALLOWED_REDIRECT_ORIGINS=["http://app.test"]).test_client()
    client.post("/api/auth/send-magic-link",
                json={"email": EMAIL, "redirectUrl": "http://app.test/done"})
    token = mail.last_token(EMAIL)
    mail.clear()
    made = client.post("/api/auth/magic-link/verify", json={"token": token},
                       environ_overrides=ELSEWHERE)
    assert made.status_code == 200
    assert subjects(mail) == []


@pytest.mark.parametrize("flag", ["false", False])
def test_notices_can_be_turned_off(make_app, mail, flag):
    client = make_app(SECURITY_NOTICES=flag).test_client()
    made = client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    headers = {"Authorization": f"Bearer {made.get_json()['session']['token']}"}
    mail.clear()
    sign_in_from(client, ELSEWHERE)
    client.post("/api/auth/change-password", headers=headers,
                json={"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD})
    assert subjects(mail) == []
