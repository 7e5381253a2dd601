"""The SCIM service through HTTP (extensions.md E4.3): tokens choose the project, SCIM's media
type, errors and lists, Users and Groups read back as written."""
import threading

from sqlalchemy import event

from core.db import db
from tests.scim.scim import (
    GROUP_SCHEMA,
    MEDIA,
    directory,
    patch_body,
    scim,
    user_body,
    user_in_group,
)


def test_create_read_and_list_a_user(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    created = scim(client, "POST", "/Users", token, user_body(
        "Bjensen@Example.com", name={"givenName": "Barbara", "familyName": "Jensen"},
        emails=[{"value": "bjensen@example.com", "type": "work", "primary": True}],
        externalId="ext-1"))
    assert created.status_code == 201, created.get_json()
    assert created.mimetype == MEDIA
    body = created.get_json()
    assert body["userName"] == "Bjensen@Example.com"
    assert body["meta"]["resourceType"] == "User"
    assert created.headers["Location"] == body["meta"]["location"]
    read = scim(client, "GET", f"/Users/{body['id']}", token)
    assert read.get_json() == body
    found = scim(client, "GET", '/Users', token,
                 query_string={"filter": 'userName eq "bjensen@example.COM"'}).get_json()
    assert found["totalResults"] == 1 and found["Resources"][0]["id"] == body["id"]
    again = scim(client, "POST", "/Users", token, user_body("BJENSEN@example.com"))
    assert again.status_code == 409 and again.get_json()["scimType"] == "uniqueness"


def test_group_members_patch(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    ids = [scim(client, "POST", "/Users", token, user_body(f"u{i}@example.com")).get_json()["id"]
           for i in range(3)]
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "displayName": "Admins",
        "members": [{"value": ids[0]}]}).get_json()
    patched = scim(client, "PATCH", f"/Groups/{group['id']}", token, patch_body(
        {"op": "Add", "path": "members", "value": [{"value": ids[1]}, {"value": ids[2]}]},
        {"op": "Remove", "path": f'members[value eq "{ids[0]}"]'}))
    assert patched.status_code == 200, patched.get_json()
    assert sorted(m["value"] for m in patched.get_json()["members"]) == sorted(ids[1:])


def test_group_members_asked_by_their_full_urn(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    user, group = user_in_group(client, token, "u@example.com", "Admins")
    for name in (f"{GROUP_SCHEMA}:members", f"{GROUP_SCHEMA}:members.value", "members"):
        read = scim(client, "GET", f"/Groups/{group['id']}", token,
                    query_string={"attributes": name}).get_json()
        listed = scim(client, "GET", "/Groups", token,
                      query_string={"attributes": name}).get_json()["Resources"][0]
        for body in (read, listed):
            assert [member["value"] for member in body["members"]] == [user["id"]], name
    excluded = scim(client, "GET", f"/Groups/{group['id']}", token,
                    query_string={"excludedAttributes": f"{GROUP_SCHEMA}:members"}).get_json()
    assert "members" not in excluded and excluded["displayName"] == "Admins"


def test_a_page_of_groups_answers_each_its_own_members(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    ids = [scim(client, "POST", "/Users", token, user_body(f"u{i}@example.com")).get_json()["id"]
           for i in range(3)]
    for name, members in (("A", ids[:2]), ("B", []), ("C", ids[2:])):
        scim(client, "POST", "/Groups", token, {"schemas": [GROUP_SCHEMA], "displayName": name,
                                                "members": [{"value": m} for m in members]})
    listed = scim(client, "GET", "/Groups", token).get_json()["Resources"]
    assert {group["displayName"]: sorted(member["value"] for member in group.get("members", []))
            for group in listed} == {"A": sorted(ids[:2]), "B": [], "C": ids[2:]}
    bare = scim(client, "GET", "/Groups", token,
                query_string={"excludedAttributes": "members"}).get_json()["Resources"]
    assert len(bare) == 3 and not any("members" in group for group in bare)


def statements(app, request) -> list:
    """The SQL statements that `request()` sends from this thread, but the token's own (its
    lookup, and `lastUsedAt` moved once a minute)."""
    seen, mine = [], threading.get_ident()

    def note(conn, cursor, statement, *args):
        if threading.get_ident() == mine and "scim_tokens" not in statement:
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        assert request().status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return seen


def test_a_list_is_one_page_query_and_one_count_whatever_its_size(app, client, auth):
    """The members of a page of Groups are one more query, and none when not answered."""
    _project, _headers, token = directory(app, client, auth)
    user_in_group(client, token, "u0@example.com", "G0")
    lists = {path: statements(app, lambda path=path: scim(client, "GET", path, token))
             for path in ("/Users", "/Groups")}
    for i in range(1, 4):
        user_in_group(client, token, f"u{i}@example.com", f"G{i}")
    for path, before in lists.items():
        assert len(statements(app, lambda path=path: scim(client, "GET", path, token))) \
            == len(before), path
    assert len(lists["/Groups"]) == len(lists["/Users"]) + 1
    bare = statements(app, lambda: scim(client, "GET", "/Groups", token,
                                        query_string={"excludedAttributes": "members"}))
    assert len(bare) == len(lists["/Users"])
    assert not [sql for sql in bare if "scim_group_members" in sql]
