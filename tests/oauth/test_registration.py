"""Dynamic registration (extensions.md E5.2, RFC 7591) and its management (RFC 7592), through
the HTTP interface: the registered metadata, the registration access token (hashed, its own
client's alone), bad metadata, the rate per address, the grant types a client registered, the
secret's 90 days, the consent page's "unverified", purge-expired's 30 days, the setting, and the
whole flow with authlib's own client against the service under waitress."""
import base64
import re

import pytest
import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from sqlalchemy import select

from commands import purge_expired
from core import tokens
from core.db import db
from sections.oauth.models import OAuthClient
from tests.conftest import ISSUED_SECRETS, free_port
from tests.provider_flow import BASE, REDIRECT, authorize, code_flow, decide, pkce, query
from tests.provider_flow import request_id as consent_request
from tests.threaded_server import serve

REGISTER = "/api/oauth2/register"
TIMEOUT = 30
ORIGIN = "https://inspector.example"


@pytest.fixture
def app(make_app):
    return make_app(APP_BASE_URL=BASE)


def register(client, **metadata):
    body = {"redirect_uris": [REDIRECT], "client_name": "Agent", **metadata}
    response = client.post(REGISTER, json=body)
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    ISSUED_SECRETS.update(v for v in (answer.get("client_secret"),
                                      answer["registration_access_token"]) if v)
    return answer


def as_app(registered: dict) -> dict:
    """A registration as tests/provider_flow.py's helpers take an app."""
    return {"app": {"clientId": registered["client_id"]},
            "clientSecret": registered.get("client_secret")}


def managing(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def path_of(registered: dict) -> str:
    return registered["registration_client_uri"].removeprefix(BASE)


def stored(app, client_id) -> OAuthClient:
    with app.app_context():
        row = db.session.execute(select(OAuthClient).where(
            OAuthClient.client_id == client_id)).scalar_one()
        db.session.expunge(row)
        return row


def test_a_confidential_registration_answers_its_metadata_secret_and_token(app, client, clock):
    response = client.post(REGISTER, json={
        "redirect_uris": [REDIRECT, "http://127.0.0.1/cb"], "client_name": "Desk agent",
        "grant_types": ["authorization_code", "refresh_token"], "scope": "openid read",
        "logo_uri": "https://agent.example/logo.png", "client_uri": "https://agent.example",
        "id_token_signed_response_alg": "ES256", "resource": "https://elsewhere.example",
        "software_id": "unknown members are ignored"}, headers={"Origin": ORIGIN})
    assert response.status_code == 201, response.get_json()
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Access-Control-Allow-Origin"] in ("*", ORIGIN)
    assert "Access-Control-Allow-Credentials" not in response.headers
    got = response.get_json()
    ISSUED_SECRETS.update((got["client_secret"], got["registration_access_token"]))
    assert re.fullmatch(r"dyn_[A-Za-z0-9_-]{22}", got["client_id"])
    assert re.fullmatch(r"ocs_[A-Za-z0-9_-]{43}", got["client_secret"])
    assert got["client_secret_expires_at"] == int(clock.now.timestamp()) + 90 * 86400
    assert got["client_id_issued_at"] == int(clock.now.timestamp())
    assert got["registration_client_uri"] == f"{BASE}/api/oauth2/register/{got['client_id']}"
    assert {k: got[k] for k in ("client_name", "redirect_uris", "token_endpoint_auth_method",
                                "grant_types", "scope", "logo_uri", "client_uri",
                                "id_token_signed_response_alg", "application_type")} == {
        "client_name": "Desk agent", "redirect_uris": [REDIRECT, "http://127.0.0.1/cb"],
        "token_endpoint_auth_method": "client_secret_basic",
        "grant_types": ["authorization_code", "refresh_token"], "scope": "openid read",
        "logo_uri": "https://agent.example/logo.png", "client_uri": "https://agent.example",
        "id_token_signed_response_alg": "ES256", "application_type": "web"}
    assert "resource" not in got and "software_id" not in got
    row = stored(app, got["client_id"])  # the secret and the token are kept hashed only
    assert row.kind == "dynamic" and row.owner_id is None
    assert row.secret_hash == tokens.digest(got["client_secret"])
    assert row.registration_token_hash == tokens.digest(got["registration_access_token"])


@pytest.mark.parametrize("method", ["POST", "GET", "PUT", "DELETE"])
def test_a_browser_tool_may_call_the_endpoints_from_any_origin(client, method):
    got = register(client)
    path = REGISTER if method == "POST" else path_of(got)
    preflight = client.options(path, headers={
        "Origin": ORIGIN, "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "authorization, content-type"})
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] in ("*", ORIGIN)
    assert method in preflight.headers["Access-Control-Allow-Methods"]
    assert "authorization" in preflight.headers["Access-Control-Allow-Headers"].lower()
    assert "Access-Control-Allow-Credentials" not in preflight.headers


def test_a_public_registration_has_no_secret_and_defaults(client):
    got = register(client, client_name=None, token_endpoint_auth_method="none")
    assert "client_secret" not in got and "client_secret_expires_at" not in got
    assert got["grant_types"] == ["authorization_code"]  # RFC 7591's default
    assert got["client_name"] == "app.example"  # the first redirect URI's host
    assert got["id_token_signed_response_alg"] == "RS256"


@pytest.mark.parametrize("metadata, error", [
    ({}, "invalid_redirect_uri"),
    ({"redirect_uris": []}, "invalid_redirect_uri"),
    ({"redirect_uris": ["http://app.example/cb"]}, "invalid_redirect_uri"),
    ({"redirect_uris": ["https://app.example/*"]}, "invalid_redirect_uri"),
    ({"redirect_uris": ["https://app.example/cb#x"]}, "invalid_redirect_uri"),
    ({"redirect_uris": "https://app.example/cb"}, "invalid_redirect_uri"),
    ({"redirect_uris": [REDIRECT] * 11}, "invalid_redirect_uri"),
    ({"redirect_uris": ["https://app.example/" + "x" * 2000]}, "invalid_redirect_uri"),
    ({"redirect_uris": [REDIRECT], "client_name": ""}, "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "client_name": "x" * 101}, "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "client_name": "a\x00b"}, "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "client_name": 7}, "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "token_endpoint_auth_method": "private_key_jwt"},
     "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "grant_types": ["client_credentials"]},
     "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "grant_types": ["refresh_token"]},
     "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "grant_types": []}, "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "grant_types": "authorization_code"},
     "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "application_type": "desktop"}, "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "logo_uri": "javascript:alert(1)"},
     "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "client_uri": ["https://a.example"]},
     "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "scope": "read admin"}, "invalid_client_metadata"),
    ({"redirect_uris": [REDIRECT], "id_token_signed_response_alg": "none"},
     "invalid_client_metadata"),
])
def test_bad_metadata_is_refused_and_nothing_is_registered(app, client, metadata, error):
    response = client.post(REGISTER, json=metadata)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"] == error
    assert response.get_json()["error_description"]
    with app.app_context():
        assert db.session.execute(select(OAuthClient)).first() is None


