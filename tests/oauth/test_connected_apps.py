"""A user's connected apps through HTTP (extensions.md E5.8): the grants listed (R1) and
revoked, every token of a revoked grant refused on the next request, the security log's
`oauth_grant` and `oauth_revoke`, the notice of a new grant through the SMTP sink, and what a
ban, a deletion and a password change do to the grants."""
import pytest
from sqlalchemy import func, select, text

from bench import cluster
from core.db import db
from sections.oauth.models import OAuthAuthorization, OAuthGrant, OAuthRefreshToken
from tests.conftest import PASSWORD
from tests.factories import make_admin, security_events, user_id
from tests.http import new_email, refused, sign_up_at
from tests.provider_flow import API, At, bearer, code_flow, new_app, settings, token

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
def connected(client, alice):
    """Alice's app connected to her account: (the app's answer, the token answer)."""
    registered = new_app(client, alice)
    tokens, _ = code_flow(client, alice, registered)
    return registered, tokens


def listed(client, headers, **query) -> dict:
    response = client.get("/api/auth/connected-apps", headers=headers, query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def session_status(client, access_token) -> int:
    return client.get("/api/auth/session", headers=bearer(access_token)).status_code


def refreshed(client, registered, refresh_token):
    return token(client, registered, grant_type="refresh_token", refresh_token=refresh_token)


def rows(app, model, **where) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(model).filter_by(
            **where)).scalar_one()


def test_the_list_shows_each_app_once_with_its_client_and_what_it_holds(
        client, alice, bob, connected, clock):
    registered, _ = connected
    body = listed(client, alice)
    assert body["meta"] == {"total": 1, "page": 1, "limit": 20, "pages": 1}
    (grant,) = body["data"]
    assert set(grant) == {"id", "client", "scopes", "resources", "createdAt", "lastUsedAt"}
    assert grant["client"] == {"clientId": registered["app"]["clientId"],
                               "name": "Calendar sync", "kind": "app", "host": "app.example"}
    assert grant["scopes"] == ["openid", "read", "offline_access"]
    assert grant["resources"] == [API]
    assert grant["lastUsedAt"] is not None  # the code's exchange used it

    clock.advance(minutes=5)
    code_flow(client, alice, registered, scope="read")  # the same client again: one grant
    again = listed(client, alice)
    assert [g["id"] for g in again["data"]] == [grant["id"]]
    assert again["data"][0]["lastUsedAt"] > grant["lastUsedAt"]
    assert listed(client, bob) == {"data": [], "meta": {"total": 0, "page": 1, "limit": 20,
                                                        "pages": 0}}


def test_the_list_pages_and_sorts_in_r1s_way(client, alice, clock):
    made = []
    for _ in range(3):
        clock.advance(minutes=1)
        registered = new_app(client, alice)
        code_flow(client, alice, registered)
        made.append(registered["app"]["clientId"])
    first = listed(client, alice, limit=2, sort="createdAt", order="asc")
    second = listed(client, alice, limit=2, page=2, sort="createdAt", order="asc")
    assert first["meta"]["total"] == 3 and first["meta"]["pages"] == 2
    assert [g["client"]["clientId"] for g in first["data"] + second["data"]] == made
    newest = listed(client, alice, sort="lastUsedAt")
    assert [g["client"]["clientId"] for g in newest["data"]] == made[::-1]
    refused(client.get("/api/auth/connected-apps?sort=name", headers=alice), 400,
            "VALIDATION_ERROR")


