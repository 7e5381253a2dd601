"""Every OAuth client for the platform's admins through HTTP (extensions.md E5.2): the list of
every kind with its filters, search, sorts and grant counts (one page query and one count),
and the change of a client's status (DISABLED stops its tokens at once) or mayIntrospect, each
an admin audit entry."""
import base64
import secrets

import pytest
from sqlalchemy import event

from core import clock as service_clock
from core.db import db
from sections.oauth.models import DYNAMIC, PUBLIC, OAuthClient
from tests.factories import audit_entries, make_admin, user_id
from tests.http import error
from tests.provider_flow import bearer, code_flow, new_app, settings, token

ALICE, BOB, ROOT = "alice@example.com", "bob@example.com", "root@example.com"


@pytest.fixture
def app(make_app):
    return make_app(**settings())


@pytest.fixture
def alice(auth):
    return auth.verified_headers(ALICE)


@pytest.fixture
def bob(auth):
    return auth.verified_headers(BOB)


@pytest.fixture
def root(app, auth):
    headers = auth.headers(ROOT)
    make_admin(app, ROOT)
    return headers


def clients(client, headers, **query):
    response = client.get("/api/admin/oauth-clients", headers=headers, query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def change(client, headers, row_id, **body):
    return client.patch(f"/api/admin/oauth-clients/{row_id}", headers=headers, json=body)


def registered_dynamic(app, name) -> str:
    """A dynamic client (RFC 7591's kind), written into the database as a starting point."""
    with app.app_context():
        row = OAuthClient(client_id="dyn_" + secrets.token_urlsafe(16), kind=DYNAMIC,
                          name=name, type=PUBLIC, redirect_uris=["https://agent.example/cb"],
                          created_at=service_clock.utcnow(),
                          updated_at=service_clock.utcnow())
        db.session.add(row)
        db.session.commit()
        return row.client_id


def test_admins_list_every_client_with_its_grants(app, client, alice, bob, root, clock):
    calendar = new_app(client, alice)
    clock.advance(minutes=1)
    notes = new_app(client, bob, name="Notes", kind="public")
    clock.advance(minutes=1)
    agent = registered_dynamic(app, "Desk agent")
    code_flow(client, alice, calendar)
    code_flow(client, bob, calendar)
    code_flow(client, alice, notes)

    body = clients(client, root, order="asc")
    assert body["meta"]["total"] == 3
    assert [(c["clientId"], c["kind"], c["grants"]) for c in body["data"]] == [
        (calendar["app"]["clientId"], "app", 2), (notes["app"]["clientId"], "app", 1),
        (agent, "dynamic", 0)]
    first = body["data"][0]
    assert set(first) == {"id", "clientId", "kind", "name", "status", "mayIntrospect",
                          "grants", "createdAt", "lastUsedAt"}
    assert first["name"] == "Calendar sync" and first["status"] == "ACTIVE"
    assert first["mayIntrospect"] is False and first["lastUsedAt"] is not None

    assert [c["name"] for c in clients(client, root, kind="dynamic")["data"]] == ["Desk agent"]
    assert [c["name"] for c in clients(client, root, q="NOT")["data"]] == ["Notes"]
    assert clients(client, root, status="DISABLED")["meta"]["total"] == 0
    used = clients(client, root, sort="lastUsedAt")["data"]
    assert used[-1]["name"] == "Desk agent"  # never used: last either way
    for bad in ({"kind": "APP"}, {"status": "gone"}, {"sort": "name"}):
        error(client.get("/api/admin/oauth-clients", headers=root, query_string=bad), 400,
              "VALIDATION_ERROR")


def test_the_list_is_one_page_query_and_one_count(app, client, alice, root):
    for _ in range(3):
        code_flow(client, alice, new_app(client, alice))
    statements = []

    def seen(conn, cursor, statement, *args):
        if "oauth_clients" in statement:
            statements.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", seen)
        try:
            assert clients(client, root)["meta"]["total"] == 3
        finally:
            event.remove(db.engine, "before_cursor_execute", seen)
    assert len(statements) == 2, statements


def test_only_platform_admins_reach_the_clients(client, alice):
    registered = new_app(client, alice)
    error(client.get("/api/admin/oauth-clients", headers=alice), 403, "FORBIDDEN")
    error(change(client, alice, registered["app"]["id"], status="DISABLED"), 403, "FORBIDDEN")
    assert client.get("/api/admin/oauth-clients").status_code == 401


def test_a_disabled_client_stops_its_tokens_at_once(app, client, alice, root):
    registered = new_app(client, alice)
    tokens, _ = code_flow(client, alice, registered)
    assert client.get("/api/auth/session",
                      headers=bearer(tokens["access_token"])).status_code == 200
    row_id = registered["app"]["id"]
    changed = change(client, root, row_id, status="DISABLED")
    assert changed.status_code == 200, changed.get_json()
    assert changed.get_json()["data"]["status"] == "DISABLED"
    assert changed.get_json()["data"]["grants"] == 1
    assert client.get("/api/auth/session",
                      headers=bearer(tokens["access_token"])).status_code == 401
    refresh = token(client, registered, grant_type="refresh_token",
                    refresh_token=tokens["refresh_token"])
    assert refresh.status_code == 401 and refresh.get_json()["error"] == "invalid_client"
    assert audit_entries(app, "oauth_client.update") == [
        (user_id(app, ROOT), "oauth_client.update", "oauth_client", row_id,
         {"clientId": registered["app"]["clientId"],
          "changes": {"status": {"from": "ACTIVE", "to": "DISABLED"}}})]

    assert change(client, root, row_id, status="ACTIVE").status_code == 200
    assert client.get("/api/auth/session",
                      headers=bearer(tokens["access_token"])).status_code == 200
    assert change(client, root, row_id, status="ACTIVE").status_code == 200  # no change
    assert len(audit_entries(app, "oauth_client.update")) == 2
    listed = client.get("/api/admin/audit-log?action=oauth_client.update", headers=root)
    assert listed.status_code == 200 and listed.get_json()["meta"]["total"] == 2


def introspect(client, registered, access_token):
    pair = f"{registered['app']['clientId']}:{registered['clientSecret']}".encode()
    return client.post("/api/oauth2/introspect", data={"token": access_token},
                       headers={"Authorization": "Basic " + base64.b64encode(pair).decode()})


def test_a_trusted_resource_server_introspects_every_token(client, alice, bob, root):
    theirs = new_app(client, alice)
    tokens, _ = code_flow(client, alice, theirs)
    server = new_app(client, bob, name="Resource server")
    assert introspect(client, server, tokens["access_token"]).get_json() == {"active": False}
    changed = change(client, root, server["app"]["id"], mayIntrospect=True)
    assert changed.status_code == 200 and changed.get_json()["data"]["mayIntrospect"] is True
    seen = introspect(client, server, tokens["access_token"]).get_json()
    assert seen["active"] is True and seen["username"] == ALICE

    public = new_app(client, bob, kind="public")
    error(change(client, root, public["app"]["id"], mayIntrospect=True), 400,
          "VALIDATION_ERROR")
    for body in ({"status": "GONE"}, {"mayIntrospect": "yes"}):
        error(change(client, root, server["app"]["id"], **body), 400, "VALIDATION_ERROR")


def test_an_unknown_client_is_not_found(client, root):
    for row_id in ("0" * 32, "x" * 65):
        error(change(client, root, row_id, status="DISABLED"), 404, "NOT_FOUND")
