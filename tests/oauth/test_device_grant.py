"""The device authorization grant through HTTP (RFC 8628, extensions.md E5.4): the device's
request, the user entering its code and deciding as on the consent page, every answer of the
device's polls, the user code's forms and the limit on wrong ones, the clients that may use it,
hostile input, and the codes kept hashed."""
import hashlib
import json
import re

import pytest
from joserfc import jws
from sqlalchemy import text

from core.db import db
from tests.conftest import ISSUED_SECRETS, PASSWORD
from tests.factories import make_admin, user_id
from tests.http import refused
from tests.provider_flow import (
    API,
    BASE,
    DEVICE_GRANT,
    REDIRECT,
    bearer,
    code_flow,
    device_authorization,
    new_app,
    poll,
    settings,
)

USER_CODE = re.compile(r"[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}")
REGISTER = "/api/oauth2/register"


@pytest.fixture
def app(make_app):
    return make_app(**settings(ACCOUNT_FAILURE_LIMIT="4 per 15 minutes"))


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


@pytest.fixture
def registered(client, alice):
    return new_app(client, alice, kind="public")


def started(client, app_answer, **form) -> dict:
    """A device authorization's answer; its codes noted as secrets (never to be logged)."""
    response = device_authorization(client, app_answer, **form)
    assert response.status_code == 200, response.get_json()
    assert response.headers["Cache-Control"] == "no-store"
    answer = response.get_json()
    ISSUED_SECRETS.update({answer["device_code"], answer["user_code"],
                           answer["user_code"].replace("-", "")})
    return answer


def enter(client, headers, user_code):
    return client.post("/api/auth/device", headers=headers, json={"userCode": user_code})


def entered(client, headers, user_code) -> dict:
    response = enter(client, headers, user_code)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["request"]


def decide(client, headers, request, decision="allow", **proof):
    response = client.post(f"/api/auth/authorizations/{request}", headers=headers,
                           json={"decision": decision, **proof})
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == {"redirectTo": None}


def polled(client, app_answer, device_code, error=None):
    response = poll(client, app_answer, device_code)
    if error is None:
        assert response.status_code == 200, response.get_json()
        assert response.headers["Cache-Control"] == "no-store"
        return response.get_json()
    assert response.status_code == 400, response.get_json()
    body = response.get_json()
    assert body["error"] == error and body["error_description"], body
    return body


def claims(jwt: str) -> dict:
    return json.loads(jws.extract_compact(jwt.encode()).payload)


def device_row(app, device_code=None):
    with app.app_context():
        rows = db.session.execute(text("SELECT * FROM oauth_device_authorizations")).mappings()
        return [dict(row) for row in rows]


# --- the whole flow ---

