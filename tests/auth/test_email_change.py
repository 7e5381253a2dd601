"""Changing the e-mail address (extensions E1.2): the proven request, the link mailed to the new
address, the notices to the old one, the confirmation and what it spends; bad input. The races
run on real processes in tests/auth/test_email_change_races.py."""
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import PASSWORD
from tests.http import refused, sign_in

OLD, NEW = "alice@example.com", "alice.new@example.com"
ORIGIN = "http://app.test"
CHANGE, CONFIRM = "/api/auth/change-email", "/api/auth/change-email/confirm"


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN])


def request_change(client, headers, new=NEW, **proof):
    return client.post(CHANGE, headers=headers,
                       json={"newEmail": new, "password": PASSWORD, **proof})


def confirm(client, token):
    return client.post(CONFIRM, json={"token": token})


def test_the_address_changes_once_the_new_one_confirms(client, auth, mail):
    headers = auth.headers()
    mail.clear()
    response = request_change(client, headers)
    assert response.status_code == 200
    assert response.get_json()["success"] is True and response.get_json()["message"]

    link = mail.last_link(NEW)
    assert link.startswith(f"{ORIGIN}/change-email?")  # EMAIL_CHANGE_URL's default
    token = parse_qs(urlsplit(link).query)["token"][0]
    notice = mail.last_body(OLD)  # the request's notice: no link, no token
    assert NEW in notice and "http" not in notice and token not in notice
    assert sign_in(client, OLD).status_code == 200  # nothing changed yet

    done = confirm(client, token)
    assert done.status_code == 200
    user = done.get_json()["user"]
    assert done.get_json()["success"] is True
    assert user["email"] == NEW and user["emailVerified"] is True
    assert client.get("/api/auth/session", headers=headers).get_json()["user"] == user
    assert sign_in(client, NEW).status_code == 200
    assert refused(sign_in(client, OLD), 401, "INVALID_CREDENTIALS")
    [_, completed] = mail.to(OLD)
    body = completed.get_body(("plain",)).get_content()
    assert OLD in body and NEW in body and "http" not in body
    refused(confirm(client, token), 400, "INVALID_TOKEN")  # single use


def test_the_link_lives_24_hours(client, auth, mail, clock):
    request_change(client, auth.headers())
    token = mail.last_token(NEW)
    clock.advance(hours=24, seconds=1)
    refused(confirm(client, token), 400, "INVALID_TOKEN")


def test_a_new_request_replaces_the_pending_one(client, auth, mail):
    headers = auth.headers()
    request_change(client, headers)
    first = mail.last_token(NEW)
    assert request_change(client, headers, "alice.other@example.com").status_code == 200
    second = mail.last_token("alice.other@example.com")
    refused(confirm(client, first), 400, "INVALID_TOKEN")
    assert confirm(client, second).get_json()["user"]["email"] == "alice.other@example.com"


def test_the_old_address_links_stop_working(client, auth, mail):
    headers = auth.headers()
    verification = mail.last_token(OLD)
    client.post("/api/auth/forgot-password", json={"email": OLD, "redirectUrl": ORIGIN})
    reset = mail.last_token(OLD)
    client.post("/api/auth/send-magic-link", json={"email": OLD, "redirectUrl": ORIGIN})
    magic = mail.last_token(OLD)
    request_change(client, headers)
    assert confirm(client, mail.last_token(NEW)).status_code == 200

    refused(client.post("/api/auth/verify-email", json={"token": verification}),
            400, "INVALID_TOKEN")
    refused(client.post("/api/auth/reset-password",
                        json={"token": reset, "newPassword": "Lantern-quartz-meadow-91"}),
            400, "INVALID_TOKEN")
    refused(client.post("/api/auth/magic-link/verify", json={"token": magic}),
            400, "INVALID_TOKEN")
    assert client.get("/api/auth/session", headers=headers).status_code == 200  # sessions stay


def test_a_taken_address_answers_the_same_then_409_at_confirmation(client, auth, mail):
    headers = auth.headers()
    bob = auth.headers("bob@example.com")
    mail.clear()
    taken = request_change(client, headers, "bob@example.com")
    free = request_change(client, headers, "carol@example.com")
    assert taken.status_code == free.status_code == 200
    assert taken.get_json() == free.get_json()

    request_change(client, headers, "bob@example.com")
    token = mail.last_token("bob@example.com")
    refused(confirm(client, token), 409, "USER_ALREADY_EXISTS")
    # The token stays unspent: once the address is free again, it works.
    assert client.delete("/api/auth/user", headers=bob,
                         json={"password": PASSWORD}).status_code == 204
    assert confirm(client, token).get_json()["user"]["email"] == "bob@example.com"


def test_the_new_address_is_validated_first(client, auth):
    headers = auth.headers()
    for current in (OLD, "  Alice@Example.COM "):
        refused(client.post(CHANGE, headers=headers, json={"newEmail": current}),
                400, "VALIDATION_ERROR", "newEmail")
    refused(client.post(CHANGE, headers=headers, json={"newEmail": "not-an-address"}),
            400, "VALIDATION_ERROR", "newEmail")
    # Valid address, no proof: E1.3's 403.
    refused(client.post(CHANGE, headers=headers, json={"newEmail": NEW}),
            403, "REAUTHENTICATION_REQUIRED")
    refused(request_change(client, headers, password="wrong password"),
            400, "INVALID_CREDENTIALS")


def test_the_new_address_is_normalised_like_a_sign_up(client, auth, mail):
    headers = auth.headers()
    request_change(client, headers, "  Alice.NEW@Example.com ")
    assert confirm(client, mail.last_token(NEW)).get_json()["user"]["email"] == NEW


def test_change_email_needs_a_session(client):
    refused(client.post(CHANGE, json={"newEmail": NEW, "password": PASSWORD}),
            401, "INVALID_TOKEN")


BAD_VALUES = ["a\x00b@example.com", "\ud800@example.com", 123, None, ["x"], {"a": 1}, True,
              "a" * 310 + "@example.com"]


@pytest.mark.parametrize("field", ["newEmail", "password", "totpCode"])
@pytest.mark.parametrize("value", BAD_VALUES + ["", "x" * 300])
def test_bad_change_email_fields_are_400(client, auth, field, value):
    headers = auth.headers()
    body = {"newEmail": NEW, "password": PASSWORD, field: value}
    refused(client.post(CHANGE, headers=headers, json=body), 400, "VALIDATION_ERROR", field)


@pytest.mark.parametrize("value", BAD_VALUES[:-1] + ["", "t" * 513])
def test_bad_confirmation_tokens_are_400(client, value):
    refused(confirm(client, value), 400, "VALIDATION_ERROR", "token")


@pytest.mark.parametrize("token", ["unknown", "a" * 43, "%00"])
def test_unknown_tokens_are_invalid(client, token):
    refused(confirm(client, token), 400, "INVALID_TOKEN")


def test_a_bad_body_is_400_not_500(client, auth):
    headers = auth.headers()
    for body in ("[]", '"text"', "5", "null", "{not json"):
        response = client.post(CHANGE, headers=headers, data=body,
                               content_type="application/json")
        refused(response, 400, "VALIDATION_ERROR")
        refused(client.post(CONFIRM, data=body, content_type="application/json"),
                400, "VALIDATION_ERROR")
