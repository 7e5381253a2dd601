"""The requests Okta and Microsoft Entra ID actually send (their SCIM provisioning guides),
in their order, each answered as they expect: Okta looks a User up by userName before every
create, replaces whole Users with PUT and deprovisions with `active: false`; Entra ID writes
capitalised ops, path-less value objects, `"False"` as a string, `emails[type eq "work"]`
paths, externalId filters, and removes members by a `value`."""
from tests.scim.scim import ENTERPRISE, GROUP_SCHEMA, PATCH_SCHEMA, USER_SCHEMA, directory, scim


def lookup(client, token, expression, path="/Users", **more):
    answer = scim(client, "GET", path, token,
                  query_string={"filter": expression, "startIndex": 1, "count": 100, **more})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_okta(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    assert lookup(client, token, 'userName eq "dade.murphy@example.com"')["totalResults"] == 0
    user = {"schemas": [USER_SCHEMA], "userName": "dade.murphy@example.com",
            "name": {"givenName": "Dade", "familyName": "Murphy"},
            "emails": [{"primary": True, "value": "dade.murphy@example.com", "type": "work"}],
            "displayName": "Dade Murphy", "locale": "en-US", "externalId": "00ujl29u0le5T6Aj10h7",
            "groups": [], "password": "1mz050nq", "active": True}
    created = scim(client, "POST", "/Users", token, user)
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert "password" not in body and body["active"] is True
    found = lookup(client, token, 'userName eq "dade.murphy@example.com"')
    assert found["totalResults"] == 1 and found["Resources"][0]["id"] == body["id"]
    assert scim(client, "GET", f"/Users/{body['id']}", token).get_json() == body
    replaced = scim(client, "PUT", f"/Users/{body['id']}", token, {
        **user, "id": body["id"], "name": {"givenName": "Crash", "familyName": "Override"},
        "meta": {"resourceType": "User"}, "password": None})
    assert replaced.status_code == 200, replaced.get_json()
    assert replaced.get_json()["name"] == {"givenName": "Crash", "familyName": "Override"}
    deactivated = scim(client, "PATCH", f"/Users/{body['id']}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [{"op": "replace", "value": {"active": False}}]})
    assert deactivated.status_code == 200 and deactivated.get_json()["active"] is False
    put_back = scim(client, "PUT", f"/Users/{body['id']}", token, {**user, "active": True})
    assert put_back.get_json()["active"] is True
    group = scim(client, "POST", "/Groups", token, {"schemas": [GROUP_SCHEMA],
                                                     "displayName": "Test SCIMv2", "members": []})
    assert group.status_code == 201, group.get_json()
    group_id = group.get_json()["id"]
    renamed = scim(client, "PATCH", f"/Groups/{group_id}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [
            {"op": "replace", "value": {"id": group_id, "displayName": "Okta Admins"}}]})
    assert renamed.status_code == 200, renamed.get_json()
    assert renamed.get_json()["displayName"] == "Okta Admins"
    added = scim(client, "PATCH", f"/Groups/{group_id}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [{"op": "add", "path": "members", "value": [
            {"value": body["id"], "display": "dade.murphy@example.com"}]}]})
    assert added.get_json()["members"][0]["display"] == "dade.murphy@example.com"
    removed = scim(client, "PATCH", f"/Groups/{group_id}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [
            {"op": "remove", "path": f'members[value eq "{body["id"]}"]'}]})
    assert removed.status_code == 200 and "members" not in removed.get_json()
    assert lookup(client, token, 'displayName eq "Okta Admins"', "/Groups")["totalResults"] == 1
    assert scim(client, "DELETE", f"/Groups/{group_id}", token).status_code == 204
    assert scim(client, "GET", f"/Groups/{group_id}", token).status_code == 404


