"""Apps that users register (extensions.md E5.2's first kind) through HTTP: the answer and its
secret, the redirect URI rules, the cap, who sees and changes an app, a new secret stopping the
old one at once, a deletion stopping every token of the app, and the credentials that may not
manage apps (API keys, OAuth tokens, impersonation sessions)."""
import hashlib
import re

import pytest
from sqlalchemy import text

from core.db import db
from core.fields import utc_iso
from tests.conftest import PASSWORD
from tests.factories import make_admin, user_id
from tests.http import refused
from tests.provider_flow import REDIRECT, bearer, code_flow, new_app, settings, token

CLIENT_ID = re.compile(r"oa_[A-Za-z0-9_-]{22}")
SECRET = re.compile(r"ocs_[A-Za-z0-9_-]{43}")
APP_KEYS = {"id", "clientId", "name", "type", "redirectUris", "homepageUrl", "logoUrl",
            "idTokenAlg", "status", "createdAt", "updatedAt"}
NOBODY = "0" * 32


@pytest.fixture
def app(make_app):
    return make_app(**settings())


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


@pytest.fixture
def bob(auth):
    return auth.verified_headers("bob@example.com")


def create(client, headers, **body):
    return client.post("/api/auth/oauth-apps", headers=headers, json={
        "name": "Calendar sync", "redirectUris": [REDIRECT], "type": "confidential", **body})


def stored(app, client_id) -> dict:
    with app.app_context():
        return dict(db.session.execute(text("SELECT * FROM oauth_clients WHERE client_id = :c"),
                                       {"c": client_id}).mappings().one())


# --- the answer and what is kept ---

def test_a_confidential_app_is_answered_once_with_its_secret_kept_hashed(app, client, alice,
                                                                          clock):
    made = create(client, alice, name="  Calendar sync ", homepageUrl="https://app.example",
                  logoUrl="https://app.example/logo.png")
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    assert set(body) == {"app", "clientSecret"}
    registered, secret = body["app"], body["clientSecret"]
    assert set(registered) == APP_KEYS
    assert CLIENT_ID.fullmatch(registered["clientId"]) and SECRET.fullmatch(secret)
    stamp = utc_iso(clock.now)
    assert registered == {
        "id": registered["id"], "clientId": registered["clientId"], "name": "Calendar sync",
        "type": "confidential", "redirectUris": [REDIRECT],
        "homepageUrl": "https://app.example", "logoUrl": "https://app.example/logo.png",
        "idTokenAlg": "RS256", "status": "ACTIVE", "createdAt": stamp, "updatedAt": stamp}
    row = stored(app, registered["clientId"])
    assert row["secret_hash"] == hashlib.sha256(secret.encode()).hexdigest()
    assert not any(secret in str(value) for value in row.values())
    # shown only in the creation's answer
    read = client.get(f"/api/auth/oauth-apps/{registered['id']}", headers=alice)
    assert read.status_code == 200 and read.get_json() == {"app": registered}
    listed = client.get("/api/auth/oauth-apps", headers=alice).get_json()
    assert listed == {"data": [registered],
                      "meta": {"total": 1, "page": 1, "limit": 20, "pages": 1}}


def test_a_public_app_has_no_secret(app, client, alice):
    made = create(client, alice, type="public", idTokenAlg="ES256")
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    assert body["clientSecret"] is None
    assert body["app"]["type"] == "public" and body["app"]["idTokenAlg"] == "ES256"
    assert body["app"]["homepageUrl"] is None and body["app"]["logoUrl"] is None
    assert stored(app, body["app"]["clientId"])["secret_hash"] is None
    renewed = client.post(f"/api/auth/oauth-apps/{body['app']['id']}/secret", headers=alice)
    refused(renewed, 409, "CONFLICT")


@pytest.mark.parametrize("alg", ["HS256", "none", "rs256", "PS256", "", None, 5])
def test_only_rs256_and_es256_sign_id_tokens(client, alice, alg):
    refused(create(client, alice, idTokenAlg=alg), 400, "VALIDATION_ERROR", "idTokenAlg")


