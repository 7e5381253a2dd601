"""What the directory grants (extensions.md E4.3): Users at VERIFIED domains link to accounts
(made when missing, verified when linked) and make them members, admins through the Groups
named in scimAdminGroups; `active: false`, deletion or a move off the verified domains end
the membership and the account's SSO sessions of the project; the owner is never touched, no
account is deleted or renamed; verifying or removing a domain re-projects at once."""
import pytest
from sqlalchemy import select

from core.db import db
from sections.auth.models import Session, User
from sections.auth.services import sessions
from tests.content import signed_in_user
from tests.factories import audit_entries, make_project, members_of, user_id
from tests.scim.scim import (
    ENTERPRISE,
    GROUP_SCHEMA,
    USER_SCHEMA,
    new_token,
    patch_body,
    scim,
    user_body,
)

OWNER = "owner@acme.example"


@pytest.fixture
def app(make_app, dns_server):
    return make_app(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=0.3)


def claim(client, project, headers, dns_server, name, verified=True) -> dict:
    domain = client.post(f"/api/projects/{project}/domains", headers=headers,
                         json={"domain": name}).get_json()["data"]
    if verified:
        verify(client, project, headers, dns_server, domain)
    return domain


def verify(client, project, headers, dns_server, domain):
    dns_server.publish(domain["verification"]["name"], domain["verification"]["value"])
    answer = client.post(f"/api/projects/{project}/domains/{domain['id']}/verify",
                         headers=headers)
    assert answer.get_json()["data"]["status"] == "VERIFIED", answer.get_json()


@pytest.fixture
def acme(app, client, dns_server):
    owner = signed_in_user(app, OWNER)
    project = make_project(app, OWNER, name="Acme")
    claim(client, project, owner, dns_server, "acme.example")
    token = {"Authorization": f"Bearer {new_token(client, owner, project)}"}
    return project, owner, token


def account(app, email):
    with app.app_context():
        return db.session.execute(select(User).where(User.email == email)).scalar_one_or_none()


def sso_session(app, email, project):
    with app.app_context():
        user = db.session.execute(select(User).where(User.email == email)).scalar_one()
        issued = sessions.create(user)
        db.session.get(Session, issued.id).sso_project_id = project
        db.session.commit()
        return issued.id


def session_ids(app, email):
    with app.app_context():
        return set(db.session.execute(select(Session.id).join(
            User, User.id == Session.user_id).where(User.email == email)).scalars())


def test_users_at_verified_domains_become_members(app, client, acme):
    project, _owner, token = acme
    created = scim(client, "POST", "/Users", token, user_body(
        "alice", name={"givenName": "Alice", "familyName": "Liddell"},
        emails=[{"value": "home@example.com"}, {"value": "Alice@ACME.example", "primary": True}]))
    assert created.status_code == 201, created.get_json()
    alice = account(app, "alice@acme.example")
    assert alice.email_verified and alice.password_hash is None and alice.name == "Alice Liddell"
    assert members_of(app, project)[alice.id] == "member"
    token_id = client.get(f"/api/projects/{project}/scim-tokens",
                          headers=acme[1]).get_json()["data"][0]["id"]
    assert audit_entries(app, "project.member_add") == [
        (None, "project.member_add", "project", project,
         {"userId": alice.id, "role": "member", "via": "scim", "scimTokenId": token_id})]
    outside = scim(client, "POST", "/Users", token, user_body("stranger@example.com"))
    assert outside.status_code == 201
    assert account(app, "stranger@example.com") is None
    sub = scim(client, "POST", "/Users", token, user_body("x@mail.acme.example"))
    assert sub.status_code == 201 and account(app, "x@mail.acme.example") is None
    assert len(members_of(app, project)) == 2


def test_an_unverified_account_is_claimed_and_a_verified_one_kept(app, client, acme):
    project, _owner, token = acme
    squatter = client.post("/api/auth/sign-up", json={"email": "bob@acme.example",
                                                      "password": "Squatter-Pass-2026!"})
    assert squatter.status_code == 201, squatter.get_json()
    carol = signed_in_user(app, "carol@acme.example", verified=True)
    for name in ("bob@acme.example", "carol@acme.example"):
        scim(client, "POST", "/Users", token, user_body(name, displayName="Renamed"))
    bob = account(app, "bob@acme.example")
    assert bob.email_verified and bob.password_hash is None and not session_ids(
        app, "bob@acme.example")
    assert client.get("/api/auth/session", headers=carol).status_code == 200
    kept = account(app, "carol@acme.example")
    assert kept.name != "Renamed"
    assert members_of(app, project)[kept.id] == "member"


