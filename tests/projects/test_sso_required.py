"""Requiring single sign-on (extensions.md E4.2, E4.4) through HTTP, with a real OpenID provider
on loopback: `ssoRequired` and `scimAdminGroups` in the project answer and its PATCH (who may
set them, what `true` needs, the last verified domain kept), and the bound member, who is a
non-member in lists, counts, search and content and gets 403 SSO_REQUIRED on the project's own
paths with every credential but a session from one of the project's ACTIVE connections."""
import pytest

from tests.conftest import PASSWORD
from tests.content import signed_in_user
from tests.factories import make_project, verify_email
from tests.http import bearer, error, refused
from tests.sso_provider import at_provider, oidc_connection, verified_domain

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")

OWNER, ADA, EVE, BOB, SAM, STAFF = (
    "owner@corp.test", "ada@corp.test", "eve@corp.test", "bob@elsewhere.test",
    "sam@sub.corp.test", "staff@corp.test")


@pytest.fixture
def app(make_app, oidc_provider):
    return make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)


class Corp:
    """A project holding corp.test VERIFIED with an ACTIVE OIDC connection; its owner, Ada
    (member, at the domain, with a password session and an API key), Eve (admin, at the
    domain), Bob and Sam (members at other domains) and a platform admin at the domain."""

    def __init__(self, app, client, auth, provider):
        self.client = client
        ada = auth.headers(ADA)  # signed up with a password; verified, so SSO links it
        verify_email(app, ADA)
        self.headers = {email: signed_in_user(app, email, role="admin" if email == STAFF
                                              else "user")
                        for email in (OWNER, EVE, BOB, SAM, STAFF)}
        self.headers[ADA] = ada
        self.project = make_project(app, OWNER, members=[ADA, BOB, SAM, STAFF], admins=[EVE],
                                    name="Corp")
        verified_domain(app, self.project, "corp.test")
        self.connection = oidc_connection(client, self.project, self.headers[OWNER], provider)
        provider.add_user("ada", ADA)
        provider.add_user("eve", EVE)
        key = client.post("/api/auth/api-keys", headers=ada,
                          json={"name": "ci", "password": PASSWORD, "scopes": ["read", "write"]})
        assert key.status_code == 201, key.get_json()
        self.key = bearer(key.get_json()["key"])
        self.article = client.post("/api/articles", headers=self.headers[OWNER], json={
            "projectId": self.project, "title": "Zeppelin plans", "content": "Secret draft"})
        assert self.article.status_code == 201, self.article.get_json()
        self.article = self.article.get_json()["data"]["id"]

    def patch(self, who, **body):
        return self.client.patch(f"/api/projects/{self.project}", headers=self.headers[who],
                                 json=body)

    def require(self, value=True):
        response = self.patch(OWNER, ssoRequired=value)
        assert response.status_code == 200, response.get_json()
        return response.get_json()["data"]

    def sso_session(self, sub="ada", email=ADA):
        started = self.client.get("/api/auth/sso", query_string={"email": email})
        assert started.status_code == 302, started.get_json()
        signed = self.client.get(at_provider(started.headers["Location"], sub))
        assert signed.status_code == 200, signed.get_json()
        return bearer(signed)


@pytest.fixture
def corp(app, client, auth, oidc_provider):
    return Corp(app, client, auth, oidc_provider)


def sees_as_member(client, corp, headers) -> bool:
    """Whether `headers` reach the project as a member does, in every place; asserts that
    every place agrees (all member, or all non-member with SSO_REQUIRED on the project's paths)."""
    project = corp.project
    mine = client.get("/api/projects", headers=headers).get_json()
    listed = [p["id"] for p in mine["data"]]
    read = client.get(f"/api/projects/{project}", headers=headers)
    members = client.get(f"/api/projects/{project}/members", headers=headers)
    article = client.get(f"/api/articles/{corp.article}", headers=headers)
    drafts = client.get(f"/api/articles?projectId={project}&status=DRAFT", headers=headers)
    found = client.get("/api/search?q=Zeppelin", headers=headers).get_json()
    if read.status_code == 200:
        assert listed == [project] and mine["meta"]["total"] == 1
        assert members.status_code == 200 and article.status_code == 200
        assert drafts.get_json()["meta"]["total"] == 1 and found["meta"]["total"] == 1
        return True
    body = error(read, 403, "SSO_REQUIRED")
    assert "GET /api/auth/sso" in body["message"]
    error(members, 403, "SSO_REQUIRED")
    assert listed == [] and mine["meta"]["total"] == 0
    error(article, 404, "NOT_FOUND")
    assert drafts.status_code in (200, 404)
    if drafts.status_code == 200:
        assert drafts.get_json()["meta"]["total"] == 0
    assert found["meta"]["total"] == 0
    return False


