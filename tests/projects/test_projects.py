"""Projects and members (resources.md R3) through HTTP: every row of the table, R1's order of
checks (401, 404, 403, 400, 409), the one-owner rule under concurrency, the deletion cascade
and the audit log."""
import json

import pytest
import requests
from sqlalchemy import func, select

from core.db import db
from core.fields import utc_iso
from sections.audit.models import AuditEntry
from sections.projects.models import Invitation, Membership, Project
from tests.factories import audit_entries, make_admin, make_project, members_of, user_id
from tests.http import error
from tests.parallel import run_at_once

OWNER, MEMBER, OUTSIDER, ADMIN = ("owner@example.com", "member@example.com",
                                  "outsider@example.com", "admin@example.com")


@pytest.fixture
def world(app, auth):
    """A project with an owner and a member, an outsider and a platform admin (not a member)."""
    headers = {email: auth.headers(email) for email in (OWNER, MEMBER, OUTSIDER, ADMIN)}
    make_admin(app, ADMIN)
    project = make_project(app, OWNER, members=[MEMBER], name="Apollo")
    ids = {email: user_id(app, email) for email in headers}
    return project, headers, ids


# --- every project path: 401 without a bearer, 404 for a non-member, 403 for a member ---

PROJECT_PATHS = [
    ("GET", "/api/projects/{p}", None),
    ("PATCH", "/api/projects/{p}", {"name": "New"}),
    ("DELETE", "/api/projects/{p}", None),
    ("GET", "/api/projects/{p}/members", None),
    ("DELETE", "/api/projects/{p}/members/{owner}", None),
    ("POST", "/api/projects/{p}/transfer", {"userId": "{member}"}),
    ("POST", "/api/projects/{p}/invitations", {"email": "new@example.com"}),
    ("GET", "/api/projects/{p}/invitations", None),
    ("DELETE", "/api/projects/{p}/invitations/x", None),
]
OWNER_ACTIONS = [p for p in PROJECT_PATHS if p[0] != "GET" or p[1].endswith("invitations")]
OWNER_ACTIONS = [p for p in OWNER_ACTIONS if p[1] != "/api/projects/{p}/members/{owner}"]


def call(client, method, path, body, world, headers=None):
    project, _, ids = world
    fill = {"p": project, "owner": ids[OWNER], "member": ids[MEMBER]}
    if body:
        body = {k: v.format(**fill) for k, v in body.items()}
    return client.open(path.format(**fill), method=method, json=body, headers=headers)


@pytest.mark.parametrize("method,path,body", PROJECT_PATHS + [
    ("GET", "/api/projects", None), ("POST", "/api/projects", {"name": "x"}),
    ("GET", "/api/invitations", None), ("POST", "/api/invitations/accept", {"token": "t"}),
    ("POST", "/api/invitations/decline", {"token": "t"})])
def test_every_path_needs_a_bearer_even_with_an_invalid_body(client, world, method, path, body):
    response = call(client, method, path, {"bad": "x"} if body else None, world)
    body = error(response, 401, "AUTH_ERROR")
    assert body["error"] == "Unauthorized"
    bad = call(client, method, path, None, world, {"Authorization": "Bearer nope"})
    error(bad, 401, "AUTH_ERROR")


@pytest.mark.parametrize("method,path,body", PROJECT_PATHS)
def test_a_non_member_gets_404_on_every_project_path(client, world, method, path, body):
    _, headers, _ = world
    body = error(call(client, method, path, body, world, headers[OUTSIDER]), 404, "NOT_FOUND")
    assert body["error"] == "Not Found"
    # An unknown id is the same answer, and a body error does not come first either.
    unknown = client.open(path.format(p="0" * 32, owner="x", member="y"), method=method,
                          json={"name": 5, "email": 5, "userId": 5} if body else None,
                          headers=headers[OWNER])
    error(unknown, 404, "NOT_FOUND")


@pytest.mark.parametrize("method,path,body", OWNER_ACTIONS)
def test_a_member_gets_403_on_every_owner_action_even_with_a_bad_body(client, world, method,
                                                                      path, body):
    _, headers, _ = world
    error(call(client, method, path, body, world, headers[MEMBER]), 403, "FORBIDDEN")
    if body:  # R1: a member's body error on an owner action is 403 first
        bad = client.open(path.format(p=world[0]), method=method,
                          json={k: 12345 for k in body}, headers=headers[MEMBER])
        error(bad, 403, "FORBIDDEN")