@pytest.mark.parametrize("body, kwargs", [
    ("[1, 2]", {"content_type": "application/json"}),
    ("null", {"content_type": "application/json"}),
    ("{not json", {"content_type": "application/json"}),
    ("redirect_uris=x", {"content_type": "application/x-www-form-urlencoded"}),
])
def test_a_body_that_is_no_json_object_is_refused_in_oauths_form(client, body, kwargs):
    response = client.post(REGISTER, data=body, **kwargs)
    assert response.status_code in (400, 415)
    assert set(response.get_json()) == {"error", "error_description"}


def test_management_reads_replaces_and_deletes_with_the_token(app, client):
    got = register(client, grant_types=["authorization_code", "refresh_token"])
    path, token = path_of(got), got["registration_access_token"]
    read = client.get(path, headers=managing(token))
    assert read.status_code == 200 and read.headers["Cache-Control"] == "no-store"
    shown = read.get_json()
    assert shown["client_id"] == got["client_id"] and shown["client_name"] == "Agent"
    assert "client_secret" not in shown and "registration_access_token" not in shown
    assert shown["client_secret_expires_at"] == got["client_secret_expires_at"]

    replaced = client.put(path, headers=managing(token), json={
        "client_id": got["client_id"], "redirect_uris": ["https://app.example/other"],
        "client_name": "Renamed", "token_endpoint_auth_method": "client_secret_post"})
    assert replaced.status_code == 200, replaced.get_json()
    now = replaced.get_json()
    assert now["client_name"] == "Renamed" and now["redirect_uris"] == [
        "https://app.example/other"]
    assert now["grant_types"] == ["authorization_code"]  # left out: the default again
    assert now["token_endpoint_auth_method"] == "client_secret_post"
    assert "client_secret" not in now  # the secret stays
    assert stored(app, got["client_id"]).secret_hash == tokens.digest(got["client_secret"])

    deleted = client.delete(path, headers=managing(token))
    assert deleted.status_code == 204
    assert client.get(path, headers=managing(token)).status_code == 401
    with app.app_context():
        assert db.session.execute(select(OAuthClient)).first() is None