def test_a_revoked_grant_stops_every_token_at_once(app, client, alice, connected):
    registered, tokens = connected
    other, _ = code_flow(client, alice, registered)  # a second authorization of the grant
    assert session_status(client, tokens["access_token"]) == 200
    (grant,) = listed(client, alice)["data"]

    response = client.delete(f"/api/auth/connected-apps/{grant['id']}", headers=alice)
    assert response.status_code == 204 and response.get_data() == b""
    for answer in (tokens, other):
        assert session_status(client, answer["access_token"]) == 401
        refresh = refreshed(client, registered, answer["refresh_token"])
        assert refresh.status_code == 400 and refresh.get_json()["error"] == "invalid_grant"
    assert listed(client, alice)["data"] == []
    assert rows(app, OAuthGrant, id=grant["id"]) == 0
    assert rows(app, OAuthAuthorization, grant_id=grant["id"]) == 0
    assert rows(app, OAuthRefreshToken) == 0
    # the app itself stays: the user may connect it again
    assert client.get(f"/api/auth/oauth-apps/{registered['app']['id']}",
                      headers=alice).status_code == 200
    again, _ = code_flow(client, alice, registered)
    assert session_status(client, again["access_token"]) == 200
    refused(client.delete(f"/api/auth/connected-apps/{grant['id']}", headers=alice), 404,
            "NOT_FOUND")


def test_another_users_grant_or_an_unknown_one_is_not_found(client, alice, bob, connected):
    (grant,) = listed(client, alice)["data"]
    for grant_id in (grant["id"], "0" * 32, "x" * 65, "%00"):
        body = refused(client.delete(f"/api/auth/connected-apps/{grant_id}", headers=bob), 404,
                       "NOT_FOUND")
        assert "connected app" in body["message"]
    assert [g["id"] for g in listed(client, alice)["data"]] == [grant["id"]]


def test_only_the_users_own_sessions_reach_the_connected_apps(
        app, client, alice, auth, connected):
    _, tokens = connected
    assert client.get("/api/auth/connected-apps").status_code == 401
    refused(client.get("/api/auth/connected-apps", headers=bearer("nope")), 401,
            "INVALID_TOKEN")
    (grant,) = listed(client, alice)["data"]
    as_app = bearer(tokens["access_token"])
    refused(client.get("/api/auth/connected-apps", headers=as_app), 403, "INSUFFICIENT_SCOPE")
    refused(client.delete(f"/api/auth/connected-apps/{grant['id']}", headers=as_app), 403,
            "INSUFFICIENT_SCOPE")
    key = client.post("/api/auth/api-keys", headers=alice,
                      json={"name": "ci", "password": PASSWORD, "scopes": ["read", "write"]})
    assert key.status_code == 201, key.get_json()
    refused(client.get("/api/auth/connected-apps", headers=bearer(key.get_json()["key"])),
            403, "INSUFFICIENT_SCOPE")

    root = auth.headers(ROOT)
    make_admin(app, ROOT)
    started = client.post(f"/api/admin/users/{user_id(app, ALICE)}/impersonate", headers=root)
    assert started.status_code == 201, started.get_json()
    support = bearer(started.get_json()["data"]["session"]["token"])
    assert [g["id"] for g in listed(client, support)["data"]] == [grant["id"]]
    refused(client.delete(f"/api/auth/connected-apps/{grant['id']}", headers=support), 403,
            "IMPERSONATION_FORBIDDEN")
    assert session_status(client, tokens["access_token"]) == 200


def test_grants_and_revocations_are_in_the_security_log(app, client, alice, mail):
    registered = new_app(client, alice)
    client_id = registered["app"]["clientId"]
    code_flow(client, alice, registered, scope="openid read")
    code_flow(client, alice, registered, scope="read")  # nothing new: no event
    code_flow(client, alice, registered, scope="read write")  # wider: an event
    assert security_events(app, ALICE, "oauth_grant") == [
        {"clientId": client_id, "clientName": "Calendar sync", "scopes": ["openid", "read"]},
        {"clientId": client_id, "clientName": "Calendar sync",
         "scopes": ["openid", "read", "write"]}]
    (grant,) = listed(client, alice)["data"]
    assert client.delete(f"/api/auth/connected-apps/{grant['id']}",
                         headers=alice).status_code == 204
    events = client.get("/api/auth/security-events?type=oauth_revoke", headers=alice)
    assert events.status_code == 200, events.get_json()
    assert [e["details"] for e in events.get_json()["data"]] == [
        {"clientId": client_id, "clientName": "Calendar sync"}]


