"""Bad input and other projects (extensions.md E4.3): bodies over 1 MiB are 413, bodies that
are not JSON 400 or 415, every error in SCIM's form; another project's token never sees nor
changes this project's resources (404)."""
import json

from tests.factories import make_project
from tests.scim.scim import (
    ERROR,
    GROUP_SCHEMA,
    MEDIA,
    SCIM,
    directory,
    new_token,
    patch_body,
    scim,
    user_body,
    user_in_group,
)


def scim_error(answer, status, scim_type=None):
    body = answer.get_json()
    assert answer.status_code == status, body
    assert answer.mimetype == MEDIA
    assert body["schemas"] == [ERROR] and body["status"] == str(status) and body["detail"]
    if scim_type:
        assert body["scimType"] == scim_type, body
    return body


def test_bodies_over_one_mebibyte_are_413(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    huge = user_body("big@example.com", nickName="x" * (1024 * 1024))
    scim_error(scim(client, "POST", "/Users", token, huge), 413)
    scim_error(scim(client, "POST", "/Users/.search", token, {"filter": "x" * 1024 * 1024}),
               413)


def test_bodies_that_are_not_scim(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    for raw in ("{", "[]", "null", "[" * 100000 + "]" * 100000, '{"userName": 1e999999}'):
        answer = client.post(f"{SCIM}/Users", data=raw, headers=token, content_type=MEDIA)
        assert answer.status_code == 400, raw[:20]
        assert answer.get_json()["schemas"] == [ERROR]
    plain = client.post(f"{SCIM}/Users", data="userName=x", headers=token,
                        content_type="text/plain")
    scim_error(plain, 415)
    as_json = client.post(f"{SCIM}/Users", data=json.dumps(user_body("j@example.com")),
                          headers=token, content_type="application/json")
    assert as_json.status_code == 201 and as_json.mimetype == MEDIA
    scim_error(scim(client, "POST", "/Users", token, {"schemas": [GROUP_SCHEMA]}), 400)
    scim_error(scim(client, "POST", "/Users", token, user_body("a\u0000b")), 400)
    scim_error(scim(client, "POST", "/Users", token, user_body("x" * 400)), 400)
    scim_error(scim(client, "PATCH", "/Users/nope", token, patch_body()), 404)
    scim_error(scim(client, "POST", "/ServiceProviderConfig", token, {}), 405)
    scim_error(scim(client, "GET", "/Nothing", token), 404)
    scim_error(scim(client, "GET", "/Schemas/urn:nothing", token), 404)
    scim_error(scim(client, "GET", "/Users/" + "a" * 500, token), 404)


def test_another_projects_token_sees_nothing_here(app, client, auth):
    _project, _headers, ours = directory(app, client, auth)
    user, group = user_in_group(client, ours, "mine@example.com", "Mine")
    other_owner = auth.headers("other@example.com")
    other_project = make_project(app, "other@example.com")
    theirs = {"Authorization": f"Bearer {new_token(client, other_owner, other_project)}"}
    for kind, item in (("Users", user), ("Groups", group)):
        scim_error(scim(client, "GET", f"/{kind}/{item['id']}", theirs), 404)
        scim_error(scim(client, "PUT", f"/{kind}/{item['id']}", theirs,
                        {**item, "displayName": "Stolen"}), 404)
        scim_error(scim(client, "PATCH", f"/{kind}/{item['id']}", theirs, patch_body(
            {"op": "replace", "path": "displayName", "value": "Stolen"})), 404)
        scim_error(scim(client, "DELETE", f"/{kind}/{item['id']}", theirs), 404)
        listed = scim(client, "GET", f"/{kind}", theirs,
                      query_string={"filter": f'id eq "{item["id"]}"'}).get_json()
        assert listed["totalResults"] == 0
    assert scim(client, "POST", "/.search", theirs, {}).get_json()["totalResults"] == 0
    # Their Group cannot take our User as a member, nor their User our userName's place.
    their_group = scim(client, "POST", "/Groups", theirs, {
        "schemas": [GROUP_SCHEMA], "displayName": "Theirs"}).get_json()
    scim_error(scim(client, "PATCH", f"/Groups/{their_group['id']}", theirs, patch_body(
        {"op": "add", "path": "members", "value": [{"value": user["id"]}]})), 400,
        "invalidValue")
    assert scim(client, "POST", "/Users", theirs,
                user_body("mine@example.com")).status_code == 201
    still = scim(client, "GET", f"/Groups/{group['id']}", ours).get_json()
    assert still["displayName"] == "Mine" and still["members"][0]["value"] == user["id"]


def test_a_member_display_that_is_not_a_string_is_400(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    user = scim(client, "POST", "/Users", token, user_body("alice")).get_json()
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "displayName": "Staff"}).get_json()
    for display in ({"x": 1}, ["a"], 7, "nul\x00"):
        answer = scim(client, "PATCH", f"/Groups/{group['id']}", token, patch_body(
            {"op": "add", "path": "members", "value": [{"value": user["id"],
                                                        "display": display}]}))
        scim_error(answer, 400, "invalidValue")
    assert "members" not in scim(client, "GET", f"/Groups/{group['id']}", token).get_json()


NOT_IDS = ("a" * 65, "%00", "a%00b")  # in a path: longer than any id, a NUL (PostgreSQL refuses)


def test_a_path_id_that_cannot_be_one_is_404_and_without_a_token_401(app, client, auth):
    """The access step refuses such an id before any query, in SCIM's form, on every method of
    Users and Groups; the bearer is checked first (the order of checks: 401, then 404)."""
    _project, _headers, token = directory(app, client, auth)
    user, group = user_in_group(client, token, "ids@example.com", "Ids")
    change = patch_body({"op": "replace", "path": "displayName", "value": "Renamed"})
    for kind, item in (("Users", user), ("Groups", group)):
        for ident in (*NOT_IDS, "a" * 64):
            for method, body in (("GET", None), ("PUT", item), ("PATCH", change),
                                 ("DELETE", None)):
                scim_error(scim(client, method, f"/{kind}/{ident}", token, body), 404)
                refused = scim_error(scim(client, method, f"/{kind}/{ident}", {}, body), 401)
                assert "SCIM token" in refused["detail"]
        assert scim(client, "GET", f"/{kind}/{item['id']}", token).get_json() == item


def test_member_values_that_cannot_be_ids_are_400_or_name_nothing(app, client, auth):
    """A member's value is an id of the directory: one that cannot be an id (a NUL, a lone
    surrogate, longer than any id) is refused as naming nothing (400), never sent to the
    database; removing it removes nothing."""
    _project, _headers, token = directory(app, client, auth)
    user, group = user_in_group(client, token, "m@example.com", "Members")
    path = f"/Groups/{group['id']}"
    for value in ("a" * 65, "a" * 64, "x\x00y", "\ud800"):
        members = [{"value": value}]
        for method, where, body in (
                ("POST", "/Groups", {"schemas": [GROUP_SCHEMA], "displayName": "New",
                                     "members": members}),
                ("PUT", path, {**group, "members": members}),
                ("PATCH", path, patch_body({"op": "add", "path": "members", "value": members}))):
            scim_error(scim(client, method, where, token, body), 400, "invalidValue")
        removed = scim(client, "PATCH", path, token, patch_body(
            {"op": "remove", "path": "members", "value": members}))
        assert removed.status_code == 200, removed.get_json()
        selected = scim(client, "PATCH", path, token, patch_body(
            {"op": "remove", "path": f'members[value eq "{value}"]'}))
        if "\x00" in value:  # not even a filter
            scim_error(selected, 400)
        else:
            assert selected.status_code == 200, selected.get_json()
    still = scim(client, "GET", path, token).get_json()
    assert [member["value"] for member in still["members"]] == [user["id"]]
