"""E4.3: the requests the Okta and Microsoft Entra ID consoles really send, written as they
send them (each names the guide or the known issue it comes from), each accepted and read back
in the canonical form: booleans as booleans, the manager as `{value, $ref, displayName}`,
path-keyed values as the attributes they name."""
import pytest

from tests.factories import members_of, user_id
from tests.scim.scim import (
    ENTERPRISE,
    GROUP_SCHEMA,
    PATCH_SCHEMA,
    SCIM,
    USER_SCHEMA,
    directory,
    new_token,
    scim,
)

MANAGER = f"{ENTERPRISE}:manager"


@pytest.fixture
def app(make_app, dns_server):
    return make_app(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=0.3)


def patched(client, token, path, *operations):
    answer = scim(client, "PATCH", path, token,
                  {"schemas": [PATCH_SCHEMA], "Operations": list(operations)})
    assert answer.status_code == 200, answer.get_json()
    read = scim(client, "GET", path, token)
    assert read.status_code == 200 and read.get_json() == answer.get_json()
    return read.get_json()


def found(client, token, expression, path="/Users", **more):
    answer = scim(client, "GET", path, token, query_string={"filter": expression, **more})
    assert answer.status_code == 200, answer.get_json()
    return [item["id"] for item in answer.get_json()["Resources"]]


def entra_user(client, token, upn, mail_nickname, **enterprise):
    """Entra ID's create with its default attribute mappings for Users (userPrincipalName ->
    userName, mailNickname -> externalId, Switch(IsSoftDeleted) -> active as a string), from
    Microsoft's "Tutorial: Develop and plan provisioning for a SCIM endpoint", User Operations."""
    created = scim(client, "POST", "/Users", token, {
        "schemas": [USER_SCHEMA, ENTERPRISE],
        "externalId": mail_nickname,
        "userName": upn,
        "active": "True",
        "displayName": mail_nickname.replace("_", " "),
        "emails": [{"primary": "True", "type": "work", "value": upn}],
        "meta": {"resourceType": "User"},
        "name": {"formatted": "givenName familyName", "familyName": "familyName",
                 "givenName": "givenName"},
        "roles": [],
        ENTERPRISE: enterprise})
    assert created.status_code == 201, created.get_json()
    return created.get_json()


def canonical_manager(manager: dict, display_name: str | None) -> dict:
    expected = {"value": manager["id"], "$ref": f"http://app.test{SCIM}/Users/{manager['id']}"}
    return expected | ({"displayName": display_name} if display_name else {})