def test_a_device_gets_tokens_once_its_user_allows_it(client, alice, registered, clock):
    answer = started(client, registered, scope="openid email read offline_access")
    assert USER_CODE.fullmatch(answer["user_code"])
    assert answer["verification_uri"] == f"{BASE}/device"
    assert answer["verification_uri_complete"] == (
        f"{BASE}/device?user_code={answer['user_code']}")
    assert answer["expires_in"] == 600 and answer["interval"] == 5
    assert len(answer["device_code"]) >= 43
    polled(client, registered, answer["device_code"], "authorization_pending")

    request = entered(client, alice, answer["user_code"])
    assert request["client"]["clientId"] == registered["app"]["clientId"]
    assert request["client"]["host"] == "app.example" and request["client"]["redirectUri"] is None
    assert {scope["name"] for scope in request["scopes"]} == {
        "openid", "email", "read", "offline_access"}
    assert request["resources"] == [API] and request["granted"] is False
    shown = client.get(f"/api/auth/authorizations/{request['id']}", headers=alice)
    assert shown.status_code == 200 and shown.get_json()["request"]["id"] == request["id"]
    decide(client, alice, request["id"])
    refused(client.post(f"/api/auth/authorizations/{request['id']}", headers=alice,
                        json={"decision": "allow"}), 400, "INVALID_TOKEN")  # spent

    clock.advance(seconds=5)
    tokens = polled(client, registered, answer["device_code"])
    assert tokens["token_type"] == "Bearer"
    assert tokens["scope"] == "openid email read offline_access"
    assert tokens["refresh_token"].startswith("ort_")
    access = claims(tokens["access_token"])
    assert access["aud"] == API and access["client_id"] == registered["app"]["clientId"]
    identity = claims(tokens["id_token"])
    assert identity["aud"] == registered["app"]["clientId"]
    assert identity["email"] == "alice@example.com" and "nonce" not in identity
    session = client.get("/api/auth/session", headers=bearer(tokens["access_token"]))
    assert session.status_code == 200, session.get_json()
    assert session.get_json()["oauth"]["clientId"] == registered["app"]["clientId"]
    assert client.get("/api/projects", headers=bearer(tokens["access_token"])).status_code == 200

    # spent: the tokens came once
    clock.advance(seconds=5)
    polled(client, registered, answer["device_code"], "invalid_grant")
    renewed = poll(client, registered, answer["device_code"])
    assert renewed.status_code == 400
    refreshed = client.post("/api/oauth2/token", data={
        "grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
        "client_id": registered["app"]["clientId"]})
    assert refreshed.status_code == 200, refreshed.get_json()

    # the consent's rules: the grant, its security event, the notice
    apps = client.get("/api/auth/connected-apps", headers=alice).get_json()["data"]
    assert [grant["client"]["clientId"] for grant in apps] == [registered["app"]["clientId"]]
    events = client.get("/api/auth/security-events?type=oauth_grant",
                        headers=alice).get_json()["data"]
    assert len(events) == 1


def test_without_offline_access_or_openid_only_an_access_token(client, alice, registered):
    answer = started(client, registered, scope="read")
    decide(client, alice, entered(client, alice, answer["user_code"])["id"])
    tokens = polled(client, registered, answer["device_code"])
    assert set(tokens) == {"access_token", "token_type", "expires_in", "scope"}


def test_a_resource_of_the_request_is_the_tokens_audience(make_app, auth):
    app = make_app(**settings(OAUTH_RESOURCES=["https://mcp.example/mcp"]))
    client = app.test_client()
    alice = auth.verified_headers("alice@example.com")
    registered = new_app(client, alice, kind="public")
    answer = started(client, registered, resource="https://mcp.example/mcp")
    request = entered(client, alice, answer["user_code"])
    assert request["resources"] == ["https://mcp.example/mcp"]
    decide(client, alice, request["id"])
    wrong = poll(client, registered, answer["device_code"], resource=API)
    assert wrong.status_code == 400 and wrong.get_json()["error"] == "invalid_target"
    tokens = polled(client, registered, answer["device_code"])  # not spent by the refusal
    assert claims(tokens["access_token"])["aud"] == "https://mcp.example/mcp"


def test_a_new_grant_by_a_device_mails_its_notice_once(client, alice, registered, mail):
    mail.clear()
    answer = started(client, registered, scope="openid read")
    decide(client, alice, entered(client, alice, answer["user_code"])["id"])
    (notice,) = mail.to("alice@example.com")
    assert notice["Subject"] == "An app was connected to your account"
    body = notice.get_body(("plain",)).get_content()
    assert "Calendar sync" in body and "openid, read" in body
    assert answer["user_code"] not in body and answer["device_code"] not in body
    again = started(client, registered, scope="read")  # granted already: no new notice
    decide(client, alice, entered(client, alice, again["user_code"])["id"])
    assert len(mail.to("alice@example.com")) == 1


def test_a_grant_ended_before_the_poll_gives_the_device_nothing(client, alice, registered):
    answer = started(client, registered)
    decide(client, alice, entered(client, alice, answer["user_code"])["id"])
    (grant,) = client.get("/api/auth/connected-apps", headers=alice).get_json()["data"]
    assert client.delete(f"/api/auth/connected-apps/{grant['id']}",
                         headers=alice).status_code == 204
    polled(client, registered, answer["device_code"], "invalid_grant")


# --- every poll's answer ---