def test_a_put_must_name_the_client_and_its_own_secret(client):
    got = register(client)
    path, headers = path_of(got), managing(got["registration_access_token"])
    body = {"redirect_uris": [REDIRECT]}
    assert client.put(path, headers=headers, json=body).get_json()["error"] == \
        "invalid_client_metadata"
    wrong = {**body, "client_id": got["client_id"], "client_secret": "ocs_" + "x" * 43}
    assert client.put(path, headers=headers, json=wrong).status_code == 400
    bad_uri = {"client_id": got["client_id"], "redirect_uris": ["ftp://x"]}
    assert client.put(path, headers=headers, json=bad_uri).get_json()["error"] == \
        "invalid_redirect_uri"
    assert client.get(path, headers=headers).get_json()["redirect_uris"] == [REDIRECT]


def test_a_public_client_that_becomes_confidential_gets_a_secret(client, clock):
    got = register(client, token_endpoint_auth_method="none")
    replaced = client.put(path_of(got), headers=managing(got["registration_access_token"]),
                          json={"client_id": got["client_id"], "redirect_uris": [REDIRECT]})
    assert replaced.status_code == 200
    now = replaced.get_json()
    ISSUED_SECRETS.add(now["client_secret"])
    assert now["token_endpoint_auth_method"] == "client_secret_basic"
    assert now["client_secret_expires_at"] == int(clock.now.timestamp()) + 90 * 86400


@pytest.mark.parametrize("header", [None, "Bearer rat_" + "x" * 43, "Basic abc", "Bearer "])
def test_a_missing_or_wrong_token_is_401(client, header):
    got = register(client)
    headers = {"Authorization": header} if header else {}
    for method in ("get", "put", "delete"):
        response = getattr(client, method)(path_of(got), headers=headers, json={})
        assert response.status_code == 401, (method, response.get_json())
        assert response.get_json()["error"] == "invalid_token"
        assert response.headers["WWW-Authenticate"] == 'Bearer error="invalid_token"'
    assert client.get(path_of(got), headers=managing(
        got["registration_access_token"])).status_code == 200  # nothing was changed


def test_a_token_manages_its_own_client_only(client):
    first, second = register(client), register(client)
    other = managing(second["registration_access_token"])
    assert client.get(path_of(first), headers=other).status_code == 401
    assert client.delete(path_of(first), headers=other).status_code == 401
    assert client.get(path_of(first), headers=managing(
        first["registration_access_token"])).status_code == 200


@pytest.mark.parametrize("client_id, status", [
    ("oa_" + "x" * 22, 401), ("dyn_x", 401), ("dyn_" + "y" * 50, 401),
    ("dyn_" + "y" * 61, 404), ("dyn_" + "%00" * 22, 404),
    ("https:%2F%2Fagent.example%2Fclient", 404)],
    ids=["app", "short", "long", "no-id", "nul", "url"])
def test_no_other_kind_of_client_is_managed_here(client, client_id, status):
    response = client.get(f"{REGISTER}/{client_id}", headers=managing("rat_" + "y" * 43))
    assert response.status_code == status  # no id at all: 404 (in OAuth's form), no query
    assert set(response.get_json()) == {"error", "error_description"}


def test_an_app_is_never_managed_by_a_registration_token(client, auth):
    from tests.provider_flow import new_app
    made = new_app(client, auth.verified_headers())
    ISSUED_SECRETS.add(made["clientSecret"])
    got = register(client)
    response = client.get(f"{REGISTER}/{made['app']['clientId']}",
                          headers=managing(got["registration_access_token"]))
    assert response.status_code == 401