def test_active_deletion_and_moves_end_the_membership(app, client, acme, dns_server):
    project, owner, token = acme
    user = scim(client, "POST", "/Users", token, {
        "schemas": [USER_SCHEMA, ENTERPRISE], "userName": "dana@acme.example",
        "displayName": "Dana"}).get_json()
    dana = account(app, "dana@acme.example").id
    sso = sso_session(app, "dana@acme.example", project)
    elsewhere = sso_session(app, "dana@acme.example", None)
    off = scim(client, "PATCH", f"/Users/{user['id']}", token, patch_body(
        {"op": "Replace", "path": "active", "value": "False"}))
    assert off.status_code == 200
    assert dana not in members_of(app, project)
    assert session_ids(app, "dana@acme.example") == {elsewhere} and sso != elsewhere
    assert audit_entries(app, "project.member_remove")[-1][4] == {
        "userId": dana, "via": "scim", "from": "member",
        "scimTokenId": audit_entries(app, "project.scim_token_create")[0][4]["scimTokenId"]}
    scim(client, "PATCH", f"/Users/{user['id']}", token, patch_body(
        {"op": "replace", "value": {"active": True}}))
    assert members_of(app, project)[dana] == "member"
    claim(client, project, owner, dns_server, "acme2.example")
    moved = scim(client, "PATCH", f"/Users/{user['id']}", token, patch_body(
        {"op": "replace", "path": "userName", "value": "dana@acme2.example"}))
    assert moved.status_code == 200
    dana2 = account(app, "dana@acme2.example").id
    assert dana not in members_of(app, project) and members_of(app, project)[dana2] == "member"
    scim(client, "PATCH", f"/Users/{user['id']}", token, patch_body(
        {"op": "replace", "path": "userName", "value": "dana@elsewhere.example"}))
    assert dana2 not in members_of(app, project)
    scim(client, "PATCH", f"/Users/{user['id']}", token, patch_body(
        {"op": "replace", "path": "userName", "value": "dana@acme.example"}))
    assert members_of(app, project)[dana] == "member"
    assert scim(client, "DELETE", f"/Users/{user['id']}", token).status_code == 204
    assert dana not in members_of(app, project)
    assert account(app, "dana@acme.example") is not None and account(app, "dana@acme2.example")


def test_admin_groups_the_highest_role_and_the_owner(app, client, acme):
    project, owner, token = acme
    first = scim(client, "POST", "/Users", token, user_body("erin@acme.example")).get_json()
    second = scim(client, "POST", "/Users", token, user_body(
        "erin.alias", emails=[{"value": "erin@acme.example"}], active=False)).get_json()
    erin = account(app, "erin@acme.example").id
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "displayName": "ACME ADMINS",
        "members": [{"value": second["id"]}]}).get_json()
    assert members_of(app, project)[erin] == "member"
    changed = client.patch(f"/api/projects/{project}", headers=owner,
                           json={"scimAdminGroups": ["Acme Admins"]})
    assert changed.status_code == 200, changed.get_json()
    assert members_of(app, project)[erin] == "member"  # the admin User is inactive
    scim(client, "PATCH", f"/Users/{second['id']}", token, patch_body(
        {"op": "replace", "path": "active", "value": True}))
    assert members_of(app, project)[erin] == "admin"
    scim(client, "PATCH", f"/Groups/{group['id']}", token, patch_body(
        {"op": "remove", "path": f'members[value eq "{second["id"]}"]'}))
    assert members_of(app, project)[erin] == "member"
    scim(client, "PATCH", f"/Groups/{group['id']}", token, patch_body(
        {"op": "add", "path": "members", "value": [{"value": first["id"]}]}))
    assert members_of(app, project)[erin] == "admin"
    scim(client, "PATCH", f"/Groups/{group['id']}", token, patch_body(
        {"op": "replace", "path": "displayName", "value": "Staff"}))
    assert members_of(app, project)[erin] == "member"
    roles = [entry[4]["to"] for entry in audit_entries(app, "project.member_role")]
    assert roles == ["admin", "member", "admin", "member"]
    scim(client, "DELETE", f"/Users/{first['id']}", token)
    assert members_of(app, project)[erin] == "member"  # the second User is still active
    boss = scim(client, "POST", "/Users", token, user_body(OWNER, active=False)).get_json()
    scim(client, "POST", "/Groups", token, {"schemas": [GROUP_SCHEMA], "displayName": "Staff",
                                            "members": [{"value": boss["id"]}]})
    scim(client, "DELETE", f"/Users/{boss['id']}", token)
    assert members_of(app, project)[user_id(app, OWNER)] == "owner"