def test_polling_too_soon_slows_the_device_down_more_each_time(client, registered, clock, app):
    answer = started(client, registered)
    polled(client, registered, answer["device_code"], "authorization_pending")
    clock.advance(seconds=4)
    polled(client, registered, answer["device_code"], "slow_down")  # interval now 10
    assert device_row(app)[0]["interval"] == 10
    clock.advance(seconds=9)
    polled(client, registered, answer["device_code"], "slow_down")  # 9 < 10: now 15
    assert device_row(app)[0]["interval"] == 15
    clock.advance(seconds=15)
    polled(client, registered, answer["device_code"], "authorization_pending")
    assert device_row(app)[0]["interval"] == 15


def test_a_denied_device_gets_access_denied(client, alice, registered, clock):
    answer = started(client, registered)
    decide(client, alice, entered(client, alice, answer["user_code"])["id"], "deny")
    polled(client, registered, answer["device_code"], "access_denied")
    clock.advance(seconds=5)
    polled(client, registered, answer["device_code"], "access_denied")
    refused(enter(client, alice, answer["user_code"]), 400, "INVALID_TOKEN")  # decided
    assert client.get("/api/auth/connected-apps", headers=alice).get_json()["data"] == []


def test_an_expired_device_code_is_expired_token(client, alice, registered, clock):
    answer = started(client, registered)
    request = entered(client, alice, answer["user_code"])
    clock.advance(seconds=601)
    polled(client, registered, answer["device_code"], "expired_token")
    refused(enter(client, alice, answer["user_code"]), 400, "INVALID_TOKEN")
    refused(client.post(f"/api/auth/authorizations/{request['id']}", headers=alice,
                        json={"decision": "allow"}), 400, "INVALID_TOKEN")


def test_the_lifetime_and_the_page_are_settings(make_app, auth):
    app = make_app(**settings(OAUTH_DEVICE_CODE_LIFETIME=120,
                              OAUTH_DEVICE_URL="https://example.com/activate"))
    client = app.test_client()
    registered = new_app(client, auth.verified_headers("alice@example.com"), kind="public")
    answer = started(client, registered)
    assert answer["expires_in"] == 120
    assert answer["verification_uri"] == "https://example.com/activate"
    assert answer["verification_uri_complete"].startswith(
        "https://example.com/activate?user_code=")


def test_an_unknown_device_code_is_invalid_grant(client, registered):
    polled(client, registered, "x" * 43, "invalid_grant")
    polled(client, registered, "short", "invalid_grant")


# --- the user code ---

@pytest.mark.parametrize("form", [str.lower, lambda code: code.replace("-", ""),
                                  lambda code: f"  {code[:2]} {code[2:4]} - {code[5:]} ",
                                  lambda code: code.replace("-", "").lower()])
def test_the_user_code_in_any_case_with_or_without_its_dash(client, alice, registered, form):
    answer = started(client, registered)
    request = entered(client, alice, form(answer["user_code"]))
    decide(client, alice, request["id"])
    assert polled(client, registered, answer["device_code"])["access_token"]


def test_entering_the_code_twice_gives_two_requests_for_one_decision(client, alice, registered):
    answer = started(client, registered)
    first = entered(client, alice, answer["user_code"])
    second = entered(client, alice, answer["user_code"])
    assert first["id"] != second["id"]
    decide(client, alice, second["id"], "deny")
    refused(client.post(f"/api/auth/authorizations/{first['id']}", headers=alice,
                        json={"decision": "allow"}), 400, "INVALID_TOKEN")
    polled(client, registered, answer["device_code"], "access_denied")


def test_wrong_user_codes_are_limited_as_failed_sign_ins(client, alice, registered):
    answer = started(client, registered)
    right = entered(client, alice, answer["user_code"])  # a right code is forgiven
    assert right["id"]
    for wrong in ("BCDF-GHJK", "nonsense", "AAAA-AAAA", "BCDFGHJKL"):
        refused(enter(client, alice, wrong), 400, "INVALID_TOKEN")
    limited = enter(client, alice, answer["user_code"])
    refused(limited, 429, "RATE_LIMITED")
    assert int(limited.headers["Retry-After"]) > 0
    # the same account's sign-in shares the cap
    signed = client.post("/api/auth/sign-in", json={"email": "alice@example.com",
                                                     "password": PASSWORD})
    assert signed.status_code == 429


