"""Impersonation (extensions.md E2.3) through HTTP: the session an admin opens, its lifetime
(never extended), how it is marked, the audit trail written through it, the security changes
it may not make, and every way it ends."""
from datetime import datetime

import pytest

from tests.conftest import PASSWORD
from tests.factories import audit_entries, security_events
from tests.http import bearer, error, refused

ADMIN, USER, OTHER_ADMIN = "root@example.com", "alice@example.com", "chief@example.com"


@pytest.fixture
def people(app, auth):
    from tests.factories import make_admin, user_id

    headers = {email: auth.headers(email) for email in (ADMIN, USER, OTHER_ADMIN)}
    make_admin(app, ADMIN)
    make_admin(app, OTHER_ADMIN)
    return headers, {email: user_id(app, email) for email in headers}


def impersonate(client, headers, target):
    return client.post(f"/api/admin/users/{target}/impersonate", headers=headers)


def start(client, people):
    headers, ids = people
    response = impersonate(client, headers[ADMIN], ids[USER])
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def test_an_admin_opens_a_marked_session_on_the_record(app, client, people, clock):
    headers, ids = people
    sign_ins = len(security_events(app, USER, "sign_in"))
    data = start(client, people)
    assert set(data) == {"session", "user"} and set(data["session"]) == {"id", "token",
                                                                         "expiresAt"}
    assert data["user"]["id"] == ids[USER] and data["user"]["email"] == USER
    expires = datetime.fromisoformat(data["session"]["expiresAt"])
    assert (expires - clock.now).total_seconds() == 3600
    read = client.get("/api/auth/session", headers=bearer(data["session"]["token"])).get_json()
    assert read["user"]["id"] == ids[USER] and read["apiKey"] is None
    assert read["session"]["impersonatedBy"] == {"id": ids[ADMIN], "name": None, "image": None,
                                                 "email": ADMIN}
    own = client.get("/api/auth/session", headers=headers[USER]).get_json()
    assert own["session"]["impersonatedBy"] is None
    listed = client.get("/api/auth/sessions", headers=headers[USER]).get_json()["sessions"]
    marked = {s["id"]: s["impersonatedBy"] for s in listed}
    assert marked[data["session"]["id"]]["id"] == ids[ADMIN]
    assert [v for k, v in marked.items() if k != data["session"]["id"]] == [None]
    entries = audit_entries(app, "user.impersonate")
    assert [(e[0], e[2], e[3]) for e in entries] == [(ids[ADMIN], "user", ids[USER])]
    assert entries[0][4] == {"sessionId": data["session"]["id"],
                             "expiresAt": data["session"]["expiresAt"]}  # the API's format
    assert security_events(app, USER, "impersonation_start") == [{"admin": ids[ADMIN]}]
    assert len(security_events(app, USER, "sign_in")) == sign_ins  # an impersonation is no sign-in


def test_checked_in_order_oneself_another_admin_a_banned_user(app, client, people):
    headers, ids = people
    error(impersonate(client, headers[ADMIN], ids[ADMIN]), 409, "CONFLICT")
    error(impersonate(client, headers[ADMIN], ids[OTHER_ADMIN]), 403, "FORBIDDEN")
    error(impersonate(client, headers[USER], ids[USER]), 403, "FORBIDDEN")
    error(impersonate(client, headers[ADMIN], "0" * 32), 404, "NOT_FOUND")
    error(impersonate(client, {}, ids[USER]), 401, "AUTH_ERROR")
    assert client.post(f"/api/admin/users/{ids[USER]}/ban", headers=headers[ADMIN],
                       json={}).status_code == 200
    error(impersonate(client, headers[ADMIN], ids[USER]), 409, "CONFLICT")
    assert audit_entries(app, "user.impersonate") == []


def test_it_is_never_extended(make_app, smtp_sink, clock):
    app = make_app(IMPERSONATION_LIFETIME=3 * 24 * 3600)
    client = app.test_client()
    from tests.conftest import AuthActions
    from tests.factories import make_admin, user_id

    auth = AuthActions(client, smtp_sink[0])
    admin = auth.headers(ADMIN)
    auth.sign_up(USER)
    make_admin(app, ADMIN)
    data = impersonate(client, admin, user_id(app, USER)).get_json()["data"]
    token = data["session"]["token"]
    clock.advance(days=2)  # a plain session would be renewed by this read
    read = client.get("/api/auth/session", headers=bearer(token)).get_json()
    assert read["session"]["expiresAt"] == data["session"]["expiresAt"]
    clock.advance(days=1)
    refused(client.get("/api/auth/session", headers=bearer(token)), 401, "INVALID_TOKEN")