@pytest.mark.parametrize("body,field", [
    ({"name": ""}, "name"), ({"name": "   "}, "name"), ({"name": "x" * 101}, "name"),
    ({"name": None}, "name"), ({"name": 5}, "name"), ({"name": "a\x00b"}, "name"),
    ({"type": "secret"}, "type"), ({"type": None}, "type"),
    ({"homepageUrl": "javascript:alert(1)"}, "homepageUrl"),
    ({"logoUrl": "https://app.example/" + "x" * 2100}, "logoUrl"),
    ({"redirectUris": REDIRECT}, "redirectUris"), ({"redirectUris": None}, "redirectUris"),
])
def test_bad_bodies_are_400_naming_the_field(client, alice, body, field):
    answer = refused(create(client, alice, **body), 400, "VALIDATION_ERROR", field)
    assert list(answer["details"]) == [field]


def test_missing_fields_are_named(client, alice):
    answer = refused(client.post("/api/auth/oauth-apps", headers=alice, json={}), 400,
                     "VALIDATION_ERROR")
    assert set(answer["details"]) == {"name", "redirectUris", "type"}
    not_json = client.post("/api/auth/oauth-apps", headers=alice, data="name=x",
                           content_type="application/x-www-form-urlencoded")
    assert not_json.status_code in (400, 415), not_json.get_json()


# --- redirect URIs (E5.2) ---

GOOD_URIS = [
    "https://app.example/callback", "https://app.example:8443/cb?from=sign-in",
    "http://127.0.0.1/callback", "http://127.0.0.1:49152/callback", "http://[::1]:8080/cb",
    "http://localhost:3000/callback", "com.example.app:/callback",
    "https://app.example/" + "x" * (2000 - len("https://app.example/")),
]
BAD_URIS = [
    "/callback", "app.example/callback", "https://app.example/callback#done",
    "https://*.app.example/callback", "https://app.example/*", "http://app.example/callback",
    "http://127.0.0.1.app.example/cb", "http://localhost.app.example/cb", "ftp://app.example/cb",
    "myapp:/callback", "https:///callback", "https://user:pw@app.example/cb",
    "https://app.example/call back", "https://app.example/\ncb", "",
    "https://app.example/" + "x" * (2001 - len("https://app.example/")),
    "javascript:alert(1)", "https://app.example:99999/cb", 5, None, ["https://app.example/cb"],
]


def test_the_redirect_uris_a_rule_allows(client, alice):
    made = create(client, alice, redirectUris=GOOD_URIS)
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["app"]["redirectUris"] == GOOD_URIS


@pytest.mark.parametrize("uri", BAD_URIS, ids=range(len(BAD_URIS)))
def test_each_bad_redirect_uri_is_400_naming_redirect_uris(app, client, alice, uri):
    answer = refused(create(client, alice, redirectUris=[REDIRECT, uri]), 400,
                     "VALIDATION_ERROR", "redirectUris")
    assert list(answer["details"]) == ["redirectUris"]
    listed = client.get("/api/auth/oauth-apps", headers=alice).get_json()
    assert listed["meta"]["total"] == 0


@pytest.mark.parametrize("count", [0, 11])
def test_one_to_ten_redirect_uris(client, alice, count):
    uris = [f"https://app.example/cb{i}" for i in range(count)]
    refused(create(client, alice, redirectUris=uris), 400, "VALIDATION_ERROR", "redirectUris")
    ten = [f"https://app.example/cb{i}" for i in range(10)]
    assert create(client, alice, redirectUris=ten).status_code == 201


def test_a_change_of_redirect_uris_follows_the_same_rules(client, alice):
    registered = new_app(client, alice)["app"]
    path = f"/api/auth/oauth-apps/{registered['id']}"
    for uris in ([], ["http://app.example/cb"], ["https://app.example/cb#x"]):
        refused(client.patch(path, headers=alice, json={"redirectUris": uris}), 400,
                "VALIDATION_ERROR", "redirectUris")
    assert client.get(path, headers=alice).get_json()["app"]["redirectUris"] == [REDIRECT]