def test_the_answer_shows_sso_required_to_all_and_the_groups_to_owner_and_admins(client, corp):
    for who in (OWNER, EVE, STAFF):
        data = client.get(f"/api/projects/{corp.project}", headers=corp.headers[who]).get_json()
        assert data["data"]["ssoRequired"] is False and data["data"]["scimAdminGroups"] == []
    for who in (ADA, BOB):
        data = client.get(f"/api/projects/{corp.project}", headers=corp.headers[who]).get_json()
        assert data["data"]["ssoRequired"] is False and "scimAdminGroups" not in data["data"]
        listed = client.get("/api/projects", headers=corp.headers[who]).get_json()["data"]
        assert listed[0]["ssoRequired"] is False and "scimAdminGroups" not in listed[0]


def test_only_the_owner_sets_them(client, corp):
    # An admin may change the name, not these (403 before the body's 400); a member nothing.
    for body in ({"ssoRequired": False}, {"scimAdminGroups": []},
                 {"name": "x", "ssoRequired": "not a boolean"}):
        error(corp.patch(EVE, **body), 403, "FORBIDDEN")
        error(corp.patch(ADA, **body), 403, "FORBIDDEN")
    assert corp.patch(EVE, name="Corp Inc").status_code == 200
    changed = corp.patch(OWNER, scimAdminGroups=["Admins"])
    assert changed.get_json()["data"]["scimAdminGroups"] == ["Admins"]
    # A platform admin acts as the owner.
    assert corp.patch(STAFF, scimAdminGroups=[]).status_code == 200


@pytest.mark.parametrize("groups, kept", [
    ([], []),
    (["Admins", "admins", " ADMINS ", "Ops", "ops"], ["Admins", "Ops"]),
    (["Ünïcode Team", "ünïcode team"], ["Ünïcode Team"]),
    (["g" * 100], ["g" * 100]),
    ([f"group {i}" for i in range(50)] + ["GROUP 0"], [f"group {i}" for i in range(50)]),
])
def test_admin_groups_are_kept_once_each(client, corp, groups, kept):
    answer = corp.patch(OWNER, scimAdminGroups=groups)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["data"]["scimAdminGroups"] == kept
    read = client.get(f"/api/projects/{corp.project}", headers=corp.headers[EVE]).get_json()
    assert read["data"]["scimAdminGroups"] == kept


@pytest.mark.parametrize("body", [
    {"scimAdminGroups": None}, {"scimAdminGroups": "Admins"}, {"scimAdminGroups": [""]},
    {"scimAdminGroups": ["  "]}, {"scimAdminGroups": ["g" * 101]}, {"scimAdminGroups": [7]},
    {"scimAdminGroups": [["Admins"]]}, {"scimAdminGroups": ["a\u0000b"]},
    {"scimAdminGroups": [f"group {i}" for i in range(51)]},
    {"ssoRequired": None}, {"ssoRequired": "true"}, {"ssoRequired": 1},
])
def test_bad_settings_are_400(corp, body):
    error(corp.patch(OWNER, **body), 400, "VALIDATION_ERROR")