def test_entra_id_writes_the_manager_as_a_string(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    boss = entra_user(client, token, "Megan_Bowen@contoso.com", "Megan_Bowen")
    assert (boss["active"], boss["emails"][0]["primary"]) == (True, True)
    # Entra ID, the manager in a create: `{"value": "<id>"}` with no `$ref` (SCIM-SDK #686).
    report = entra_user(client, token, "Alex_Wilber@contoso.com", "Alex_Wilber",
                        department="Sales", manager={"value": boss["id"]})
    assert report[ENTERPRISE] == {"department": "Sales",
                                  "manager": canonical_manager(boss, "Megan Bowen")}
    assert scim(client, "GET", f"/Users/{report['id']}", token).get_json() == report
    other = entra_user(client, token, "Lee_Gu@contoso.com", "Lee_Gu")
    # Entra ID, "Update User [Add Manager]": the manager's id as a plain string (SCIM-SDK #686).
    body = patched(client, token, f"/Users/{other['id']}", {
        "op": "Add", "path": "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager",
        "value": boss["id"]})
    assert body[ENTERPRISE] == {"manager": canonical_manager(boss, "Megan Bowen")}
    body = patched(client, token, f"/Users/{other['id']}", {
        "op": "Replace", "path": MANAGER, "value": report["id"]})
    assert body[ENTERPRISE]["manager"] == canonical_manager(report, "Alex Wilber")
    # Entra ID, "Update User [Remove Manager]": an empty value, then a Remove by path.
    assert ENTERPRISE not in patched(client, token, f"/Users/{other['id']}", {
        "op": "Replace", "path": MANAGER, "value": ""}).get(ENTERPRISE, {})
    patched(client, token, f"/Users/{other['id']}", {"op": "Add", "path": MANAGER,
                                                      "value": boss["id"]})
    body = patched(client, token, f"/Users/{other['id']}", {"op": "Remove", "path": MANAGER})
    assert "manager" not in body.get(ENTERPRISE, {})
    # A manager the project has no User for: its id and $ref, no displayName.
    body = patched(client, token, f"/Users/{other['id']}", {"op": "Add", "path": MANAGER,
                                                             "value": "not-provisioned-yet"})
    assert body[ENTERPRISE]["manager"] == canonical_manager({"id": "not-provisioned-yet"}, None)
    # A manager written with its own $ref keeps it, as written.
    written = {"value": boss["id"], "$ref": f"../Users/{boss['id']}"}
    body = patched(client, token, f"/Users/{other['id']}", {"op": "replace", "path": MANAGER,
                                                             "value": written})
    assert body[ENTERPRISE]["manager"] == written | {"displayName": "Megan Bowen"}
    # A manager that is neither an id nor a complex value: SCIM's 400, nothing changed.
    refused = scim(client, "PATCH", f"/Users/{other['id']}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [{"op": "Add", "path": MANAGER, "value": 7}]})
    assert refused.status_code == 400 and refused.get_json()["scimType"] == "invalidValue"
    assert refused.get_json()["detail"] == (
        "manager: Input should be a valid dictionary or instance of Manager")
    assert scim(client, "GET", f"/Users/{other['id']}", token).get_json() == body


def test_entra_id_path_keyed_values_and_string_booleans(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    user = entra_user(client, token, "Adele_Vance@contoso.com", "Adele_Vance")
    boss = entra_user(client, token, "Nestor_Wilke@contoso.com", "Nestor_Wilke")
    # Entra ID without the aadOptscim062020 flag ("Known issues and resolutions with SCIM 2.0
    # protocol compliance"): capitalised ops, a path-less value whose keys are attribute paths,
    # booleans as strings.
    body = patched(client, token, f"/Users/{user['id']}", {
        "op": "Replace",
        "value": {
            "active": False,
            "name.givenName": "X",
            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department": "Y"}})
    assert (body["active"], body["name"]["givenName"], body[ENTERPRISE]["department"]) == (
        False, "X", "Y")
    body = patched(client, token, f"/Users/{user['id']}",
                   {"op": "Replace", "value": {"active": "True"}})
    assert body["active"] is True
    body = patched(client, token, f"/Users/{user['id']}",
                   {"op": "Replace", "path": "active", "value": "False"})
    assert body["active"] is False
    body = patched(client, token, f"/Users/{user['id']}", {
        "op": "Add",
        "value": {"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager":
                  boss["id"], "displayName": "Adele Vance", "title": "Retail Manager"}})
    assert (body["displayName"], body["title"]) == ("Adele Vance", "Retail Manager")
    assert body[ENTERPRISE]["manager"] == canonical_manager(boss, "Nestor Wilke")
    body = patched(client, token, f"/Users/{user['id']}", {
        "op": "Replace", "path": 'emails[type eq "work"].primary', "value": "False"})
    assert body["emails"][0]["primary"] is False
    # The filters Entra ID matches with: userName (userPrincipalName), externalId (mailNickname).
    assert found(client, token, 'userName eq "adele_vance@contoso.com"') == [user["id"]]
    assert found(client, token, 'externalId eq "Adele_Vance"') == [user["id"]]
    assert found(client, token, "active eq false") == [user["id"]]


def test_entra_id_groups(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    users = [entra_user(client, token, f"User_{n}@contoso.com", f"User_{n}")["id"]
             for n in range(3)]
    # Entra ID's group create (objectId -> externalId) and its query before it.
    assert found(client, token, 'displayName eq "Sales"', "/Groups",
                 excludedAttributes="members") == []
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "externalId": "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
        "displayName": "Sales", "meta": {"resourceType": "Group"}}).get_json()
    path = f"/Groups/{group['id']}"
    body = patched(client, token, path, {"op": "Add", "path": "members",
                                         "value": [{"value": uid} for uid in users]})
    assert sorted(member["value"] for member in body["members"]) == sorted(users)
    # Entra ID removes a member by a `Remove` whose value names it.
    body = patched(client, token, path, {"op": "Remove", "path": "members",
                                         "value": [{"value": users[0]}]})
    assert sorted(member["value"] for member in body["members"]) == sorted(users[1:])
    body = patched(client, token, path, {"op": "Replace", "value": {"displayName": "Sales EU"}})
    assert body["displayName"] == "Sales EU"


def test_entra_id_provisioning_grants_the_account(app, client, auth, dns_server):
    """A User Entra ID creates with string booleans at a verified domain is a member; its
    `"active": "False"` ends the membership as `false` does."""
    project, headers, token = directory(app, client, auth)
    domain = client.post(f"/api/projects/{project}/domains", headers=headers,
                         json={"domain": "contoso.com"}).get_json()["data"]
    dns_server.publish(domain["verification"]["name"], domain["verification"]["value"])
    verified = client.post(f"/api/projects/{project}/domains/{domain['id']}/verify",
                           headers=headers).get_json()["data"]
    assert verified["status"] == "VERIFIED"
    user = entra_user(client, token, "Diego_Siciliani@contoso.com", "Diego_Siciliani")
    account = user_id(app, "diego_siciliani@contoso.com")
    assert members_of(app, project)[account] == "member"
    patched(client, token, f"/Users/{user['id']}", {"op": "Replace", "value": {"active": "False"}})
    assert account not in members_of(app, project)


def test_okta(app, client, auth):
    project, headers, _token = directory(app, client, auth)
    raw = new_token(client, headers, project, name="Okta")
    # Okta's "HTTP Header" authentication mode: the admin pastes the token alone; Okta sends
    # `Authorization: Bearer <token>` (Okta, "Build a SCIM provisioning integration").
    token = {"Authorization": f"Bearer {raw}"}
    doubled = scim(client, "GET", "/Users", {"Authorization": f"Bearer Bearer {raw}"})
    assert doubled.status_code == 401 and doubled.get_json()["status"] == "401"
    assert doubled.get_json()["detail"].startswith("A SCIM token of the project is required")
    # Okta's lookups (SCIM 2.0 protocol reference): userName eq, startIndex and count.
    listed = scim(client, "GET", "/Users", token, query_string={"startIndex": 1, "count": 2})
    assert listed.status_code == 200 and listed.get_json()["totalResults"] == 0
    assert found(client, token, 'userName eq "test.user@okta.local"', startIndex=1,
                 count=100) == []
    created = scim(client, "POST", "/Users", token, {
        "schemas": [USER_SCHEMA], "userName": "test.user@okta.local",
        "name": {"givenName": "Test", "familyName": "User"},
        "emails": [{"primary": True, "value": "test.user@okta.local", "type": "work"}],
        "displayName": "Test User", "locale": "en-US", "externalId": "00ujl29u0le5T6Aj10h7",
        "groups": [], "password": "1mz050nq", "active": True})
    assert created.status_code == 201, created.get_json()
    user = created.get_json()
    assert found(client, token, 'userName eq "test.user@okta.local"', startIndex=1,
                 count=100) == [user["id"]]
    # Okta deactivates and reactivates with a path-less replace.
    for active in (False, True):
        body = patched(client, token, f"/Users/{user['id']}",
                       {"op": "replace", "value": {"active": active}})
        assert body["active"] is active
    # Okta's Group Push: create, rename by a path-less replace carrying the id, members.
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "displayName": "Test SCIMv2", "members": []}).get_json()
    path = f"/Groups/{group['id']}"
    body = patched(client, token, path, {"op": "replace", "value": {
        "id": group["id"], "displayName": "Test SCIMv2 Renamed"}})
    assert body["displayName"] == "Test SCIMv2 Renamed"
    body = patched(client, token, path, {"op": "add", "path": "members", "value": [
        {"value": user["id"], "display": "test.user@okta.local"}]})
    assert body["members"] == [{"value": user["id"], "display": "test.user@okta.local",
                                "type": "User",
                                "$ref": f"http://app.test{SCIM}/Users/{user['id']}"}]
    body = patched(client, token, path, {"op": "remove",
                                         "path": f'members[value eq "{user["id"]}"]'})
    assert "members" not in body
    assert found(client, token, 'displayName eq "Test SCIMv2 Renamed"', "/Groups") == [
        group["id"]]


@pytest.mark.parametrize("value", ["", None, [], {"value": ""}, [{"$ref": None, "value": ""}]])
def test_an_empty_manager_clears_it(app, client, auth, value):
    _project, _headers, token = directory(app, client, auth)
    boss = entra_user(client, token, "Boss@contoso.com", "Boss")
    user = entra_user(client, token, "Report@contoso.com", "Report", manager=boss["id"])
    assert user[ENTERPRISE]["manager"]["value"] == boss["id"]
    answer = scim(client, "PATCH", f"/Users/{user['id']}", token, {
        "schemas": [PATCH_SCHEMA], "Operations": [{"op": "Replace", "path": MANAGER,
                                                   "value": value}]})
    assert answer.status_code == 200, answer.get_json()
    assert "manager" not in answer.get_json().get(ENTERPRISE, {})
    assert scim(client, "GET", f"/Users/{user['id']}", token).get_json() == answer.get_json()