def test_an_unknown_url_under_projects_answers_the_general_envelope(client, world):
    _, headers, _ = world
    response = client.get("/api/projects/x/y/z", headers=headers[OWNER])
    assert response.status_code == 404
    assert response.get_json()["code"] == "NOT_FOUND"
    assert response.get_json()["error"] == "Not Found"
    wrong_method = client.put("/api/projects", headers=headers[OWNER], json={})
    assert wrong_method.status_code == 405 and wrong_method.get_json()["code"]


# --- the rows of R3's table ---

def test_create_makes_the_caller_owner_and_only_member(app, client, auth, clock):
    headers = auth.headers(OWNER)
    response = client.post("/api/projects", headers=headers,
                           json={"name": "  Apollo  ", "description": "  ", "id": "x",
                                 "ownerId": "y", "role": "member", "memberCount": 7})
    assert response.status_code == 201
    data = response.get_json()["data"]
    owner = user_id(app, OWNER)
    stamp = utc_iso(clock.now)
    assert data == {"id": data["id"], "name": "Apollo", "description": None, "ownerId": owner,
                    "owner": {"id": owner, "email": OWNER, "name": None, "image": None},
                    "role": "owner", "memberCount": 1, "ssoRequired": False,
                    "scimAdminGroups": [], "oauthClients": None,
                    "createdAt": stamp, "updatedAt": stamp}
    assert data["id"] != "x"
    assert members_of(app, data["id"]) == {owner: "owner"}


def test_get_answers_members_and_admins(client, world):
    project, headers, ids = world
    for email, role in ((OWNER, "owner"), (MEMBER, "member"), (ADMIN, None)):
        response = client.get(f"/api/projects/{project}", headers=headers[email])
        assert response.status_code == 200
        data = response.get_json()["data"]
        assert (data["role"], data["memberCount"], data["ownerId"]) == (role, 2, ids[OWNER])
        assert data["owner"]["email"] == OWNER


def test_the_read_equals_the_schemas_dump(app, client, world):
    from sections.projects import service as projects
    from sections.projects.schemas import ProjectSchema

    project, headers, _ = world
    for email in (OWNER, MEMBER, ADMIN):
        answer = client.get(f"/api/projects/{project}", headers=headers[email]).get_json()
        with app.test_request_context(headers=headers[email]):
            from core import policy as policies
            who = policies.caller()
            row = projects.answer(projects.find(project, who), who)
            assert ProjectSchema().dump(row) == answer["data"]


def test_patch_changes_given_fields_and_null_clears_the_description(client, world, clock):
    project, headers, _ = world
    url = f"/api/projects/{project}"
    first = client.patch(url, headers=headers[OWNER], json={"description": " Moon "})
    assert first.status_code == 200
    assert first.get_json()["data"]["description"] == "Moon"
    assert first.get_json()["data"]["name"] == "Apollo"
    clock.advance(minutes=5)
    cleared = client.patch(url, headers=headers[OWNER],
                           json={"description": None, "ownerId": "x", "unknown": 1}).get_json()
    assert cleared["data"]["description"] is None
    assert cleared["data"]["updatedAt"] > first.get_json()["data"]["updatedAt"]
    clock.advance(minutes=5)
    same = client.patch(url, headers=headers[OWNER], json={"name": "Apollo"}).get_json()
    assert same["data"]["updatedAt"] == cleared["data"]["updatedAt"]  # nothing changed
    admin = client.patch(url, headers=headers[ADMIN], json={"name": "By admin"})
    assert admin.status_code == 200 and admin.get_json()["data"]["role"] is None


def test_a_patch_answers_what_a_read_shows_after_it(client, world, clock):
    """The answer to a change, by the owner or a platform admin, of a field or a setting is
    the project as it now is, its owner and member count included."""
    project, headers, _ = world
    url = f"/api/projects/{project}"
    for who, body in ((OWNER, {"name": "Gemini", "description": "Two"}),
                      (ADMIN, {"description": None}), (OWNER, {"scimAdminGroups": ["Ops"]}),
                      (OWNER, {"name": "Mercury", "scimAdminGroups": []})):
        clock.advance(minutes=1)
        changed = client.patch(url, headers=headers[who], json=body)
        assert changed.status_code == 200, changed.get_json()
        assert changed.get_json() == client.get(url, headers=headers[who]).get_json()
        assert changed.get_json()["data"]["memberCount"] == 2
        assert changed.get_json()["data"]["owner"]["id"] is not None