def test_requiring_sso_needs_an_active_connection_and_a_verified_domain(app, client, corp):
    owner = corp.headers[OWNER]
    bare = client.post("/api/projects", headers=owner, json={"name": "Bare"})
    bare = bare.get_json()["data"]["id"]
    path = f"/api/projects/{bare}"
    body = error(client.patch(path, headers=owner, json={"ssoRequired": True}), 409, "CONFLICT")
    assert "domain" in body["message"]
    verified_domain(app, bare, "bare.test")
    body = error(client.patch(path, headers=owner, json={"ssoRequired": True}), 409, "CONFLICT")
    assert "connection" in body["message"]
    # An INACTIVE connection is no connection here.
    connection = corp.connection
    off = client.patch(f"/api/projects/{corp.project}/sso-connections/{connection}",
                       headers=owner, json={"status": "INACTIVE"})
    assert off.status_code == 200, off.get_json()
    error(corp.patch(OWNER, ssoRequired=True), 409, "CONFLICT")
    client.patch(f"/api/projects/{corp.project}/sso-connections/{connection}", headers=owner,
                 json={"status": "ACTIVE"})
    assert corp.require()["ssoRequired"] is True
    # Everyone who sees the project sees it.
    read = client.get(f"/api/projects/{corp.project}", headers=corp.headers[BOB]).get_json()
    assert read["data"]["ssoRequired"] is True
    assert corp.require(False)["ssoRequired"] is False


def test_the_last_verified_domain_stays_while_sso_is_required(app, client, corp):
    from sections.domains.models import Domain
    from tests.factories import count
    verified_domain(app, corp.project, "corp-mail.test")
    corp.require()
    listed = client.get(f"/api/projects/{corp.project}/domains?order=asc",
                        headers=corp.headers[OWNER]).get_json()["data"]
    first, last = (f"/api/projects/{corp.project}/domains/{d['id']}" for d in listed)
    assert client.delete(first, headers=corp.headers[OWNER]).status_code == 204
    body = error(client.delete(last, headers=corp.headers[OWNER]), 409, "CONFLICT")
    assert "single sign-on" in body["message"]
    # A PENDING domain goes whatever the setting.
    pending = client.post(f"/api/projects/{corp.project}/domains", headers=corp.headers[OWNER],
                          json={"domain": "pending.test"}).get_json()["data"]["id"]
    assert client.delete(f"/api/projects/{corp.project}/domains/{pending}",
                         headers=corp.headers[OWNER]).status_code == 204
    corp.require(False)
    assert client.delete(last, headers=corp.headers[OWNER]).status_code == 204
    assert count(app, Domain, Domain.project_id == corp.project) == 0


def test_a_bound_member_is_a_non_member_without_the_projects_sso(client, corp):
    ada, key = corp.headers[ADA], corp.key
    assert sees_as_member(client, corp, ada) and sees_as_member(client, corp, key)
    corp.require()
    # A password session and an API key: a non-member everywhere, SSO_REQUIRED on its paths.
    assert not sees_as_member(client, corp, ada)
    assert not sees_as_member(client, corp, key)
    for method, path, body in (
            ("patch", f"/api/projects/{corp.project}", {"name": "x"}),
            ("delete", f"/api/projects/{corp.project}/members/{corp.project}", None),
            ("get", f"/api/projects/{corp.project}/domains", None),
            ("get", f"/api/projects/{corp.project}/sso-connections", None),
            ("get", f"/api/projects/{corp.project}/scim-tokens", None),
            ("get", f"/api/projects/{corp.project}/audit-log", None),
            ("post", f"/api/projects/{corp.project}/invitations", {"email": "x@corp.test"})):
        error(client.open(f"/api/projects/{corp.project}" if path is None else path,
                          method=method.upper(), headers=ada, json=body), 403, "SSO_REQUIRED")
    # Naming the project anywhere else: it is not the caller's.
    error(client.post("/api/articles", headers=ada, json={
        "projectId": corp.project, "title": "t", "content": "c"}), 404, "NOT_FOUND")
    # A session from the project's connection: a member as before.
    assert sees_as_member(client, corp, corp.sso_session())
    # The setting off: every credential counts again.
    corp.require(False)
    assert sees_as_member(client, corp, ada) and sees_as_member(client, corp, key)


def test_who_is_never_bound(client, corp):
    corp.require()
    # The owner, a platform admin, members at other domains (a subdomain is another domain).
    for who in (OWNER, STAFF, BOB, SAM):
        assert sees_as_member(client, corp, corp.headers[who]), who
    # An admin at the domain is bound like any member; with the project's SSO it is an admin.
    assert not sees_as_member(client, corp, corp.headers[EVE])
    eve = corp.sso_session("eve", EVE)
    assert sees_as_member(client, corp, eve)
    read = client.get(f"/api/projects/{corp.project}", headers=eve).get_json()["data"]
    assert read["role"] == "admin" and read["scimAdminGroups"] == []


