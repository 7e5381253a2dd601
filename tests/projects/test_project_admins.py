"""Project admins (extensions.md E2.1) through HTTP: what an admin may and may not do across
projects, invitations, members, articles and festivals; role changes and their audit entry;
invitations that carry a role; a transfer leaves the old owner an admin."""
import pytest

from tests.content import signed_in_user
from tests.factories import audit_entries, make_project, members_of, user_id
from tests.http import error

OWNER, ADMIN, ADMIN2, MEMBER, STAFF, OUTSIDER = (
    "owner@example.com", "padmin@example.com", "padmin2@example.com", "member@example.com",
    "staff@example.com", "outsider@example.com")


@pytest.fixture
def team(app):
    """A project with its owner, two admins and a member; a platform admin outside it."""
    headers = {email: signed_in_user(app, email, role="admin" if email == STAFF else "user")
               for email in (OWNER, ADMIN, ADMIN2, MEMBER, STAFF, OUTSIDER)}
    project = make_project(app, OWNER, members=[MEMBER], admins=[ADMIN, ADMIN2], name="Apollo")
    ids = {email: user_id(app, email) for email in headers}
    return project, headers, ids


def roles(app, project, ids):
    names = {v: k for k, v in ids.items()}
    return {names[user]: role for user, role in members_of(app, project).items()}


def test_an_admin_changes_the_project_and_sees_its_role(client, team):
    project, headers, _ = team
    read = client.get(f"/api/projects/{project}", headers=headers[ADMIN]).get_json()["data"]
    assert read["role"] == "admin"
    changed = client.patch(f"/api/projects/{project}", headers=headers[ADMIN],
                           json={"name": "Artemis"})
    assert changed.status_code == 200 and changed.get_json()["data"]["name"] == "Artemis"
    listed = client.get("/api/projects?role=ADMIN", headers=headers[ADMIN]).get_json()
    assert [p["id"] for p in listed["data"]] == [project]
    assert client.get("/api/projects?role=OWNER",
                      headers=headers[ADMIN]).get_json()["meta"]["total"] == 0
    error(client.patch(f"/api/projects/{project}", headers=headers[MEMBER],
                       json={"name": "x"}), 403, "FORBIDDEN")


def test_what_an_admin_may_not_do(app, client, team):
    project, headers, ids = team
    admin = headers[ADMIN]
    error(client.delete(f"/api/projects/{project}", headers=admin), 403, "FORBIDDEN")
    error(client.post(f"/api/projects/{project}/transfer", headers=admin,
                      json={"userId": ids[MEMBER]}), 403, "FORBIDDEN")
    for target in (OWNER, ADMIN2):
        error(client.delete(f"/api/projects/{project}/members/{ids[target]}", headers=admin),
              403, "FORBIDDEN")
    for target in (MEMBER, ADMIN2):
        error(client.patch(f"/api/projects/{project}/members/{ids[target]}", headers=admin,
                           json={"role": "admin"}), 403, "FORBIDDEN")
    # 403 comes before the body's 400 (R1), for an admin inviting an admin too.
    error(client.post(f"/api/projects/{project}/invitations", headers=admin,
                      json={"email": "new@example.com", "role": "admin"}), 403, "FORBIDDEN")
    error(client.post(f"/api/projects/{project}/invitations", headers=admin,
                      json={"email": 5, "role": "admin"}), 403, "FORBIDDEN")
    error(client.patch(f"/api/projects/{project}/members/{ids[MEMBER]}", headers=admin,
                       json={"role": 5}), 403, "FORBIDDEN")
    assert roles(app, project, ids) == {OWNER: "owner", ADMIN: "admin", ADMIN2: "admin",
                                        MEMBER: "member"}
    assert audit_entries(app) == []