# --- who may register, and how many ---

def test_an_unverified_address_may_not_register(app, client, auth):
    headers = auth.headers("carol@example.com")
    refused(create(client, headers), 403, "EMAIL_NOT_VERIFIED")
    # checked before the body is read
    refused(create(client, headers, redirectUris=[]), 403, "EMAIL_NOT_VERIFIED")
    refused(client.post("/api/auth/oauth-apps", json={}), 401, "INVALID_TOKEN")
    with app.app_context():
        assert db.session.execute(text("SELECT count(*) FROM oauth_clients")).scalar() == 0


def test_an_account_has_at_most_20_apps(client, alice, bob):
    made = [new_app(client, alice, name=f"App {i}")["app"] for i in range(20)]
    refused(create(client, alice), 409, "CONFLICT")
    assert new_app(client, bob)["app"]  # another account's count is its own
    assert client.get("/api/auth/oauth-apps", headers=alice).get_json()["meta"]["total"] == 20
    deleted = client.delete(f"/api/auth/oauth-apps/{made[0]['id']}", headers=alice)
    assert deleted.status_code == 204
    assert create(client, alice).status_code == 201


# --- the owner's alone ---

def test_another_users_app_and_an_unknown_id_are_404(client, alice, bob):
    registered = new_app(client, alice)
    app_id = registered["app"]["id"]
    for headers, target in ((bob, app_id), (alice, NOBODY), (alice, "nope"),
                            (alice, "x" * 65), (alice, "a%00b")):
        path = f"/api/auth/oauth-apps/{target}"
        refused(client.get(path, headers=headers), 404, "NOT_FOUND")
        refused(client.patch(path, headers=headers, json={"name": "Mine"}), 404, "NOT_FOUND")
        refused(client.post(f"{path}/secret", headers=headers), 404, "NOT_FOUND")
        refused(client.delete(path, headers=headers), 404, "NOT_FOUND")
    # nothing changed: the name, the secret and the app itself
    assert client.get(f"/api/auth/oauth-apps/{app_id}", headers=alice).get_json()[
        "app"] == registered["app"]
    assert token(client, registered, grant_type="refresh_token",
                 refresh_token="ort_" + "x" * 43).get_json()["error"] == "invalid_grant"


def test_the_list_is_the_callers_an_r1_list(client, alice, bob, clock):
    mine = []
    for i in range(5):
        mine.append(new_app(client, alice, name=f"App {i}")["app"])
        clock.advance(seconds=1)
    new_app(client, bob, name="Not Alice's")
    first = client.get("/api/auth/oauth-apps?limit=2", headers=alice).get_json()
    assert first["meta"] == {"total": 5, "page": 1, "limit": 2, "pages": 3}
    assert [a["name"] for a in first["data"]] == ["App 4", "App 3"]  # newest first
    last = client.get("/api/auth/oauth-apps?limit=2&page=3", headers=alice).get_json()
    assert [a["id"] for a in last["data"]] == [mine[0]["id"]]
    oldest = client.get("/api/auth/oauth-apps?sort=createdAt&order=asc&limit=5",
                        headers=alice).get_json()
    assert [a["id"] for a in oldest["data"]] == [a["id"] for a in mine]
    refused(client.get("/api/auth/oauth-apps?sort=name", headers=alice), 400,
            "VALIDATION_ERROR", "sort")
    refused(client.get("/api/auth/oauth-apps?limit=0", headers=alice), 400,
            "VALIDATION_ERROR", "limit")
    empty = client.get("/api/auth/oauth-apps?page=9", headers=alice).get_json()
    assert empty["data"] == [] and empty["meta"]["total"] == 5


# --- changes, a new secret, deletion ---

