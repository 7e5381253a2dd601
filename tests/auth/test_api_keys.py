"""API keys (extensions.md E2.2) through HTTP: creation with its proof, notice and event; form
and storage; what a key reaches and in which order; its rate counter; lastUsedAt; listing,
revocation, expiry, the cap of 50; bad keys of every kind answer 401, never 500."""
import hashlib
import re

import pytest
from sqlalchemy import select, text

from core.db import db
from core.fields import utc_iso
from sections.auth.models import ApiKey
from tests.conftest import PASSWORD
from tests.factories import make_admin, security_events, update_user, user_id
from tests.http import bearer, error, refused

KEY = re.compile(r"sk_[A-Za-z0-9_-]{43}")


def create(client, headers, **body):
    return client.post("/api/auth/api-keys", headers=headers,
                       json={"name": "ci", "password": PASSWORD, **body})


def new_key(client, headers, **body):
    response = create(client, headers, **body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_a_key_is_made_once_stored_hashed_with_a_notice_and_an_event(app, client, auth, mail,
                                                                      clock):
    headers = auth.headers()
    made = new_key(client, headers, name="  deploy bot ", expiresAt=None)
    key, api_key = made["key"], made["apiKey"]
    assert KEY.fullmatch(key)
    stamp = utc_iso(clock.now)
    assert api_key == {"id": api_key["id"], "name": "deploy bot", "prefix": key[:11],
                       "scopes": ["read"], "expiresAt": None, "createdAt": stamp,
                       "lastUsedAt": None}
    with app.app_context():
        rows = db.session.execute(text("SELECT * FROM api_keys")).mappings().all()
    assert [row["key_hash"] for row in rows] == [hashlib.sha256(key.encode()).hexdigest()]
    assert not any(key in str(value) for row in rows for value in row.values())
    assert "An API key was created" in mail.last_body("alice@example.com")
    assert key not in mail.last_body("alice@example.com")
    assert security_events(app, "alice@example.com", "api_key_create") == [
        {"id": api_key["id"], "name": "deploy bot"}]
    listed = client.get("/api/auth/api-keys", headers=headers).get_json()
    assert listed == {"data": [api_key], "meta": {"total": 1, "page": 1, "limit": 20,
                                                  "pages": 1}}


def test_creation_needs_the_proof(app, client, auth):
    headers = auth.headers()
    missing = client.post("/api/auth/api-keys", headers=headers, json={"name": "x"})
    refused(missing, 403, "REAUTHENTICATION_REQUIRED")
    refused(create(client, headers, password="not the password"), 400,
               "INVALID_CREDENTIALS")
    refused(client.post("/api/auth/api-keys", json={"name": "x"}), 401, "INVALID_TOKEN")
    with app.app_context():
        assert db.session.execute(select(ApiKey)).first() is None


@pytest.mark.parametrize("body,field", [
    ({"name": ""}, "name"), ({"name": "  "}, "name"), ({"name": "x" * 101}, "name"),
    ({"name": None}, "name"), ({"name": 5}, "name"), ({"name": "a\x00"}, "name"),
    ({"scopes": ["write"]}, "scopes"), ({"scopes": []}, "scopes"),
    ({"scopes": ["read", "read"]}, "scopes"), ({"scopes": ["read", "admin"]}, "scopes"),
    ({"scopes": "read"}, "scopes"), ({"scopes": [5]}, "scopes"), ({"scopes": None}, "scopes"),
    ({"expiresAt": "2020-01-01T00:00:00Z"}, "expiresAt"),
    ({"expiresAt": "2030-01-01T00:00:00"}, "expiresAt"), ({"expiresAt": 5}, "expiresAt"),
])
def test_bad_bodies_are_400_naming_the_field(app, client, auth, body, field):
    answer = refused(create(client, auth.headers(), **body), 400, "VALIDATION_ERROR")
    assert list(answer["details"]) == [field]


def test_scopes_in_either_order_and_expiry(client, auth):
    made = new_key(client, auth.headers(), scopes=["write", "read"],
                   expiresAt="2099-01-01T02:00:00+02:00")["apiKey"]
    assert made["scopes"] == ["read", "write"]
    assert made["expiresAt"] == "2099-01-01T00:00:00.000Z"


def test_the_session_of_a_key_and_last_used_at(client, auth, clock):
    signed_up = auth.sign_up()
    made = new_key(client, bearer(signed_up["session"]["token"]))
    read = client.get("/api/auth/session", headers=bearer(made["key"]))
    assert read.status_code == 200
    first = read.get_json()
    stamp = utc_iso(clock.now)
    assert first == {"user": signed_up["user"], "session": None,
                     "apiKey": {**made["apiKey"], "lastUsedAt": stamp}}
    clock.advance(seconds=59)
    again = client.get("/api/auth/session", headers=bearer(made["key"])).get_json()
    assert again["apiKey"]["lastUsedAt"] == stamp  # at most once a minute
    clock.advance(seconds=2)
    later = client.get("/api/projects", headers=bearer(made["key"]))
    assert later.status_code == 200
    listed = client.get("/api/auth/api-keys", headers=bearer(signed_up["session"]["token"]))
    moved = utc_iso(clock.now)
    assert listed.get_json()["data"][0]["lastUsedAt"] == moved


def test_a_read_key_reads_and_a_write_key_writes(app, client, auth):
    headers = auth.headers()
    reader = new_key(client, headers)["key"]
    writer = new_key(client, headers, scopes=["read", "write"])["key"]
    assert client.get("/api/projects", headers=bearer(reader)).status_code == 200
    assert client.head("/api/projects", headers=bearer(reader)).status_code == 200
    refused = error(client.post("/api/projects", headers=bearer(reader), json={"name": "x"}),
                    403, "INSUFFICIENT_SCOPE")
    assert refused["error"] == "Forbidden"
    made = client.post("/api/projects", headers=bearer(writer), json={"name": "By a key"})
    assert made.status_code == 201
    project = made.get_json()["data"]
    assert project["ownerId"] == user_id(app, "alice@example.com")
    # Refused right after the key is authenticated: before the path's resource (404) and the
    # body (400) are looked at.
    error(client.patch("/api/projects/" + "0" * 32, headers=bearer(reader), json={"name": 5}),
          403, "INSUFFICIENT_SCOPE")
    assert client.patch(f"/api/projects/{project['id']}", headers=bearer(writer),
                        json={"name": "Renamed"}).status_code == 200


@pytest.mark.parametrize("method,path", [
    ("GET", "/api/auth/sessions"), ("GET", "/api/auth/api-keys"),
    ("POST", "/api/auth/api-keys"), ("DELETE", "/api/auth/api-keys/x"),
    ("POST", "/api/auth/sign-out"), ("PATCH", "/api/auth/user"), ("DELETE", "/api/auth/user"),
    ("POST", "/api/auth/change-password"), ("POST", "/api/auth/two-factor/enable"),
    ("POST", "/api/auth/revoke-other-sessions"), ("GET", "/api/auth/passkeys"),
    ("GET", "/api/admin/users"), ("GET", "/api/admin/stats"), ("DELETE", "/api/admin/users/x"),
])
def test_no_key_reaches_auth_or_admin(app, client, auth, method, path):
    headers = auth.headers()
    make_admin(app, "alice@example.com")
    key = new_key(client, headers, scopes=["read", "write"])["key"]
    response = client.open(path, method=method, headers=bearer(key), json={"bad": 1})
    body = response.get_json()
    assert response.status_code == 403, body
    if path.startswith("/api/auth/"):
        assert body == {"error": "INSUFFICIENT_SCOPE", "message": body["message"]}
    else:
        assert (body["error"], body["code"]) == ("Forbidden", "INSUFFICIENT_SCOPE")
    assert client.get("/api/auth/session", headers=bearer(key)).status_code == 200


def test_a_key_counts_apart_from_its_owners_sessions(make_app, smtp_sink):
    app = make_app(RATELIMIT_AUTHENTICATED="4 per minute")
    client = app.test_client()
    token = client.post("/api/auth/sign-up", json={"email": "alice@example.com",
                                                   "password": PASSWORD}).get_json()
    headers = bearer(token["session"]["token"])
    key = new_key(client, headers)["key"]
    answers = [client.get("/api/projects", headers=bearer(key)) for _ in range(5)]
    assert [a.status_code for a in answers] == [200] * 4 + [429]
    assert answers[0].headers["X-RateLimit-Limit"] == "4"
    assert client.get("/api/projects", headers=headers).status_code == 200


def test_revoked_expired_and_other_users_keys(app, client, auth, clock):
    headers, other = auth.headers(), auth.headers("bob@example.com")
    key = new_key(client, headers)
    short = new_key(client, headers, expiresAt=(clock.now.replace(year=clock.now.year + 1))
                    .isoformat())
    refused(client.delete(f"/api/auth/api-keys/{key['apiKey']['id']}", headers=other), 404,
               "NOT_FOUND")
    refused(client.delete("/api/auth/api-keys/" + "0" * 32, headers=headers), 404,
               "NOT_FOUND")
    assert client.delete(f"/api/auth/api-keys/{key['apiKey']['id']}",
                         headers=headers).status_code == 204
    refused(client.get("/api/auth/session", headers=bearer(key["key"])), 401,
               "INVALID_TOKEN")
    error(client.get("/api/projects", headers=bearer(key["key"])), 401, "AUTH_ERROR")
    assert security_events(app, "alice@example.com", "api_key_revoke") == [
        {"id": key["apiKey"]["id"], "name": "ci"}]
    clock.advance(days=367)
    refused(client.get("/api/auth/session", headers=bearer(short["key"])), 401,
               "INVALID_TOKEN")
    headers = bearer(client.post("/api/auth/sign-in", json={
        "email": "alice@example.com", "password": PASSWORD}).get_json()["session"]["token"])
    listed = client.get("/api/auth/api-keys", headers=headers).get_json()
    assert [k["id"] for k in listed["data"]] == [short["apiKey"]["id"]]  # until purged
    from commands import purge_expired
    with app.app_context():
        assert purge_expired()[0]["api_keys"] == 1
    assert client.get("/api/auth/api-keys", headers=headers).get_json()["data"] == []


def test_bad_keys_answer_401_never_500(app, client, auth, mail):
    headers = auth.headers()
    key = new_key(client, headers)["key"]
    session_token = headers["Authorization"].split()[1]
    bad = [key[:-1], key[:20], key[:3], key[:11], key[:-4] + "AAAA", key + "A", "sk_",
           "sk_" + session_token, "SK" + key[2:], key.replace("sk_", "sk-"),
           "sk_" + "\u00e9" * 43, "sk_" + "%00" * 14 + "A"]
    for token in bad:
        refused(client.get("/api/auth/session", headers=bearer(token)), 401, "INVALID_TOKEN")
        error(client.get("/api/projects", headers=bearer(token)), 401, "AUTH_ERROR")
    # A key posted where a one-time token is expected, or named as a session: nothing matches.
    for path in ("/api/auth/verify-email", "/api/auth/magic-link/verify"):
        refused(client.post(path, json={"token": key}), 400, "INVALID_TOKEN")
    error(client.post("/api/invitations/accept", headers=headers, json={"token": key}), 400,
          "INVALID_TOKEN")
    refused(client.delete(f"/api/auth/sessions/{key}", headers=headers), 404, "NOT_FOUND")
    # The owner banned, then deleted: 401.
    update_user(app, "alice@example.com", banned=True)
    refused(client.get("/api/auth/session", headers=bearer(key)), 401, "INVALID_TOKEN")
    update_user(app, "alice@example.com", banned=False)
    assert client.get("/api/auth/session", headers=bearer(key)).status_code == 200
    assert client.delete("/api/auth/user", headers=headers,
                         json={"password": PASSWORD}).status_code == 204
    refused(client.get("/api/auth/session", headers=bearer(key)), 401, "INVALID_TOKEN")
    with app.app_context():
        assert db.session.execute(select(ApiKey)).first() is None  # deleted with the account


def test_a_password_change_keeps_keys_and_admins_count_live_ones(app, client, auth, clock):
    headers = auth.headers()
    key = new_key(client, headers)["key"]
    new_key(client, headers, expiresAt=clock.now.replace(year=clock.now.year + 1).isoformat())
    changed = client.post("/api/auth/change-password", headers=headers, json={
        "currentPassword": PASSWORD, "newPassword": "An0ther-horse-battery!"})
    assert changed.status_code == 200
    assert client.get("/api/auth/session", headers=bearer(key)).status_code == 200
    admin = auth.headers("root@example.com")
    make_admin(app, "root@example.com")
    url = f"/api/admin/users/{user_id(app, 'alice@example.com')}"
    assert client.get(url, headers=admin).get_json()["data"]["counts"]["apiKeys"] == 2
    clock.advance(days=367)
    admin = bearer(client.post("/api/auth/sign-in", json={
        "email": "root@example.com", "password": PASSWORD}).get_json()["session"]["token"])
    assert client.get(url, headers=admin).get_json()["data"]["counts"]["apiKeys"] == 1


def test_at_most_fifty_live_keys(app, client, auth, clock):
    headers = auth.headers()
    owner = user_id(app, "alice@example.com")
    with app.app_context():  # 49 live keys and an expired one, written directly
        for i in range(50):
            db.session.add(ApiKey(user_id=owner, name=f"k{i}", key_hash=f"{i:064d}",
                                  prefix="sk_" + "x" * 8, writes=False, created_at=clock.now,
                                  expires_at=clock.now if i == 49 else None))
        db.session.commit()
    assert create(client, headers).status_code == 201
    refused(create(client, headers), 409, "CONFLICT")