def test_an_admin_invites_members_lists_and_revokes_invitations(app, client, team, mail):
    project, headers, _ = team
    base = f"/api/projects/{project}/invitations"
    made = client.post(base, headers=headers[ADMIN], json={"email": "new@example.com"})
    assert made.status_code == 201 and made.get_json()["data"]["role"] == "member"
    listed = client.get(base, headers=headers[ADMIN]).get_json()
    assert [i["role"] for i in listed["data"]] == ["member"]
    invitation = made.get_json()["data"]["id"]
    assert client.delete(f"{base}/{invitation}", headers=headers[ADMIN]).status_code == 204
    error(client.get(base, headers=headers[MEMBER]), 403, "FORBIDDEN")
    bad = error(client.post(base, headers=headers[OWNER],
                            json={"email": "x@example.com", "role": "owner"}),
                400, "VALIDATION_ERROR")
    assert list(bad["details"]) == ["role"]


def test_an_admin_invitation_gives_the_admin_role(app, client, team, mail):
    project, headers, _ = team
    guest = signed_in_user(app, "guest@example.com")
    made = client.post(f"/api/projects/{project}/invitations", headers=headers[OWNER],
                       json={"email": "guest@example.com", "role": "admin"})
    assert made.status_code == 201 and made.get_json()["data"]["role"] == "admin"
    assert "as an admin" in mail.last_body("guest@example.com")
    token = mail.last_token("guest@example.com")
    accepted = client.post("/api/invitations/accept", headers=guest, json={"token": token})
    assert accepted.status_code == 200 and accepted.get_json()["data"]["role"] == "admin"
    staff = client.post(f"/api/projects/{project}/invitations", headers=headers[STAFF],
                        json={"email": "other@example.com", "role": "admin"})
    assert staff.status_code == 201  # a platform admin may do what the owner may


def test_removals_by_role(app, client, team):
    project, headers, ids = team
    url = f"/api/projects/{project}/members/"
    assert client.delete(url + ids[MEMBER], headers=headers[ADMIN]).status_code == 204
    assert client.delete(url + ids[ADMIN2], headers=headers[ADMIN2]).status_code == 204  # leaves
    error(client.delete(url + ids[OWNER], headers=headers[OWNER]), 409, "CONFLICT")
    error(client.delete(url + ids[OUTSIDER], headers=headers[ADMIN]), 404, "NOT_FOUND")
    assert client.delete(url + ids[ADMIN], headers=headers[OWNER]).status_code == 204
    assert roles(app, project, ids) == {OWNER: "owner"}
    removed = [(e[0], e[4]["userId"], e[4]["left"]) for e in audit_entries(app)]
    assert removed == [(ids[ADMIN], ids[MEMBER], False), (ids[ADMIN2], ids[ADMIN2], True),
                       (ids[OWNER], ids[ADMIN], False)]


def test_the_owner_changes_roles_with_one_audit_entry_each(app, client, team, clock):
    project, headers, ids = team
    url = f"/api/projects/{project}/members/{ids[MEMBER]}"
    promoted = client.patch(url, headers=headers[OWNER], json={"role": "admin", "x": 1})
    assert promoted.status_code == 200
    data = promoted.get_json()["data"]
    assert data["role"] == "admin" and set(data) == {"user", "role", "joinedAt"}
    assert data["user"] == {"id": ids[MEMBER], "email": MEMBER, "name": None, "image": None}
    same = client.patch(url, headers=headers[OWNER], json={"role": "admin"})
    assert same.status_code == 200  # no change: no entry
    clock.advance(seconds=1)
    by_staff = client.patch(url, headers=headers[STAFF], json={"role": "member"})
    assert by_staff.status_code == 200 and by_staff.get_json()["data"]["role"] == "member"
    assert audit_entries(app) == [
        (ids[OWNER], "project.member_role", "project", project,
         {"userId": ids[MEMBER], "from": "member", "to": "admin"}),
        (ids[STAFF], "project.member_role", "project", project,
         {"userId": ids[MEMBER], "from": "admin", "to": "member"})]
    members = client.get(f"/api/projects/{project}/members?role=ADMIN",
                         headers=headers[MEMBER]).get_json()
    assert {m["user"]["email"] for m in members["data"]} == {ADMIN, ADMIN2}


@pytest.mark.parametrize("body", [{"role": "owner"}, {"role": "ADMIN"}, {"role": ""},
                                  {"role": 5}, {"role": None}, {}, {"role": "a\x00"}])