def test_a_patch_changes_what_it_names(client, alice, clock):
    registered = new_app(client, alice, homepageUrl="https://app.example")["app"]
    clock.advance(minutes=1)
    path = f"/api/auth/oauth-apps/{registered['id']}"
    changed = client.patch(path, headers=alice, json={
        "name": "Calendar", "redirectUris": ["https://app.example/new", "http://127.0.0.1/cb"],
        "homepageUrl": None, "logoUrl": "https://app.example/logo.png", "idTokenAlg": "ES256",
        "type": "public", "clientId": "oa_mine", "status": "DISABLED"})
    assert changed.status_code == 200, changed.get_json()
    answer = changed.get_json()["app"]
    assert answer == {**registered, "name": "Calendar",
                      "redirectUris": ["https://app.example/new", "http://127.0.0.1/cb"],
                      "homepageUrl": None, "logoUrl": "https://app.example/logo.png",
                      "idTokenAlg": "ES256", "updatedAt": utc_iso(clock.now)}
    assert client.get(path, headers=alice).get_json() == {"app": answer}
    clock.advance(minutes=1)
    same = client.patch(path, headers=alice, json={"name": "Calendar"}).get_json()["app"]
    assert same == answer  # nothing changed: updatedAt stays
    refused(client.patch(path, headers=alice, json={"name": ""}), 400, "VALIDATION_ERROR",
            "name")
    refused(client.patch(path, headers=alice, json={"idTokenAlg": "HS256"}), 400,
            "VALIDATION_ERROR", "idTokenAlg")


def test_the_redirect_uris_a_patch_sets_are_the_ones_authorize_takes(client, alice):
    registered = new_app(client, alice)
    path = f"/api/auth/oauth-apps/{registered['app']['id']}"
    assert client.patch(path, headers=alice, json={
        "redirectUris": ["https://app.example/other"]}).status_code == 200
    code_flow(client, alice, registered, redirect_uri="https://app.example/other")
    gone = client.get("/api/oauth2/authorize", query_string={
        "response_type": "code", "client_id": registered["app"]["clientId"],
        "redirect_uri": REDIRECT, "code_challenge": "x" * 43, "code_challenge_method": "S256"})
    assert gone.status_code == 400 and "Location" not in gone.headers


def test_a_new_secret_stops_the_old_one_at_once(app, client, alice, clock):
    registered = new_app(client, alice)
    tokens, _ = code_flow(client, alice, registered)
    clock.advance(minutes=1)
    renewed = client.post(f"/api/auth/oauth-apps/{registered['app']['id']}/secret",
                          headers=alice)
    assert renewed.status_code == 200, renewed.get_json()
    body = renewed.get_json()
    assert set(body) == {"app", "clientSecret"}
    assert SECRET.fullmatch(body["clientSecret"])
    assert body["clientSecret"] != registered["clientSecret"]
    assert body["app"] == {**registered["app"], "updatedAt": utc_iso(clock.now)}
    assert stored(app, registered["app"]["clientId"])["secret_hash"] == hashlib.sha256(
        body["clientSecret"].encode()).hexdigest()

    old = token(client, registered, grant_type="refresh_token",
                refresh_token=tokens["refresh_token"])
    assert old.status_code == 401, old.get_json()
    assert old.get_json()["error"] == "invalid_client"
    assert old.headers["WWW-Authenticate"].startswith("Basic")
    by_post = client.post("/api/oauth2/token", data={
        "grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
        "client_id": registered["app"]["clientId"],
        "client_secret": registered["clientSecret"]})
    assert by_post.status_code == 401 and by_post.get_json()["error"] == "invalid_client"
    new = token(client, {**registered, "clientSecret": body["clientSecret"]},
                grant_type="refresh_token", refresh_token=tokens["refresh_token"])
    assert new.status_code == 200, new.get_json()  # the refresh token was not spent above