def test_delete_cascades_to_members_and_invitations_and_is_audited(app, client, world):
    project, headers, ids = world
    invited = client.post(f"/api/projects/{project}/invitations", headers=headers[OWNER],
                          json={"email": "new@example.com"})
    assert invited.status_code == 201
    response = client.delete(f"/api/projects/{project}", headers=headers[OWNER])
    assert response.status_code == 204 and response.data == b""
    with app.app_context():
        for model in (Project, Membership, Invitation):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0
    assert audit_entries(app) == [(ids[OWNER], "project.delete", "project", project,
                                   {"name": "Apollo", "ownerId": ids[OWNER]})]
    error(client.get(f"/api/projects/{project}", headers=headers[OWNER]), 404, "NOT_FOUND")


def test_members_list_with_filter_and_sorts(client, world, app, auth):
    project, headers, ids = world
    url = f"/api/projects/{project}/members"
    body = client.get(url, headers=headers[MEMBER]).get_json()
    assert body["meta"] == {"total": 2, "page": 1, "limit": 20, "pages": 1}
    assert {m["user"]["email"]: m["role"] for m in body["data"]} == {OWNER: "owner",
                                                                     MEMBER: "member"}
    first = body["data"][0]
    assert set(first) == {"user", "role", "joinedAt"}
    assert set(first["user"]) == {"id", "email", "name", "image"}
    owners = client.get(url + "?role=OWNER", headers=headers[MEMBER]).get_json()
    assert [m["user"]["id"] for m in owners["data"]] == [ids[OWNER]]
    by_email = client.get(url + "?sort=email&order=asc", headers=headers[MEMBER]).get_json()
    assert [m["user"]["email"] for m in by_email["data"]] == [MEMBER, OWNER]
    for bad in ("role=owner", "sort=name", "order=up"):
        body = error(client.get(f"{url}?{bad}", headers=headers[MEMBER]), 400,
                     "VALIDATION_ERROR")
        assert bad.split("=")[0] in body["details"]


def test_a_member_leaves_and_the_removal_is_audited(app, client, world):
    project, headers, ids = world
    response = client.delete(f"/api/projects/{project}/members/{ids[MEMBER]}",
                             headers=headers[MEMBER])
    assert response.status_code == 204 and response.data == b""
    assert members_of(app, project) == {ids[OWNER]: "owner"}
    assert audit_entries(app) == [(ids[MEMBER], "project.member_remove", "project", project,
                                   {"userId": ids[MEMBER], "email": MEMBER, "left": True})]
    error(client.get(f"/api/projects/{project}", headers=headers[MEMBER]), 404, "NOT_FOUND")


def test_the_owner_removes_a_member(app, client, world):
    project, headers, ids = world
    url = f"/api/projects/{project}/members/{ids[MEMBER]}"
    assert client.delete(url, headers=headers[OWNER]).status_code == 204
    assert audit_entries(app, "project.member_remove")[0][4]["left"] is False
    error(client.delete(url, headers=headers[OWNER]), 404, "NOT_FOUND")  # no longer a member


def test_the_owner_cannot_leave_and_others_cannot_remove_anyone_else(app, client, world, auth):
    project, headers, ids = world
    owner_url = f"/api/projects/{project}/members/{ids[OWNER]}"
    error(client.delete(owner_url, headers=headers[OWNER]), 409, "CONFLICT")
    error(client.delete(owner_url, headers=headers[MEMBER]), 403, "FORBIDDEN")
    error(client.delete(owner_url, headers=headers[ADMIN]), 409, "CONFLICT")
    error(client.delete(f"/api/projects/{project}/members/{ids[OUTSIDER]}",
                        headers=headers[OWNER]), 404, "NOT_FOUND")
    assert members_of(app, project) == {ids[OWNER]: "owner", ids[MEMBER]: "member"}
    assert audit_entries(app) == []