def test_audit_entries_through_it_name_the_admin(app, client, people):
    headers, ids = people
    token = bearer(start(client, people)["session"]["token"])
    project = client.post("/api/projects", headers=token, json={"name": "Seen"})
    project_id = project.get_json()["data"]["id"]
    assert client.delete(f"/api/projects/{project_id}", headers=token).status_code == 204
    assert client.delete(f"/api/projects/{project_id}", headers=headers[USER]).status_code == 404
    entries = audit_entries(app, "project.delete")
    assert [(e[0], e[4]["impersonatedBy"]) for e in entries] == [(ids[USER], ids[ADMIN])]


FORBIDDEN = [
    ("POST", "/api/auth/change-password", {"currentPassword": PASSWORD, "newPassword": 5}),
    ("POST", "/api/auth/change-email", {"newEmail": "x", "password": PASSWORD}),
    ("POST", "/api/auth/two-factor/enable", None),
    ("POST", "/api/auth/two-factor/verify", {"code": 5}),
    ("POST", "/api/auth/two-factor/disable", {"code": 5}),
    ("POST", "/api/auth/passkey/register", {}),
    ("DELETE", "/api/auth/passkeys/" + "0" * 32, None),
    ("POST", "/api/auth/api-keys", {"name": ""}),
    ("DELETE", "/api/auth/api-keys/" + "0" * 32, None),
    ("POST", "/api/auth/revoke-other-sessions", None),
    ("DELETE", "/api/auth/sessions/" + "0" * 32, None),
    ("DELETE", "/api/auth/user", {"password": PASSWORD}),
]
TEMPLATES = {"passkeys": "{passkey_id}", "api-keys": "{key_id}", "sessions": "{session_id}"}


@pytest.mark.parametrize("method,path,body", FORBIDDEN)
def test_security_changes_are_refused_through_it(app, client, people, method, path, body):
    token = bearer(start(client, people)["session"]["token"])
    response = client.open(path, method=method, headers=token, json=body)
    refused(response, 403, "IMPERSONATION_FORBIDDEN")
    assert client.get("/api/auth/session", headers=token).status_code == 200
    headers, _ = people
    assert client.get("/api/auth/session", headers=headers[USER]).status_code == 200


def test_the_users_other_sessions_are_not_revoked_one_by_one_through_it(client, people):
    headers, _ = people
    token = bearer(start(client, people)["session"]["token"])
    listed = client.get("/api/auth/sessions", headers=token).get_json()["sessions"]
    others = [s["id"] for s in listed if not s["current"]]
    assert others
    for session_id in others:
        response = client.delete(f"/api/auth/sessions/{session_id}", headers=token)
        refused(response, 403, "IMPERSONATION_FORBIDDEN")
    assert client.get("/api/auth/session", headers=headers[USER]).status_code == 200
    assert len(client.get("/api/auth/sessions", headers=token).get_json()["sessions"]) == \
        len(listed)