def test_a_deleted_app_takes_every_grant_and_token_with_it(app, client, alice):
    registered = new_app(client, alice)
    kept = new_app(client, alice, name="Kept")
    tokens, _ = code_flow(client, alice, registered)
    others, _ = code_flow(client, alice, kept)
    assert client.get("/api/projects", headers=bearer(tokens["access_token"])).status_code == 200

    path = f"/api/auth/oauth-apps/{registered['app']['id']}"
    deleted = client.delete(path, headers=alice)
    assert deleted.status_code == 204 and deleted.get_data() == b""
    refused(client.get(path, headers=alice), 404, "NOT_FOUND")
    refused(client.delete(path, headers=alice), 404, "NOT_FOUND")
    gone = client.get("/api/projects", headers=bearer(tokens["access_token"]))
    assert gone.status_code == 401, gone.get_json()
    assert client.get("/api/auth/session",
                      headers=bearer(tokens["access_token"])).status_code == 401
    refreshed = token(client, registered, grant_type="refresh_token",
                      refresh_token=tokens["refresh_token"])
    assert refreshed.status_code == 401 and refreshed.get_json()["error"] == "invalid_client"
    with app.app_context():
        for table in ("oauth_grants", "oauth_authorizations", "oauth_requests"):
            left = db.session.execute(text(
                f"SELECT count(*) FROM {table} t JOIN oauth_clients c ON c.id = t.client_id "
                f"WHERE c.client_id = :c"), {"c": registered["app"]["clientId"]}).scalar()
            assert left == 0, table
        assert db.session.execute(text(
            "SELECT count(*) FROM oauth_refresh_tokens")).scalar() == 1  # the other app's
    # the other app's tokens live on
    assert client.get("/api/projects", headers=bearer(others["access_token"])).status_code == 200


# --- the credentials that may not manage apps (E2.2's rule, E2.3) ---

def operations(app_id):
    return [("POST", "/api/auth/oauth-apps", {"name": "x", "redirectUris": [REDIRECT],
                                               "type": "public"}),
            ("GET", "/api/auth/oauth-apps", None), ("GET", f"/api/auth/oauth-apps/{app_id}", None),
            ("PATCH", f"/api/auth/oauth-apps/{app_id}", {"name": "Taken"}),
            ("POST", f"/api/auth/oauth-apps/{app_id}/secret", None),
            ("DELETE", f"/api/auth/oauth-apps/{app_id}", None)]


def unchanged(client, alice, registered):
    read = client.get(f"/api/auth/oauth-apps/{registered['app']['id']}", headers=alice)
    assert read.get_json() == {"app": registered["app"]}
    assert client.get("/api/auth/oauth-apps", headers=alice).get_json()["meta"]["total"] == 1


def test_api_keys_may_not_manage_apps(client, alice):
    registered = new_app(client, alice)
    made = client.post("/api/auth/api-keys", headers=alice, json={
        "name": "ci", "scopes": ["read", "write"], "password": PASSWORD})
    key = bearer(made.get_json()["key"])
    for method, path, body in operations(registered["app"]["id"]):
        refused(client.open(path, method=method, headers=key, json=body), 403,
                "INSUFFICIENT_SCOPE")
    unchanged(client, alice, registered)


def test_oauth_tokens_may_not_manage_apps(client, alice):
    registered = new_app(client, alice)
    tokens, _ = code_flow(client, alice, registered, scope="openid read write")
    for method, path, body in operations(registered["app"]["id"]):
        answer = client.open(path, method=method, headers=bearer(tokens["access_token"]),
                             json=body)
        refused(answer, 403, "INSUFFICIENT_SCOPE")
        assert answer.headers["WWW-Authenticate"].startswith('Bearer error="insufficient_scope"')
    unchanged(client, alice, registered)


def test_impersonation_sessions_read_apps_but_change_nothing(app, client, alice, auth):
    registered = new_app(client, alice)
    admin = auth.headers("root@example.com")
    make_admin(app, "root@example.com")
    started = client.post(f"/api/admin/users/{user_id(app, 'alice@example.com')}/impersonate",
                          headers=admin)
    assert started.status_code == 201, started.get_json()
    support = bearer(started.get_json()["data"]["session"]["token"])
    for method, path, body in operations(registered["app"]["id"]):
        answer = client.open(path, method=method, headers=support, json=body)
        if method == "GET":
            assert answer.status_code == 200, answer.get_json()  # seeing what the user sees
            assert "clientSecret" not in answer.get_json()
        else:
            refused(answer, 403, "IMPERSONATION_FORBIDDEN")
    unchanged(client, alice, registered)