def test_transfer_swaps_the_roles_and_is_audited(app, client, world):
    project, headers, ids = world
    response = client.post(f"/api/projects/{project}/transfer", headers=headers[OWNER],
                           json={"userId": ids[MEMBER]})
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert (data["ownerId"], data["role"], data["owner"]["email"]) == (ids[MEMBER], "admin",
                                                                      MEMBER)
    # extensions.md E2.1: the old owner becomes an admin (R3 said a member).
    assert members_of(app, project) == {ids[OWNER]: "admin", ids[MEMBER]: "owner"}
    assert audit_entries(app) == [(ids[OWNER], "project.transfer", "project", project,
                                   {"fromUserId": ids[OWNER], "toUserId": ids[MEMBER]})]
    # The old owner is an admin now: the owner's own actions are 403, leaving works.
    error(client.delete(f"/api/projects/{project}", headers=headers[OWNER]), 403, "FORBIDDEN")
    assert client.delete(f"/api/projects/{project}/members/{ids[OWNER]}",
                         headers=headers[OWNER]).status_code == 204


@pytest.mark.parametrize("target", ["outsider", "unknown", "owner", "empty", "number", "null"])
def test_transfer_to_a_non_member_is_400_naming_user_id(app, client, world, target):
    project, headers, ids = world
    user = {"outsider": ids[OUTSIDER], "unknown": "0" * 32, "owner": ids[OWNER], "empty": "",
            "number": 12, "null": None}[target]
    body = error(client.post(f"/api/projects/{project}/transfer", headers=headers[OWNER],
                             json={"userId": user}), 400, "VALIDATION_ERROR")
    assert list(body["details"]) == ["userId"]
    assert members_of(app, project) == {ids[OWNER]: "owner", ids[MEMBER]: "member"}
    assert audit_entries(app) == []


def test_an_admin_transfers_a_project_it_is_not_a_member_of(app, client, world):
    project, headers, ids = world
    response = client.post(f"/api/projects/{project}/transfer", headers=headers[ADMIN],
                           json={"userId": ids[MEMBER]})
    assert response.status_code == 200 and response.get_json()["data"]["role"] is None
    assert members_of(app, project) == {ids[OWNER]: "admin", ids[MEMBER]: "owner"}
    assert audit_entries(app)[0][0] == ids[ADMIN]


def test_no_endpoint_writes_the_audit_log_directly(app):
    routes = [rule.rule for rule in app.url_map.iter_rules()]
    assert not [r for r in routes if "audit" in r and not r.startswith("/api/admin/")
                and not r.endswith(("/audit-log", "/audit-log/export", "/audit-log/head"))]
    assert all(m <= {"GET", "HEAD", "OPTIONS"} for rule in app.url_map.iter_rules()
               if "audit" in rule.rule for m in [rule.methods])


# --- concurrency: exactly one owner ---

def test_concurrent_transfers_and_removals_leave_exactly_one_owner(app, auth, live_server):
    emails = [f"m{i}@example.com" for i in range(6)]
    owner = auth.headers(OWNER)
    for email in emails:
        auth.sign_up(email)
    project = make_project(app, OWNER, members=emails)
    ids = [user_id(app, e) for e in emails]

    def act(i):
        if i % 2:  # transfer to one member while others are removed
            return requests.post(f"{live_server}/api/projects/{project}/transfer",
                                 json={"userId": ids[i]}, headers=owner, timeout=30).status_code
        return requests.delete(f"{live_server}/api/projects/{project}/members/{ids[i + 1]}",
                               headers=owner, timeout=30).status_code

    codes = run_at_once(6, act)
    assert all(code in (200, 204, 400, 403, 409) for code in codes), codes
    roles = list(members_of(app, project).values())
    assert roles.count("owner") == 1
    with app.app_context():
        transfers = db.session.scalar(select(func.count()).select_from(AuditEntry).where(
            AuditEntry.action == "project.transfer"))
    assert transfers == codes.count(200)


# --- bad input on every field: 400, nothing half-written ---

BAD_NAMES = ["", "   ", None, 5, 10**30, 1.5, True, ["x"], {"x": 1}, "x" * 101, "a\x00b",
             "a\ud800b", "\udfff"]
