"""SCIM tokens (extensions.md E4.3): the owner (or a platform admin) creates and revokes them,
a project admin reads the list, a member gets 403, others 404; a token is shown once, stored
as SHA-256, at most 5 live; it is a bearer of the SCIM service alone, which no session or API
key reaches; it counts its own requests for the rate limit."""
import hashlib
import re

from sqlalchemy import select

from core.db import db
from sections.scim.models import ScimToken
from tests.conftest import PASSWORD
from tests.factories import audit_entries, make_admin, make_project, user_id
from tests.http import error
from tests.scim.scim import ERROR, MEDIA, new_token, scim

OWNER, ADMIN, MEMBER, STRANGER = ("owner@example.com", "admin@example.com",
                                  "member@example.com", "stranger@example.com")


def people(app, auth):
    headers = {email: auth.headers(email) for email in (OWNER, ADMIN, MEMBER, STRANGER)}
    project = make_project(app, OWNER, members=[MEMBER], admins=[ADMIN])
    return project, headers


def test_a_token_is_shown_once_and_stored_hashed(app, client, auth):
    project, headers = people(app, auth)
    created = client.post(f"/api/projects/{project}/scim-tokens", json={"name": "Okta"},
                          headers=headers[OWNER])
    assert created.status_code == 201
    body = created.get_json()
    token = body["token"]
    assert re.fullmatch(r"scim_[A-Za-z0-9_-]{43}", token)
    assert body["data"]["prefix"] == token[:10] and body["data"]["lastUsedAt"] is None
    with app.app_context():
        row = db.session.execute(select(ScimToken)).scalar_one()
        assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    listed = client.get(f"/api/projects/{project}/scim-tokens", headers=headers[ADMIN])
    assert listed.status_code == 200
    assert token not in listed.get_data(as_text=True)
    assert [item["id"] for item in listed.get_json()["data"]] == [body["data"]["id"]]
    scim(client, "GET", "/ServiceProviderConfig", {"Authorization": f"Bearer {token}"})
    used = client.get(f"/api/projects/{project}/scim-tokens", headers=headers[OWNER])
    assert used.get_json()["data"][0]["lastUsedAt"] is not None
    entries = audit_entries(app, "project.scim_token_create")
    assert entries == [(user_id(app, OWNER), "project.scim_token_create", "project", project,
                        {"scimTokenId": body["data"]["id"], "name": "Okta"})]


def test_who_manages_tokens(app, client, auth):
    project, headers = people(app, auth)
    path = f"/api/projects/{project}/scim-tokens"
    error(client.post(path, json={"name": "x"}, headers=headers[ADMIN]), 403, "FORBIDDEN")
    error(client.post(path, json={"name": "x"}, headers=headers[MEMBER]), 403, "FORBIDDEN")
    error(client.get(path, headers=headers[MEMBER]), 403, "FORBIDDEN")
    error(client.get(path, headers=headers[STRANGER]), 404, "NOT_FOUND")
    error(client.post(path, json={"name": "x"}, headers=headers[STRANGER]), 404, "NOT_FOUND")
    error(client.get(path), 401, "AUTH_ERROR")
    make_admin(app, STRANGER)
    assert client.post(path, json={"name": "x"}, headers=headers[STRANGER]).status_code == 201
    token_id = client.get(path, headers=headers[OWNER]).get_json()["data"][0]["id"]
    error(client.delete(f"{path}/{token_id}", headers=headers[ADMIN]), 403, "FORBIDDEN")
    error(client.post(path, json={}, headers=headers[OWNER]), 400, "VALIDATION_ERROR")


def test_at_most_five_live_tokens_and_a_revoked_one_is_401(app, client, auth):
    project, headers = people(app, auth)
    tokens = [new_token(client, headers[OWNER], project, f"t{i}") for i in range(5)]
    path = f"/api/projects/{project}/scim-tokens"
    error(client.post(path, json={"name": "sixth"}, headers=headers[OWNER]), 409, "CONFLICT")
    first = client.get(path, headers=headers[OWNER], query_string={"order": "asc"})
    token_id = first.get_json()["data"][0]["id"]
    assert client.delete(f"{path}/{token_id}", headers=headers[OWNER]).status_code == 204
    error(client.delete(f"{path}/{token_id}", headers=headers[OWNER]), 404, "NOT_FOUND")
    answer = scim(client, "GET", "/Users", {"Authorization": f"Bearer {tokens[0]}"})
    assert answer.status_code == 401 and answer.mimetype == MEDIA
    assert answer.get_json()["schemas"] == [ERROR] and answer.get_json()["status"] == "401"
    assert scim(client, "GET", "/Users",
                {"Authorization": f"Bearer {tokens[1]}"}).status_code == 200
    assert client.post(path, json={"name": "again"}, headers=headers[OWNER]).status_code == 201
    assert [entry[4]["scimTokenId"] for entry in
            audit_entries(app, "project.scim_token_revoke")] == [token_id]


def test_a_scim_token_is_no_bearer_elsewhere_and_no_session_reaches_scim(app, client, auth):
    project, headers = people(app, auth)
    token = {"Authorization": f"Bearer {new_token(client, headers[OWNER], project)}"}
    error(client.get("/api/projects", headers=token), 401, "AUTH_ERROR")
    assert client.get("/api/auth/session", headers=token).status_code == 401
    key = client.post("/api/auth/api-keys", json={"name": "k", "password": PASSWORD},
                      headers=headers[OWNER])
    assert key.status_code == 201, key.get_json()
    credentials = [headers[OWNER], {}, {"Authorization": "Bearer scim_" + "A" * 43},
                   {"Authorization": f"Bearer {key.get_json()['key']}"}]
    for credential in credentials:
        for path in ("/Users", "/Groups", "/ServiceProviderConfig", "/Schemas",
                     "/ResourceTypes"):
            answer = scim(client, "GET", path, credential)
            assert answer.status_code == 401, (path, credential)
            assert answer.get_json()["schemas"] == [ERROR]
            assert answer.headers["WWW-Authenticate"].startswith("Bearer")


def test_each_token_has_its_own_rate_counter(make_app, auth):
    app = make_app(RATELIMIT_AUTHENTICATED="3 per minute")
    client = app.test_client()
    owner = auth.__class__(client).headers(OWNER)
    project = make_project(app, OWNER)
    first, second = ({"Authorization": f"Bearer {new_token(client, owner, project, name)}"}
                     for name in ("a", "b"))
    statuses = [scim(client, "GET", "/ServiceProviderConfig", first).status_code
                for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    limited = scim(client, "GET", "/ServiceProviderConfig", first)
    assert limited.get_json()["schemas"] == [ERROR] and limited.get_json()["status"] == "429"
    assert scim(client, "GET", "/ServiceProviderConfig", second).status_code == 200