def test_entra_id(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    assert lookup(client, token, 'userName eq "Test_User_dfeef4c5@contoso.com"')[
        "totalResults"] == 0
    created = scim(client, "POST", "/Users", token, {
        "schemas": [USER_SCHEMA, ENTERPRISE], "externalId": "0a21f0f2-8d2a-4f8e-bf98",
        "userName": "Test_User_dfeef4c5@contoso.com", "active": True,
        "emails": [{"primary": True, "type": "work", "value": "Test_User_dfeef4c5@contoso.com"}],
        "meta": {"resourceType": "User"}, "roles": [],
        "name": {"formatted": "givenName familyName", "familyName": "familyName",
                 "givenName": "givenName"},
        ENTERPRISE: {"employeeNumber": "701984", "department": "Tour Operations"}})
    assert created.status_code == 201, created.get_json()
    user = created.get_json()
    assert user[ENTERPRISE]["department"] == "Tour Operations"
    by_external = lookup(client, token, 'externalId eq "0a21f0f2-8d2a-4f8e-bf98"')
    assert [item["id"] for item in by_external["Resources"]] == [user["id"]]
    patched = scim(client, "PATCH", f"/Users/{user['id']}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [
            {"op": "Replace", "path": 'emails[type eq "work"].value',
             "value": "updatedEmail@contoso.com"},
            {"op": "Replace", "path": "name.familyName", "value": "updatedFamilyName"},
            {"op": "Add", "value": {"nickName": "Babs", "title": "Tour Guide"}},
            {"op": "Add", "path": f"{ENTERPRISE}:manager", "value": {"value": user["id"]}}]})
    assert patched.status_code == 200, patched.get_json()
    body = patched.get_json()
    assert body["emails"][0]["value"] == "updatedEmail@contoso.com"
    assert (body["name"]["familyName"], body["nickName"], body["title"]) == (
        "updatedFamilyName", "Babs", "Tour Guide")
    assert lookup(client, token, 'emails.value eq "updatedemail@contoso.com"')[
        "totalResults"] == 1
    disabled = scim(client, "PATCH", f"/Users/{user['id']}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [
            {"op": "Replace", "path": "active", "value": "False"}]})
    assert disabled.status_code == 200 and disabled.get_json()["active"] is False
    no_work = scim(client, "POST", "/Users", token, {
        "schemas": [USER_SCHEMA], "userName": "second@contoso.com"}).get_json()
    created_work = scim(client, "PATCH", f"/Users/{no_work['id']}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [
            {"op": "Add", "path": 'emails[type eq "work"].value', "value": "w@contoso.com"}]})
    assert created_work.get_json()["emails"] == [{"type": "work", "value": "w@contoso.com"}]
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "externalId": "8aa1a0c0-c4c3-4bc0-b4a5",
        "displayName": "displayName", "meta": {"resourceType": "Group"}}).get_json()
    for op, expected in (("Add", [user["id"]]), ("Remove", [])):
        answer = scim(client, "PATCH", f"/Groups/{group['id']}", token, {
            "schemas": [PATCH_SCHEMA], "Operations": [
                {"op": op, "path": "members", "value": [{"value": user["id"]}]}]})
        assert answer.status_code == 200, answer.get_json()
        assert [m["value"] for m in answer.get_json().get("members", [])] == expected
    scim(client, "PATCH", f"/Groups/{group['id']}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [
            {"op": "Add", "path": "members", "value": [{"value": user["id"]}]},
            {"op": "Replace", "path": "displayName", "value": "Renamed"}]})
    listed = lookup(client, token, 'displayName eq "Renamed"', "/Groups",
                    excludedAttributes="members")
    assert listed["totalResults"] == 1 and "members" not in listed["Resources"][0]
    both = lookup(client, token, f'id eq "{group["id"]}" and members eq "{user["id"]}"',
                  "/Groups")
    assert both["totalResults"] == 1
    assert scim(client, "DELETE", f"/Users/{user['id']}", token).status_code == 204
    assert scim(client, "GET", f"/Groups/{group['id']}", token).get_json().get("members") is None