def test_a_bad_role_is_400_naming_role(app, client, team, body):
    project, headers, ids = team
    answer = error(client.patch(f"/api/projects/{project}/members/{ids[MEMBER]}",
                                headers=headers[OWNER], json=body), 400, "VALIDATION_ERROR")
    assert list(answer["details"]) == ["role"]
    assert roles(app, project, ids)[MEMBER] == "member"


def test_the_owners_own_entry_and_non_members(app, client, team):
    project, headers, ids = team
    base = f"/api/projects/{project}/members/"
    for who in (OWNER, STAFF):
        answer = error(client.patch(base + ids[OWNER], headers=headers[who],
                                    json={"role": "member"}), 400, "VALIDATION_ERROR")
        assert list(answer["details"]) == ["role"]
    for target in (ids[OUTSIDER], "0" * 32, "%00", "9" * 65):
        error(client.patch(base + target, headers=headers[OWNER], json={"role": "admin"}),
              404, "NOT_FOUND")
    error(client.patch(base + ids[MEMBER], headers=headers[OUTSIDER], json={"role": "admin"}),
          404, "NOT_FOUND")
    # R1's order: a user who is not a member is 404 before a bad body's 400.
    error(client.patch(base + ids[OUTSIDER], headers=headers[OWNER], json={"role": 5}),
          404, "NOT_FOUND")
    error(client.patch(base + ids[MEMBER], json={"role": "admin"}), 401, "AUTH_ERROR")
    assert audit_entries(app) == []


def test_transfer_to_an_admin_makes_the_old_owner_an_admin(app, client, team):
    project, headers, ids = team
    moved = client.post(f"/api/projects/{project}/transfer", headers=headers[OWNER],
                        json={"userId": ids[ADMIN]})
    assert moved.status_code == 200 and moved.get_json()["data"]["role"] == "admin"
    assert roles(app, project, ids) == {OWNER: "admin", ADMIN: "owner", ADMIN2: "admin",
                                        MEMBER: "member"}
    # The old owner, an admin now, may leave.
    assert client.delete(f"/api/projects/{project}/members/{ids[OWNER]}",
                         headers=headers[OWNER]).status_code == 204


def test_an_admin_changes_and_deletes_any_article_and_deletes_festivals(client, team):
    project, headers, _ = team
    article = client.post("/api/articles", headers=headers[MEMBER], json={
        "projectId": project, "title": "By a member", "content": "text"})
    assert article.status_code == 201
    url = f"/api/articles/{article.get_json()['data']['id']}"
    error(client.patch(url, headers=headers[OUTSIDER], json={"title": "x"}), 404, "NOT_FOUND")
    changed = client.patch(url, headers=headers[ADMIN], json={"title": "Edited"})
    assert changed.status_code == 200 and changed.get_json()["data"]["title"] == "Edited"
    assert client.delete(url, headers=headers[ADMIN]).status_code == 204
    festival = client.post("/api/festivals", headers=headers[MEMBER], json={
        "projectId": project, "name": "Fest", "startsAt": "2030-01-01T10:00:00Z",
        "endsAt": "2030-01-02T10:00:00Z"})
    assert festival.status_code == 201
    festival_url = f"/api/festivals/{festival.get_json()['data']['id']}"
    error(client.delete(festival_url, headers=headers[MEMBER]), 403, "FORBIDDEN")
    assert client.delete(festival_url, headers=headers[ADMIN]).status_code == 204


def test_rights_last_only_while_an_admin(app, client, team):
    project, headers, ids = team
    url = f"/api/projects/{project}/members/{ids[ADMIN]}"
    assert client.patch(url, headers=headers[OWNER], json={"role": "member"}).status_code == 200
    error(client.patch(f"/api/projects/{project}", headers=headers[ADMIN], json={"name": "x"}),
          403, "FORBIDDEN")
    other = make_project(app, OUTSIDER, name="Other")
    error(client.patch(f"/api/projects/{other}", headers=headers[ADMIN], json={"name": "x"}),
          404, "NOT_FOUND")