def test_the_code_entry_refuses_bad_bodies(client, alice):
    refused(client.post("/api/auth/device", headers=alice, json={}), 400, "VALIDATION_ERROR",
            "userCode")
    refused(client.post("/api/auth/device", headers=alice, json={"userCode": 12345678}), 400,
            "VALIDATION_ERROR", "userCode")
    refused(enter(client, alice, "B" * 65), 400, "VALIDATION_ERROR", "userCode")
    refused(enter(client, alice, "BCDF\x00GHJK"), 400, "VALIDATION_ERROR", "userCode")
    refused(client.post("/api/auth/device", json={"userCode": "BCDF-GHJK"}), 401,
            "INVALID_TOKEN")


def test_api_keys_oauth_tokens_and_impersonation_may_not_enter_or_decide(
        app, client, alice, registered, auth):
    answer = started(client, registered)
    made = client.post("/api/auth/api-keys", headers=alice, json={
        "name": "ci", "scopes": ["read", "write"], "password": PASSWORD})
    key = bearer(made.get_json()["key"])
    confidential = new_app(client, alice)
    access = bearer(code_flow(client, alice, confidential, scope="read write")[0][
        "access_token"])
    for headers in (key, access):
        refused(enter(client, headers, answer["user_code"]), 403, "INSUFFICIENT_SCOPE")
    admin = auth.headers("root@example.com")
    make_admin(app, "root@example.com")
    impersonated = client.post(
        f"/api/admin/users/{user_id(app, 'alice@example.com')}/impersonate", headers=admin)
    support = bearer(impersonated.get_json()["data"]["session"]["token"])
    refused(enter(client, support, answer["user_code"]), 403, "IMPERSONATION_FORBIDDEN")
    request = entered(client, alice, answer["user_code"])
    for headers in (key, access):
        response = client.post(f"/api/auth/authorizations/{request['id']}", headers=headers,
                               json={"decision": "allow"})
        refused(response, 403, "INSUFFICIENT_SCOPE")
    refused(client.post(f"/api/auth/authorizations/{request['id']}", headers=support,
                        json={"decision": "allow"}), 403, "IMPERSONATION_FORBIDDEN")
    decide(client, alice, request["id"])  # nothing was spent


# --- the clients ---

def test_a_confidential_client_authenticates_by_its_secret(client, alice):
    confidential = new_app(client, alice)
    answer = started(client, confidential, scope="read")
    decide(client, alice, entered(client, alice, answer["user_code"])["id"])
    wrong = {"app": confidential["app"], "clientSecret": "ocs_" + "x" * 43}
    for response in (device_authorization(client, wrong, scope="read"), poll(client, wrong,
                                                               answer["device_code"])):
        assert response.status_code == 401, response.get_json()
        assert response.get_json()["error"] == "invalid_client"
        assert response.headers["WWW-Authenticate"]
    without = client.post("/api/oauth2/device_authorization",
                          data={"client_id": confidential["app"]["clientId"]})
    assert without.status_code == 401 and without.get_json()["error"] == "invalid_client"
    unknown = client.post("/api/oauth2/device_authorization", data={"client_id": "oa_nobody"})
    assert unknown.status_code == 401 and unknown.get_json()["error"] == "invalid_client"
    assert polled(client, confidential, answer["device_code"])["access_token"]


def test_another_clients_device_code_gives_nothing(client, alice, registered):
    answer = started(client, registered)
    decide(client, alice, entered(client, alice, answer["user_code"])["id"])
    other = new_app(client, alice, kind="public")
    for _ in range(3):  # as an unknown code, and its polls slow nothing down
        polled(client, other, answer["device_code"], "invalid_grant")
    assert polled(client, registered, answer["device_code"])["access_token"]


def test_a_dynamic_client_uses_the_device_grant_only_when_it_registered_it(client, alice):
    def register(**metadata):
        response = client.post(REGISTER, json={"redirect_uris": [REDIRECT],
                                               "token_endpoint_auth_method": "none",
                                               **metadata})
        assert response.status_code == 201, response.get_json()
        return {"app": {"clientId": response.get_json()["client_id"]}}

    code_only = register()
    response = device_authorization(client, code_only)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"] == "unauthorized_client"
    device = register(grant_types=[DEVICE_GRANT])
    answer = started(client, device, scope="read offline_access")
    decide(client, alice, entered(client, alice, answer["user_code"])["id"])
    tokens = polled(client, device, answer["device_code"])
    assert "refresh_token" not in tokens  # it did not register refresh_token