def test_verifying_and_removing_a_domain_reprojects(app, client, acme, dns_server):
    project, owner, token = acme
    pending = claim(client, project, owner, dns_server, "beta.example", verified=False)
    scim(client, "POST", "/Users", token, user_body("fay@beta.example"))
    assert account(app, "fay@beta.example") is None
    verify(client, project, owner, dns_server, pending)
    fay = account(app, "fay@beta.example").id
    assert members_of(app, project)[fay] == "member"
    removed = client.delete(f"/api/projects/{project}/domains/{pending['id']}", headers=owner)
    assert removed.status_code == 204
    assert fay not in members_of(app, project)
    assert account(app, "fay@beta.example") is not None


def test_changing_scim_admin_groups_reprojects(app, client, acme):
    project, owner, token = acme
    user = scim(client, "POST", "/Users", token, user_body("gus@acme.example")).get_json()
    scim(client, "POST", "/Groups", token, {"schemas": [GROUP_SCHEMA], "displayName": "Ops",
                                            "members": [{"value": user["id"]}]})
    gus = account(app, "gus@acme.example").id
    assert members_of(app, project)[gus] == "member"
    client.patch(f"/api/projects/{project}", headers=owner, json={"scimAdminGroups": ["OPS"]})
    assert members_of(app, project)[gus] == "admin"
    client.patch(f"/api/projects/{project}", headers=owner, json={"scimAdminGroups": []})
    assert members_of(app, project)[gus] == "member"
    assert [entry[4]["scimTokenId"] for entry in
            audit_entries(app, "project.member_role")] == [None, None]


def test_renaming_a_group_recomputes_its_members_roles_at_once(app, client, acme, clock):
    """A Group grants admin by its name, so a rename (PATCH with or without a path, or PUT)
    settles its members' roles in the same request; meta.lastModified moves only when the
    Group did."""
    project, owner, token = acme
    user = scim(client, "POST", "/Users", token, user_body("hal@acme.example")).get_json()
    other = scim(client, "POST", "/Groups", token, {"schemas": [GROUP_SCHEMA],
                                                    "displayName": "Nested"}).get_json()
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "displayName": "Ops",
        "members": [{"value": user["id"]}]}).get_json()
    client.patch(f"/api/projects/{project}", headers=owner, json={"scimAdminGroups": ["Admins"]})
    hal = account(app, "hal@acme.example").id
    assert members_of(app, project)[hal] == "member"
    path = f"/Groups/{group['id']}"
    renamed = scim(client, "PATCH", path, token, patch_body(
        {"op": "replace", "path": "displayName", "value": "Admins"}))
    assert renamed.status_code == 200, renamed.get_json()
    assert members_of(app, project)[hal] == "admin"
    scim(client, "PATCH", path, token, patch_body(
        {"op": "replace", "value": {"displayName": "Staff"}}))
    assert members_of(app, project)[hal] == "member"
    put = scim(client, "PUT", path, token, {"schemas": [GROUP_SCHEMA], "displayName": "admins",
                                            "members": [{"value": user["id"]}]})
    assert put.status_code == 200 and members_of(app, project)[hal] == "admin"
    seen = put.get_json()["meta"]["lastModified"]
    clock.advance(seconds=1)
    again = scim(client, "PATCH", path, token, patch_body(
        {"op": "add", "path": "members", "value": [{"value": user["id"]}]}))
    assert again.get_json()["meta"]["lastModified"] == seen  # already a member: no change
    nested = scim(client, "PATCH", path, token, patch_body(
        {"op": "add", "path": "members", "value": [{"value": other["id"]}]}))
    assert nested.get_json()["meta"]["lastModified"] > seen
    assert {member["value"] for member in nested.get_json()["members"]} == {user["id"],
                                                                            other["id"]}
