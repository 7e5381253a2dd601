"""The security log (extensions E1.6): what each flow writes, the caller's R1 list and the
admin's, the purge by purge-expired, and that no event holds a secret."""
import json

import pytest
from sqlalchemy import func, select

from core.db import db
from sections.auth.models import SecurityEvent
from tests.conftest import PASSWORD
from tests.http import sign_in
from tests.second_factors import code_at, enrol

EVENTS = "/api/auth/security-events"
EMAIL = "alice@example.com"
UA = {"User-Agent": "SecurityLogTest/1.0"}
NEW_PASSWORD = "Lantern-quartz-meadow-91"


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=["http://app.test"])


def events(client, headers, **query):
    response = client.get(EVENTS, headers=headers, query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def types(client, headers):
    return [event["type"] for event in events(client, headers, limit=100)["data"]]


def sign_in_with_agent(client, email=EMAIL, password=PASSWORD, **extra):
    """Sign in with the User-Agent (UA) that the log is to record."""
    return sign_in(client, email, password, headers=UA, **extra)


def test_a_sign_up_is_a_sign_in_with_the_request_address_and_agent(client):
    made = client.post("/api/auth/sign-up", headers=UA,
                       json={"email": EMAIL, "password": PASSWORD}).get_json()
    headers = {"Authorization": f"Bearer {made['session']['token']}"}
    page = events(client, headers)
    [event] = page["data"]
    assert set(event) == {"id", "type", "createdAt", "ipAddress", "userAgent", "details"}
    assert event["type"] == "sign_in" and event["details"] == {"method": "password"}
    assert event["ipAddress"] == "127.0.0.1" and event["userAgent"] == "SecurityLogTest/1.0"
    assert event["createdAt"].endswith("Z")
    assert page["meta"] == {"total": 1, "page": 1, "limit": 20, "pages": 1}


def test_failed_sign_ins_are_logged_for_the_account_only(client, auth, app):
    headers = auth.headers()
    assert sign_in_with_agent(client, password="wrong password").status_code == 401
    assert sign_in_with_agent(client, email="nobody@example.com").status_code == 401
    [failed] = events(client, headers, type="sign_in_failed")["data"]
    assert failed["details"] == {"reason": "password"}
    with app.app_context():  # the unknown address is in no one's log
        assert db.session.scalar(select(func.count()).select_from(SecurityEvent).where(
            SecurityEvent.type == "sign_in_failed")) == 1


def test_a_wrong_code_at_sign_in_is_logged(client, auth, clock):
    headers = auth.verified_headers()
    secret, _ = enrol(client, headers, clock)
    assert sign_in_with_agent(client, totpCode="000000").status_code == 401
    assert sign_in_with_agent(client).status_code == 401  # no code: TOTP_REQUIRED, not a failure
    assert [e["details"] for e in events(client, headers, type="sign_in_failed")["data"]] == [
        {"reason": "totp"}]
    clock.advance(seconds=1)
    assert sign_in_with_agent(client, totpCode=code_at(secret, clock)).status_code == 200
    assert types(client, headers)[:2] == ["sign_in", "sign_in_failed"]


def test_each_change_is_logged_newest_first(client, auth, mail, clock):
    headers = auth.verified_headers()

    def then(call):
        clock.advance(seconds=1)
        return call()

    other = then(lambda: sign_in_with_agent(client)).get_json()["session"]
    then(lambda: client.delete(f"/api/auth/sessions/{other['id']}", headers=headers))
    then(lambda: sign_in_with_agent(client))
    then(lambda: sign_in_with_agent(client))
    then(lambda: client.post("/api/auth/revoke-other-sessions", headers=headers))
    then(lambda: client.post("/api/auth/change-password", headers=headers, json={
        "currentPassword": PASSWORD, "newPassword": NEW_PASSWORD, "revokeOtherSessions": False}))
    clock.advance(seconds=1)
    _, codes = enrol(client, headers, clock)
    client.post("/api/auth/two-factor/disable", headers=headers,
                json={"code": codes[0], "password": NEW_PASSWORD})
    assert types(client, headers) == [
        "two_factor_disable", "two_factor_enable", "password_change", "session_revoke",
        "sign_in", "sign_in", "session_revoke", "sign_in", "sign_in"]
    revokes = events(client, headers, type="session_revoke")["data"]
    assert [e["details"] for e in revokes] == [{"count": 2}, {"count": 1}]


def test_sign_out_and_reset_are_logged(client, auth, mail, clock):
    auth.sign_up()
    clock.advance(seconds=1)
    second = {"Authorization":
              f"Bearer {sign_in_with_agent(client).get_json()['session']['token']}"}
    clock.advance(seconds=1)
    client.post("/api/auth/sign-out", headers=second)
    clock.advance(seconds=1)
    client.post("/api/auth/forgot-password",
                json={"email": EMAIL, "redirectUrl": "http://app.test/reset"})
    client.post("/api/auth/reset-password", json={"token": mail.last_token(EMAIL),
                                                  "newPassword": NEW_PASSWORD})
    clock.advance(seconds=1)
    headers = {"Authorization": "Bearer " + sign_in_with_agent(
        client, password=NEW_PASSWORD).get_json()["session"]["token"]}
    assert types(client, headers) == ["sign_in", "password_reset", "sign_out", "sign_in",
                                      "sign_in"]


def test_magic_link_sign_in_names_its_method(client, mail):
    client.post("/api/auth/send-magic-link",
                json={"email": EMAIL, "redirectUrl": "http://app.test/done"})
    made = client.post("/api/auth/magic-link/verify", json={"token": mail.last_token(EMAIL)})
    headers = {"Authorization": f"Bearer {made.get_json()['session']['token']}"}
    assert [e["details"] for e in events(client, headers)["data"]] == [{"method": "magic_link"}]


def test_email_change_events_hold_the_addresses_and_no_secret(client, auth, mail):
    headers = auth.headers()
    client.post("/api/auth/change-email", headers=headers,
                json={"newEmail": "new@example.com", "password": PASSWORD})
    token = mail.last_token("new@example.com")
    client.post("/api/auth/change-email/confirm", json={"token": token})
    page = events(client, headers)
    assert [(e["type"], e["details"]) for e in page["data"][:2]] == [
        ("email_change", {"from": EMAIL, "to": "new@example.com"}),
        ("email_change_request", {"to": "new@example.com"})]
    text = json.dumps(page)
    assert PASSWORD not in text and token not in text and headers["Authorization"][7:] not in text


def test_the_list_pages_filters_and_refuses_bad_arguments(client, auth, clock):
    headers = auth.headers()
    for _ in range(4):
        clock.advance(seconds=1)
        sign_in_with_agent(client)
    page = events(client, headers, limit=2, page=2)
    assert page["meta"] == {"total": 5, "page": 2, "limit": 2, "pages": 3}
    assert len(page["data"]) == 2
    oldest_first = events(client, headers, order="asc")["data"]
    assert [e["createdAt"] for e in oldest_first] == sorted(e["createdAt"] for e in oldest_first)
    assert events(client, headers, type="password_change")["data"] == []
    for query in ({"type": "SIGN_IN"}, {"type": "nope"}, {"sort": "type"}, {"page": 0},
                  {"limit": "x"}, {"type": "a\x00"}, {"order": "up"}):
        response = client.get(EVENTS, headers=headers, query_string=query)
        assert response.status_code == 400, query
        assert response.get_json()["error"] == "VALIDATION_ERROR"


def test_the_list_needs_a_session(client):
    response = client.get(EVENTS)
    assert response.status_code == 401 and response.get_json()["error"] == "INVALID_TOKEN"


def test_admins_read_any_users_log(client, auth, app):
    alice = auth.headers()
    bob_id = auth.sign_up("bob@example.com")["user"]["id"]
    app.test_cli_runner().invoke(args=["set-role", EMAIL, "admin"])
    path = f"/api/admin/users/{bob_id}/security-events"
    assert client.get(path).status_code == 401
    bob = {"Authorization": "Bearer " + sign_in_with_agent(client, "bob@example.com").get_json()[
        "session"]["token"]}
    assert client.get(path, headers=bob).status_code == 403
    assert client.get("/api/admin/users/" + "0" * 32 + "/security-events",
                      headers=alice).status_code == 404
    assert client.delete(f"/api/admin/users/{bob_id}/sessions", headers=alice).status_code == 204
    response = client.get(path, headers=alice, query_string={"type": "session_revoke"})
    assert response.status_code == 200
    [revoke] = response.get_json()["data"]
    assert revoke["details"] == {"count": 2}
    assert response.get_json()["meta"]["total"] == 1
    bad = client.get(path, headers=alice, query_string={"type": "nope"})
    assert bad.status_code == 400 and bad.get_json()["code"] == "VALIDATION_ERROR"


def test_purge_expired_removes_events_older_than_the_retention(make_app, clock):
    app = make_app(SECURITY_LOG_DAYS=30)
    client = app.test_client()
    client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    clock.advance(days=29)
    token = sign_in_with_agent(client).get_json()["session"]["token"]
    clock.advance(days=1, seconds=1)
    result = app.test_cli_runner().invoke(args=["purge-expired"])
    assert "security_events: 1 removed" in result.output
    headers = {"Authorization": f"Bearer {token}"}
    assert [e["type"] for e in events(client, headers)["data"]] == ["sign_in"]
    assert events(client, headers)["meta"]["total"] == 1


def test_deleting_the_account_deletes_its_log(client, auth, app):
    headers = auth.headers()
    sign_in_with_agent(client, password="wrong password")
    assert client.delete("/api/auth/user", headers=headers,
                         json={"password": PASSWORD}).status_code == 204
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(SecurityEvent)) == 0


def test_the_log_can_be_turned_off(make_app):
    client = make_app(SECURITY_LOG=False).test_client()
    made = client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    headers = {"Authorization": f"Bearer {made.get_json()['session']['token']}"}
    assert events(client, headers)["data"] == []