def test_the_openapi_document_names_the_refusal_on_each_of_them(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for method, path, _ in FORBIDDEN:
        template = path.replace("0" * 32, TEMPLATES.get(path.split("/")[3], ""))
        forbidden = paths[template][method.lower()]["responses"]["403"]["description"]
        assert "IMPERSONATION_FORBIDDEN" in forbidden, (method, path)


def sessions_of_user(client, people):
    """The ids of the user's live sessions, as another admin's list shows them."""
    headers, ids = people
    listed = client.get(f"/api/admin/users/{ids[USER]}/sessions", headers=headers[OTHER_ADMIN])
    assert listed.status_code == 200, listed.get_json()
    return {session["id"] for session in listed.get_json()["data"]}


def end(client, people, ending, session):
    """End the impersonation `session` one of E2.3's ways; the answer."""
    headers, ids = people
    token = bearer(session["token"])
    admin, chief = headers[ADMIN], headers[OTHER_ADMIN]
    return {
        "sign-out": lambda: client.post("/api/auth/sign-out", headers=token),
        "revoke": lambda: client.delete(f"/api/admin/users/{ids[USER]}/sessions", headers=admin),
        "ban": lambda: client.post(f"/api/admin/users/{ids[USER]}/ban", headers=admin, json={}),
        "demote": lambda: client.patch(f"/api/admin/users/{ids[ADMIN]}", headers=chief,
                                       json={"role": "user"}),
        "ban-admin": lambda: client.post(f"/api/admin/users/{ids[ADMIN]}/ban", headers=chief,
                                         json={}),
        "delete-admin": lambda: client.delete(f"/api/admin/users/{ids[ADMIN]}", headers=chief),
        "the-user": lambda: client.delete(f"/api/auth/sessions/{session['id']}",
                                          headers=headers[USER]),
        "promote": lambda: client.patch(f"/api/admin/users/{ids[USER]}", headers=chief,
                                        json={"role": "admin"}),
    }[ending]()


ENDINGS = ["sign-out", "revoke", "ban", "demote", "ban-admin", "delete-admin", "the-user",
           "promote"]


@pytest.mark.parametrize("ending", ENDINGS)
def test_every_way_it_ends(app, client, people, ending):
    headers, _ = people
    session = start(client, people)["session"]
    token = bearer(session["token"])
    assert client.get("/api/projects", headers=token).status_code == 200
    done = end(client, people, ending, session)
    assert done.status_code in (200, 204), done.get_json()
    refused(client.get("/api/auth/session", headers=token), 401, "INVALID_TOKEN")
    error(client.get("/api/projects", headers=token), 401, "AUTH_ERROR")
    assert session["id"] not in sessions_of_user(client, people)  # gone from the lists too
    if ending not in ("ban", "revoke"):  # the user's own stays; its list no longer shows it
        own = client.get("/api/auth/sessions", headers=headers[USER])
        assert own.status_code == 200, own.get_json()
        assert [s["impersonatedBy"] for s in own.get_json()["sessions"]] == [None]


# What undoes the cause of an ending: it revives nothing (E2.3: an ended session stays ended).
UNDO = {
    "demote": lambda client, ids, chief: client.patch(
        f"/api/admin/users/{ids[ADMIN]}", headers=chief, json={"role": "admin"}),
    "ban-admin": lambda client, ids, chief: client.post(
        f"/api/admin/users/{ids[ADMIN]}/unban", headers=chief),
    "ban": lambda client, ids, chief: client.post(
        f"/api/admin/users/{ids[USER]}/unban", headers=chief),
    "promote": lambda client, ids, chief: client.patch(
        f"/api/admin/users/{ids[USER]}", headers=chief, json={"role": "user"}),
}


@pytest.mark.parametrize("ending", list(UNDO))
def test_an_ended_session_stays_ended_when_its_cause_is_undone(make_app, client, people,
                                                               ending):
    headers, ids = people
    session = start(client, people)["session"]
    token = bearer(session["token"])
    assert end(client, people, ending, session).status_code == 200
    undone = UNDO[ending](client, ids, headers[OTHER_ADMIN])
    assert undone.status_code == 200, undone.get_json()
    # The hot read (perf/prepared.py) and SQLAlchemy's own (PERF_OFF) answer alike.
    for reader in (client, make_app(PERF_OFF=["held_sqlite"]).test_client()):
        refused(reader.get("/api/auth/session", headers=token), 401, "INVALID_TOKEN")
        error(reader.get("/api/admin/users", headers=token), 401, "AUTH_ERROR")
    assert session["id"] not in sessions_of_user(client, people)


def test_a_promoted_target_gives_it_no_admin_power(app, client, people):
    headers, ids = people
    token = bearer(start(client, people)["session"]["token"])
    error(client.get("/api/admin/users", headers=token), 403, "FORBIDDEN")
    promoted = client.patch(f"/api/admin/users/{ids[USER]}", headers=headers[OTHER_ADMIN],
                            json={"role": "admin"})
    assert promoted.status_code == 200, promoted.get_json()
    error(client.get("/api/admin/users", headers=token), 401, "AUTH_ERROR")
    error(impersonate(client, token, ids[ADMIN]), 401, "AUTH_ERROR")


def test_set_role_ends_them_as_the_admins_role_change_does(app, client, people):
    """The operator's `flask set-role` (R2): the target made an admin, or the admin made a
    user, ends the session for good."""
    headers, _ = people
    runner = app.test_cli_runner()
    for email, role, back in ((USER, "admin", "user"), (ADMIN, "user", "admin")):
        token = bearer(start(client, people)["session"]["token"])
        assert runner.invoke(args=["set-role", email, role]).exit_code == 0
        refused(client.get("/api/auth/session", headers=token), 401, "INVALID_TOKEN")
        assert runner.invoke(args=["set-role", email, back]).exit_code == 0
        refused(client.get("/api/auth/session", headers=token), 401, "INVALID_TOKEN")
    own = client.get("/api/auth/sessions", headers=headers[USER]).get_json()["sessions"]
    assert sessions_of_user(client, people) == {s["id"] for s in own} and len(own) == 1