def test_a_new_grant_mails_a_notice_naming_the_client_its_host_and_the_scopes(
        client, alice, mail):
    registered = new_app(client, alice)
    mail.clear()
    code_flow(client, alice, registered, scope="openid read")
    (notice,) = mail.to(ALICE)
    assert notice["Subject"] == "An app was connected to your account"
    text = notice.get_body(("plain",)).get_content()
    assert "Calendar sync" in text and "app.example" in text and "openid, read" in text
    assert "Client address:" in text and "code=" not in text and "ort_" not in text
    code_flow(client, alice, registered, scope="read write")  # wider, not new: no notice
    assert len(mail.to(ALICE)) == 1


def test_a_ban_ends_the_grants_and_they_stay_ended_after_it(app, client, alice, auth,
                                                             connected):
    registered, tokens = connected
    root = auth.headers(ROOT)
    make_admin(app, ROOT)
    alice_id = user_id(app, ALICE)
    banned = client.post(f"/api/admin/users/{alice_id}/ban", headers=root,
                         json={"reason": "spam"})
    assert banned.status_code == 200, banned.get_json()
    assert session_status(client, tokens["access_token"]) == 401
    assert rows(app, OAuthGrant, user_id=alice_id) == 0
    assert client.post(f"/api/admin/users/{alice_id}/unban", headers=root).status_code == 200
    assert session_status(client, tokens["access_token"]) == 401
    refresh = refreshed(client, registered, tokens["refresh_token"])
    assert refresh.status_code == 400 and refresh.get_json()["error"] == "invalid_grant"


def test_a_deletion_ends_the_grants(app, client, alice, bob):
    registered = new_app(client, bob)  # an app of another account: it stays
    tokens, _ = code_flow(client, alice, registered)
    alice_id = user_id(app, ALICE)
    deleted = client.delete("/api/auth/user", headers=alice, json={"password": PASSWORD})
    assert deleted.status_code == 204, deleted.get_json()
    assert session_status(client, tokens["access_token"]) == 401
    assert rows(app, OAuthGrant, user_id=alice_id) == 0
    assert rows(app, OAuthAuthorization, user_id=alice_id) == 0
    refresh = refreshed(client, registered, tokens["refresh_token"])
    assert refresh.status_code == 400 and refresh.get_json()["error"] == "invalid_grant"


def test_a_password_change_leaves_the_grants(client, alice, bob, connected):
    registered = new_app(client, bob)  # an app of another account, connected by alice
    tokens, _ = code_flow(client, alice, registered)
    changed = client.post("/api/auth/change-password", headers=alice, json={
        "currentPassword": PASSWORD, "newPassword": "a fresh and long passphrase 9"})
    assert changed.status_code == 200, changed.get_json()
    assert session_status(client, tokens["access_token"]) == 200
    assert refreshed(client, registered, tokens["refresh_token"]).status_code == 200
    assert len(listed(client, alice)["data"]) == 2


# --- two processes (PostgreSQL): revoked at one, refused at the other on its next request ---


@pytest.mark.postgres
@pytest.mark.redis
def test_a_grant_revoked_at_one_process_stops_its_tokens_at_the_other(start_pair, database):
    a, b = (At(url) for url in start_pair(**settings()))
    email = new_email()
    made = sign_up_at(a.url, email)
    engine = cluster.engine(database)
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE users SET email_verified = true WHERE email = :e"),
                         {"e": email})
    finally:
        engine.dispose()
    user = bearer(made["session"]["token"])
    registered = new_app(a, user)
    kept, _ = code_flow(a, user, registered)  # another app's grant stays
    other = new_app(a, user)
    for _ in range(3):
        tokens, _ = code_flow(b, user, other)
        assert session_status(b, tokens["access_token"]) == 200
        grant = next(g for g in listed(a, user)["data"]
                     if g["client"]["clientId"] == other["app"]["clientId"])
        assert a.delete(f"/api/auth/connected-apps/{grant['id']}",
                        headers=user).status_code == 204
        assert session_status(b, tokens["access_token"]) == 401
        refresh = refreshed(b, other, tokens["refresh_token"])
        assert refresh.status_code == 400 and refresh.get_json()["error"] == "invalid_grant"
        assert session_status(b, kept["access_token"]) == 200