# --- hostile input ---

def test_hostile_device_requests_are_oauth_errors(client, registered):
    client_id = registered["app"]["clientId"]
    cases = [
        ({"client_id": client_id, "scope": ["read", "write"]}, "invalid_request"),
        ({"client_id": client_id, "scope": "read\x00"}, "invalid_request"),
        ({"client_id": client_id, "scope": "x" * 5000}, "invalid_request"),
        ({"client_id": client_id, "scope": "admin"}, "invalid_scope"),
        ({"client_id": client_id, "resource": "https://elsewhere.example/"}, "invalid_target"),
        ({"client_id": client_id, "resource": "not a uri\x00"}, "invalid_request"),
        ({"client_id": client_id, "resource": [API] * 11}, "invalid_request"),
    ]
    for form, error in cases:
        response = client.post("/api/oauth2/device_authorization", data=form)
        assert response.status_code == 400, (form, response.get_json())
        assert response.get_json()["error"] == error, (form, response.get_json())
    as_json = client.post("/api/oauth2/device_authorization", json={"client_id": client_id})
    assert as_json.status_code == 400 and as_json.get_json()["error"] == "invalid_request"
    nul = client.post("/api/oauth2/device_authorization", data={"client_id": "a\x00b"})
    assert nul.status_code == 401 and nul.get_json()["error"] == "invalid_client"


def test_hostile_polls_are_oauth_errors(client, registered):
    client_id = registered["app"]["clientId"]
    answer = started(client, registered)
    for form, error in [
            ({"device_code": [answer["device_code"]] * 2}, "invalid_request"),
            ({"device_code": "a\x00" * 20}, "invalid_grant"),
            ({"device_code": "d" * 5000}, "invalid_request"),
            ({}, "invalid_request")]:
        response = client.post("/api/oauth2/token", data={
            "grant_type": DEVICE_GRANT, "client_id": client_id, **form})
        assert response.status_code == 400, (form, response.get_json())
        assert response.get_json()["error"] == error, (form, response.get_json())


# --- what is kept ---

def test_the_codes_are_kept_hashed(client, alice, registered, app):
    answer = started(client, registered)
    entered(client, alice, answer["user_code"])
    (row,) = device_row(app)
    stored = json.dumps(row, default=str)
    assert answer["device_code"] not in stored
    assert answer["user_code"] not in stored
    assert answer["user_code"].replace("-", "") not in stored
    assert row["device_code_hash"] == hashlib.sha256(answer["device_code"].encode()).hexdigest()
    assert row["user_code_hash"] == hashlib.sha256(
        answer["user_code"].replace("-", "").encode()).hexdigest()


def test_purge_expired_removes_expired_device_authorizations(client, registered, clock):
    started(client, registered)
    runner = client.application.test_cli_runner()
    assert "oauth_device_authorizations: 0 removed" in runner.invoke(
        args=["purge-expired"]).output
    clock.advance(seconds=601)
    assert "oauth_device_authorizations: 1 removed" in runner.invoke(
        args=["purge-expired"]).output


def test_the_metadata_names_the_device_endpoint_and_grant(client):
    document = client.get("/.well-known/oauth-authorization-server").get_json()
    assert document["device_authorization_endpoint"] == f"{BASE}/api/oauth2/device_authorization"
    assert DEVICE_GRANT in document["grant_types_supported"]


def test_the_device_endpoint_answers_any_origin(client, registered):
    origin = {"Origin": "https://inspector.example"}
    preflight = client.options("/api/oauth2/device_authorization", headers={
        **origin, "Access-Control-Request-Method": "POST"})
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    answer = client.post("/api/oauth2/device_authorization", headers=origin,
                         data={"client_id": registered["app"]["clientId"]})
    assert answer.status_code == 200 and answer.headers["Access-Control-Allow-Origin"] == "*"
    ISSUED_SECRETS.add(answer.get_json()["device_code"])