def test_registrations_are_limited_per_address_each_request_counted(make_app):
    app = make_app(APP_BASE_URL=BASE, OAUTH_REGISTRATION_RATE="3 per hour")
    client = app.test_client()
    assert client.post(REGISTER, json={"redirect_uris": ["ftp://x"]}).status_code == 400
    register(client)
    register(client)
    refused = client.post(REGISTER, json={"redirect_uris": [REDIRECT]})
    assert refused.status_code == 429
    assert refused.get_json()["error"] == "temporarily_unavailable"
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    other = client.post(REGISTER, json={"redirect_uris": [REDIRECT]},
                        environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 201  # another address has its own count
    ISSUED_SECRETS.update((other.get_json()["client_secret"],
                           other.get_json()["registration_access_token"]))


def test_switched_off_the_endpoint_is_404_and_the_metadata_says_nothing(make_app):
    on = make_app(APP_BASE_URL=BASE).test_client()
    document = on.get("/.well-known/oauth-authorization-server").get_json()
    assert document["registration_endpoint"] == f"{BASE}/api/oauth2/register"
    registered = register(on)
    off = make_app(APP_BASE_URL=BASE, OAUTH_DYNAMIC_REGISTRATION=False).test_client()
    assert "registration_endpoint" not in off.get(
        "/.well-known/oauth-authorization-server").get_json()
    refused = off.post(REGISTER, json={"redirect_uris": [REDIRECT]})
    assert refused.status_code == 404 and set(refused.get_json()) == {"error",
                                                                        "error_description"}
    assert off.get(path_of(registered), headers=managing(
        registered["registration_access_token"])).status_code == 404


def test_the_consent_page_shows_a_dynamic_client_as_unverified(client, auth):
    alice = auth.verified_headers()
    got = register(client, redirect_uris=["https://agent.example:8443/cb"],
                   logo_uri="https://agent.example/logo.png")
    request = consent_request(authorize(client, got["client_id"],
                                        redirect_uri="https://agent.example:8443/cb"))
    shown = client.get(f"/api/auth/authorizations/{request}", headers=alice).get_json()
    assert shown["request"]["client"] == {
        "clientId": got["client_id"], "name": "Agent", "kind": "dynamic",
        "host": "agent.example", "logoUrl": "https://agent.example/logo.png",
        "homepageUrl": None, "verified": False, "redirectUri": "https://agent.example:8443/cb",
        "localhostOnly": False}


def test_a_client_uses_only_the_grant_types_it_registered(client, auth):
    alice = auth.verified_headers()
    got = register(client, token_endpoint_auth_method="none")
    answer, _ = code_flow(client, alice, as_app(got))  # offline_access asked
    ISSUED_SECRETS.add(answer["access_token"])
    assert "refresh_token" not in answer  # it may not refresh: none is issued
    refreshed = client.post("/api/oauth2/token", data={
        "grant_type": "refresh_token", "refresh_token": "ort_" + "z" * 43,
        "client_id": got["client_id"]})
    assert refreshed.status_code == 400
    assert refreshed.get_json()["error"] == "unauthorized_client"

    both = register(client, token_endpoint_auth_method="none",
                    grant_types=["authorization_code", "refresh_token"])
    answer, _ = code_flow(client, alice, as_app(both))
    ISSUED_SECRETS.update((answer["access_token"], answer["refresh_token"]))
    refreshed = client.post("/api/oauth2/token", data={
        "grant_type": "refresh_token", "refresh_token": answer["refresh_token"],
        "client_id": both["client_id"]})
    assert refreshed.status_code == 200, refreshed.get_json()
    ISSUED_SECRETS.update((refreshed.get_json()["access_token"],
                           refreshed.get_json()["refresh_token"]))


def test_a_confidential_clients_secret_ends_after_90_days(client, auth, clock):
    alice = auth.verified_headers()
    got = register(client)
    verifier, challenge = pkce()
    request = consent_request(authorize(client, got["client_id"], challenge=challenge))
    code = query(decide(client, alice, request).get_json()["redirectTo"])["code"]
    clock.advance(days=90)
    pair = base64.b64encode(f"{got['client_id']}:{got['client_secret']}".encode()).decode()
    refused = client.post("/api/oauth2/token", headers={"Authorization": f"Basic {pair}"},
                          data={"grant_type": "authorization_code", "code": code,
                                "redirect_uri": REDIRECT, "code_verifier": verifier})
    assert refused.status_code == 401
    assert refused.get_json()["error"] == "invalid_client"
    clock.advance(seconds=-1)  # a second before its end it still holds (the code has expired)
    before = client.post("/api/oauth2/token", headers={"Authorization": f"Basic {pair}"},
                         data={"grant_type": "authorization_code", "code": code,
                               "redirect_uri": REDIRECT, "code_verifier": verifier})
    assert before.get_json()["error"] == "invalid_grant"


def test_purge_expired_removes_dynamic_clients_unused_for_30_days(app, client, auth, clock):
    unused, used = register(client), register(client, token_endpoint_auth_method="none")
    clock.advance(days=20)
    alice = auth.verified_headers()
    answer, _ = code_flow(client, alice, as_app(used), scope="read")
    ISSUED_SECRETS.add(answer["access_token"])
    from tests.provider_flow import new_app
    made = new_app(client, alice)
    ISSUED_SECRETS.add(made["clientSecret"])
    clock.advance(days=10)
    with app.app_context():
        removed, _ = purge_expired()
        assert removed["oauth_clients"] == 1
    assert client.get(path_of(unused), headers=managing(
        unused["registration_access_token"])).status_code == 401
    assert client.get(path_of(used), headers=managing(
        used["registration_access_token"])).status_code == 200
    clock.advance(days=20, seconds=1)
    with app.app_context():
        assert purge_expired()[0]["oauth_clients"] == 1  # its last use was 30 days ago
        assert db.session.get(OAuthClient, made["app"]["id"]) is not None  # an app stays


# --- the whole flow with authlib's own client, the service under waitress ---

@pytest.fixture
def port():
    return free_port()


@pytest.fixture
def served(make_app, port):
    base = f"http://127.0.0.1:{port}"
    app = make_app(APP_BASE_URL=base, API_BASE_URL=base)
    with serve(app, port=port):
        yield base, app


def _consent(base, headers, url) -> str:
    sent = requests.get(url, allow_redirects=False, timeout=TIMEOUT)
    assert sent.status_code == 302, sent.text
    page = f"{base}/api/auth/authorizations/{query(sent.headers['Location'])['request']}"
    shown = requests.get(page, headers=headers, timeout=TIMEOUT).json()["request"]
    assert shown["client"]["kind"] == "dynamic" and shown["client"]["verified"] is False
    decided = requests.post(page, headers=headers, json={"decision": "allow"}, timeout=TIMEOUT)
    assert decided.status_code == 200, decided.text
    back = decided.json()["redirectTo"]
    ISSUED_SECRETS.add(query(back)["code"])
    return back


@pytest.mark.parametrize("method", ["none", "client_secret_basic", "client_secret_post"])
def test_authlibs_client_registers_then_signs_in_and_refreshes(served, method):
    base, _ = served
    signed_up = requests.post(f"{base}/api/auth/sign-up", timeout=TIMEOUT, json={
        "email": "alice@example.com", "password": "correct horse battery staple"})
    assert signed_up.status_code == 201, signed_up.text
    alice = {"Authorization": f"Bearer {signed_up.json()['session']['token']}"}
    ISSUED_SECRETS.add(signed_up.json()["session"]["token"])
    metadata = requests.get(f"{base}/.well-known/oauth-authorization-server",
                            timeout=TIMEOUT).json()
    made = requests.post(metadata["registration_endpoint"], timeout=TIMEOUT, json={
        "redirect_uris": ["http://127.0.0.1:33418/callback"], "client_name": "CLI agent",
        "token_endpoint_auth_method": method, "resource": f"{base}/api",
        "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"]})
    assert made.status_code == 201, made.text
    got = made.json()
    ISSUED_SECRETS.update(v for v in (got.get("client_secret"),
                                      got["registration_access_token"]) if v)
    session = OAuth2Session(got["client_id"], got.get("client_secret"),
                            scope="openid read offline_access",
                            redirect_uri="http://127.0.0.1:50123/callback",  # any loopback port
                            code_challenge_method="S256", token_endpoint_auth_method=method)
    verifier = generate_token(48)
    url, state = session.create_authorization_url(metadata["authorization_endpoint"],
                                                  code_verifier=verifier)
    back = _consent(base, alice, url)
    assert query(back)["state"] == state
    token = session.fetch_token(metadata["token_endpoint"], authorization_response=back,
                                code_verifier=verifier)
    ISSUED_SECRETS.update((token["access_token"], token["refresh_token"], token["id_token"]))
    assert session.get(f"{base}/api/auth/session", timeout=TIMEOUT).json()["oauth"][
        "clientId"] == got["client_id"]
    renewed = session.refresh_token(metadata["token_endpoint"])
    ISSUED_SECRETS.update((renewed["access_token"], renewed["refresh_token"]))
    assert renewed["refresh_token"] != token["refresh_token"]
    assert session.get(f"{base}/api/projects", timeout=TIMEOUT).status_code == 200

    gone = requests.delete(got["registration_client_uri"], timeout=TIMEOUT,
                           headers=managing(got["registration_access_token"]))
    assert gone.status_code == 204
    assert session.get(f"{base}/api/projects", timeout=TIMEOUT).status_code == 401