def change_address(client, headers, new):
    return client.post("/api/auth/change-email", headers=headers,
                       json={"newEmail": new, "password": PASSWORD})


def confirm_address(client, token):
    return client.post("/api/auth/change-email/confirm", json={"token": token})


def test_an_account_linked_to_the_projects_provider_stays_bound_at_any_address(
        client, corp, mail):
    """R4-3: Ada signed in once through the company's provider (linked), then moved her
    account's address to another domain while SSO was not required. Required now, the link
    binds her: her password session is a non-member, her SSO session a member."""
    sso = corp.sso_session()  # links Ada's account to the connection's identity "ada"
    assert change_address(client, corp.headers[ADA], "ada@elsewhere.test").status_code == 200
    moved = confirm_address(client, mail.last_token("ada@elsewhere.test"))
    assert moved.status_code == 200 and moved.get_json()["user"]["email"] == "ada@elsewhere.test"
    corp.require()
    assert not sees_as_member(client, corp, corp.headers[ADA])
    assert not sees_as_member(client, corp, corp.key)
    assert sees_as_member(client, corp, sso)


def test_a_bound_account_keeps_an_address_at_the_projects_domains(app, client, corp, mail):
    """R4-3: while Corp binds Ada, her address may move to another of its VERIFIED domains,
    not elsewhere (409 naming the project, at the request and at the confirmation)."""
    # Asked before SSO was required, confirmed after: refused then, the token kept.
    assert change_address(client, corp.headers[ADA], "ada@elsewhere.test").status_code == 200
    token = mail.last_token("ada@elsewhere.test")
    corp.require()
    said = refused(confirm_address(client, token), 409, "CONFLICT")
    assert "Corp" in said["message"]
    body = refused(change_address(client, corp.headers[ADA], "ada@elsewhere.test"), 409,
                 "CONFLICT")
    assert "Corp" in body["message"] and "verified domain" in body["message"]
    refused(change_address(client, corp.headers[ADA], "ada@sub.corp.test"), 409, "CONFLICT")
    corp.require(False)  # the token the refusal kept works once nothing binds the account
    assert confirm_address(client, token).get_json()["user"]["email"] == "ada@elsewhere.test"
    assert change_address(client, corp.headers[ADA], ADA).status_code == 200
    assert confirm_address(client, mail.last_token(ADA)).status_code == 200
    corp.require()
    assert client.get("/api/auth/session", headers=corp.headers[ADA]).get_json()[
        "user"]["email"] == ADA
    # Another VERIFIED domain of the project is the company's too.
    verified_domain(app, corp.project, "corp-mail.test")
    assert change_address(client, corp.headers[ADA], "ada@corp-mail.test").status_code == 200
    moved = confirm_address(client, mail.last_token("ada@corp-mail.test"))
    assert moved.status_code == 200, moved.get_json()
    # Once the project stops requiring SSO, Ada's address is hers to move again.
    corp.require(False)
    assert change_address(client, corp.headers[ADA], "ada@elsewhere.test").status_code == 200
    moved = confirm_address(client, mail.last_token("ada@elsewhere.test"))
    assert moved.status_code == 200 and moved.get_json()["user"]["email"] == "ada@elsewhere.test"


def test_an_account_from_the_projects_directory_stays_bound_at_any_address(client, corp, mail):
    """R4-3: Ada's account is linked to a User of Corp's directory (SCIM), not to its
    provider; after her address moved, Corp's ssoRequired still binds her."""
    token = client.post(f"/api/projects/{corp.project}/scim-tokens", json={"name": "Okta"},
                        headers=corp.headers[OWNER]).get_json()["token"]
    created = client.post("/api/scim/v2/Users", headers={"Authorization": f"Bearer {token}"},
                          json={"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
                                "userName": ADA})
    assert created.status_code == 201, created.get_json()
    assert change_address(client, corp.headers[ADA], "ada@elsewhere.test").status_code == 200
    assert confirm_address(client, mail.last_token("ada@elsewhere.test")).status_code == 200
    corp.require()
    assert not sees_as_member(client, corp, corp.headers[ADA])