BAD_DESCRIPTIONS = [5, 10**30, True, ["x"], {"x": 1}, "x" * 2001, "a\x00b", "a\ud800b"]
NOT_OBJECTS = [[], ["name"], "name", 5, None, True]


def count_rows(app):
    with app.app_context():
        return [db.session.scalar(select(func.count()).select_from(m))
                for m in (Project, Membership, AuditEntry)]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_create_refuses_a_bad_name(app, client, auth, name):
    headers = auth.headers(OWNER)
    body = error(client.post("/api/projects", headers=headers, json={"name": name,
                                                                     "description": "ok"}),
                 400, "VALIDATION_ERROR")
    assert list(body["details"]) == ["name"]
    assert count_rows(app) == [0, 0, 0]


@pytest.mark.parametrize("description", BAD_DESCRIPTIONS)
def test_create_refuses_a_bad_description(app, client, auth, description):
    headers = auth.headers(OWNER)
    body = error(client.post("/api/projects", headers=headers,
                             json={"name": "ok", "description": description}),
                 400, "VALIDATION_ERROR")
    assert list(body["details"]) == ["description"]
    assert count_rows(app) == [0, 0, 0]


@pytest.mark.parametrize("body", NOT_OBJECTS)
def test_a_body_that_is_not_an_object_is_400(app, client, auth, world, body):
    project, headers, ids = world
    for method, url in (("POST", "/api/projects"), ("PATCH", f"/api/projects/{project}"),
                        ("POST", f"/api/projects/{project}/transfer"),
                        ("POST", f"/api/projects/{project}/invitations"),
                        ("POST", "/api/invitations/accept")):
        response = client.open(url, method=method, data=json.dumps(body),
                               headers={**headers[OWNER], "Content-Type": "application/json"})
        error(response, 400, "VALIDATION_ERROR")
    assert client.post("/api/projects", data="{not json", headers={
        **headers[OWNER], "Content-Type": "application/json"}).status_code == 400
    assert count_rows(app) == [1, 2, 0]


def test_missing_name_and_the_limits_themselves(client, auth):
    headers = auth.headers(OWNER)
    body = error(client.post("/api/projects", headers=headers, json={}), 400,
                 "VALIDATION_ERROR")
    assert list(body["details"]) == ["name"]
    exact = client.post("/api/projects", headers=headers,
                        json={"name": " " + "é" * 100 + " ", "description": "d" * 2000})
    assert exact.status_code == 201
    assert exact.get_json()["data"]["name"] == "é" * 100
    emoji = client.post("/api/projects", headers=headers, json={"name": "🚀" * 100})
    assert emoji.status_code == 201  # code points, not UTF-16 units or bytes


@pytest.mark.parametrize("patch", [{"name": None}, {"name": ""}, {"name": "x" * 101},
                                   {"description": "x" * 2001}, {"name": 5},
                                   {"name": "ok", "description": "a\x00"},
                                   {"name": "Changed", "description": ["x"]}])
def test_patch_applies_all_or_nothing(client, world, patch):
    project, headers, _ = world
    url = f"/api/projects/{project}"
    before = client.get(url, headers=headers[OWNER]).get_json()
    body = error(client.patch(url, headers=headers[OWNER], json=patch), 400, "VALIDATION_ERROR")
    assert set(body["details"]) <= {"name", "description"} and body["details"]
    assert client.get(url, headers=headers[OWNER]).get_json() == before


def test_a_huge_or_odd_project_id_in_the_path_is_404(client, world):
    _, headers, _ = world
    for odd in ("9" * 400, "%00", "..", "' OR 1=1 --", "%F0%9F%9A%80"):
        error(client.get(f"/api/projects/{odd}", headers=headers[OWNER]), 404, "NOT_FOUND")
        for method, path in (("DELETE", "members/{}"), ("DELETE", "invitations/{}")):
            response = client.open(f"/api/projects/{world[0]}/" + path.format(odd),
                                   method=method, headers=headers[OWNER])
            error(response, 404, "NOT_FOUND")


def test_a_doubled_slash_is_a_json_404_not_a_redirect(client, auth):
    response = client.get("/api/projects//members", headers=auth.headers())
    assert response.status_code == 404 and response.is_json
    assert response.get_json()["code"] == "NOT_FOUND"
