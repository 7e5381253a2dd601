"""A project's SSO connections (extensions.md E4.2) against a real OpenID provider on loopback:
creation reads the discovery document, who may manage and read them, the cap, the answers
(never the client secret, which is kept encrypted), changes and their audit entries."""
import pytest
from sqlalchemy import select

from core.db import db
from sections.sso.models import SsoConnection
from tests.content import signed_in_user
from tests.factories import audit_entries, make_project
from tests.http import error

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")


@pytest.fixture
def app(make_app, oidc_provider):
    return make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)


@pytest.fixture
def team(app):
    headers = {role: signed_in_user(app, f"{role}@corp.test",
                                    role="admin" if role == "platform" else "user")
               for role in ("owner", "admin", "member", "outsider", "platform")}
    project = make_project(app, "owner@corp.test", members=["member@corp.test"],
                           admins=["admin@corp.test"])
    return project, headers


def oidc_body(provider, **extra):
    return {"type": "oidc", "name": "Corp IdP", "issuer": provider.issuer,
            "clientId": provider.CLIENT_ID, "clientSecret": provider.CLIENT_SECRET, **extra}


def create(client, project, headers, body):
    return client.post(f"/api/projects/{project}/sso-connections", headers=headers, json=body)


def test_an_owner_connects_an_oidc_provider(client, team, oidc_provider):
    project, headers = team
    response = create(client, project, headers["owner"], oidc_body(oidc_provider))
    assert response.status_code == 201, response.get_json()
    connection = response.get_json()["data"]
    assert connection["type"] == "oidc" and connection["status"] == "ACTIVE"
    assert connection["projectId"] == project and connection["name"] == "Corp IdP"
    assert connection["saml"] is None
    assert connection["oidc"] == {
        "issuer": oidc_provider.issuer, "clientId": oidc_provider.CLIENT_ID,
        "redirectUri": "http://app.test/api/auth/sso/oidc/callback"}
    assert "clientSecret" not in str(response.get_json())
    assert oidc_provider.CLIENT_SECRET not in response.get_data(as_text=True)
    assert connection["createdAt"] == connection["updatedAt"]
    # Kept encrypted: the stored value is a Fernet token, not the secret.
    with client.application.app_context():
        stored = db.session.execute(select(SsoConnection.oidc_client_secret)).scalar_one()
    assert stored.startswith("gAAAAA") and oidc_provider.CLIENT_SECRET not in stored
    entries = audit_entries(client.application, "project.sso_connection_add")
    assert [(e[0] is not None, e[2], e[3], e[4]["connectionId"]) for e in entries] == [
        (True, "project", project, connection["id"])]
    read = client.get(f"/api/projects/{project}/sso-connections/{connection['id']}",
                      headers=headers["admin"])
    assert read.status_code == 200 and read.get_json()["data"] == connection


def test_who_may_manage_and_read(client, team, oidc_provider):
    project, headers = team
    path = f"/api/projects/{project}/sso-connections"
    error(create(client, project, headers["admin"], oidc_body(oidc_provider)), 403, "FORBIDDEN")
    error(create(client, project, headers["member"], oidc_body(oidc_provider)), 403, "FORBIDDEN")
    error(create(client, project, headers["outsider"], oidc_body(oidc_provider)), 404,
          "NOT_FOUND")
    error(client.post(path, json=oidc_body(oidc_provider)), 401, "AUTH_ERROR")
    made = create(client, project, headers["platform"], oidc_body(oidc_provider))
    assert made.status_code == 201
    connection = made.get_json()["data"]["id"]
    assert client.get(path, headers=headers["admin"]).status_code == 200
    error(client.get(path, headers=headers["member"]), 403, "FORBIDDEN")
    error(client.get(path, headers=headers["outsider"]), 404, "NOT_FOUND")
    error(client.patch(f"{path}/{connection}", headers=headers["admin"], json={"name": "x"}),
          403, "FORBIDDEN")
    error(client.delete(f"{path}/{connection}", headers=headers["member"]), 403, "FORBIDDEN")
    error(client.get(f"{path}/nope", headers=headers["owner"]), 404, "NOT_FOUND")
    other = make_project(client.application, "outsider@corp.test")
    error(client.get(f"/api/projects/{other}/sso-connections/{connection}",
                     headers=headers["outsider"]), 404, "NOT_FOUND")


@pytest.mark.parametrize("body, field", [
    ({"type": "oidc", "name": "x", "clientId": "c", "clientSecret": "s"}, "issuer"),
    ({"type": "oidc", "name": "", "issuer": "https://x.test", "clientId": "c",
      "clientSecret": "s"}, "name"),
    ({"type": "oidc", "name": "n" * 101, "issuer": "https://x.test", "clientId": "c",
      "clientSecret": "s"}, "name"),
    ({"type": "ldap", "name": "x"}, "type"),
    ({"type": "saml", "name": "x"}, "idpMetadataXml"),
    ({"type": "oidc", "name": "x", "issuer": "https://x.test", "clientId": "c"},
     "clientSecret"),
])
def test_bad_bodies_name_their_field(client, team, body, field):
    project, headers = team
    body = error(create(client, project, headers["owner"], body), 400, "VALIDATION_ERROR")
    assert field in body["details"], body


def test_the_discovery_document_must_match(client, team, oidc_provider):
    project, headers = team
    # The provider names itself without the slash; /elsewhere has no discovery document.
    for issuer in (oidc_provider.issuer + "/", oidc_provider.issuer + "/elsewhere"):
        body = error(create(client, project, headers["owner"],
                            oidc_body(oidc_provider, issuer=issuer)), 400, "VALIDATION_ERROR")
        assert "issuer" in body["details"], (issuer, body)


@pytest.mark.parametrize("methods", [5, "client_secret_post", [5], {"a": 1}])
def test_odd_token_endpoint_auth_methods_are_refused(client, team, oidc_provider, methods):
    project, headers = team
    oidc_provider.fields["/.well-known/openid-configuration"] = {
        "token_endpoint_auth_methods_supported": methods}
    body = error(create(client, project, headers["owner"], oidc_body(oidc_provider)), 400,
                 "VALIDATION_ERROR")
    assert "token_endpoint_auth_methods_supported" in " ".join(body["details"]["issuer"]), body


def test_at_most_five_a_project_listed_by_creation(client, team, oidc_provider):
    project, headers = team
    made = [create(client, project, headers["owner"],
                   oidc_body(oidc_provider, name=f"IdP {n}")).get_json()["data"]["id"]
            for n in range(5)]
    error(create(client, project, headers["owner"], oidc_body(oidc_provider)), 409, "CONFLICT")
    listed = client.get(f"/api/projects/{project}/sso-connections?sort=createdAt&order=asc"
                        "&limit=2", headers=headers["owner"]).get_json()
    assert listed["meta"] == {"total": 5, "page": 1, "limit": 2, "pages": 3}
    assert [c["id"] for c in listed["data"]] == made[:2]


def test_changes_and_removal_are_audited(client, team, oidc_provider):
    project, headers = team
    connection = create(client, project, headers["owner"],
                        oidc_body(oidc_provider)).get_json()["data"]
    path = f"/api/projects/{project}/sso-connections/{connection['id']}"
    same = client.patch(path, headers=headers["owner"], json={"name": "Corp IdP"})
    assert same.status_code == 200 and same.get_json()["data"] == connection
    assert audit_entries(client.application, "project.sso_connection_update") == []
    changed = client.patch(path, headers=headers["owner"],
                           json={"name": "Okta", "status": "INACTIVE", "clientSecret": "new"})
    assert changed.status_code == 200, changed.get_json()
    data = changed.get_json()["data"]
    assert data["name"] == "Okta" and data["status"] == "INACTIVE"
    [entry] = audit_entries(client.application, "project.sso_connection_update")
    assert entry[4]["name"] == {"from": "Corp IdP", "to": "Okta"}
    assert entry[4]["status"] == {"from": "ACTIVE", "to": "INACTIVE"}
    assert entry[4]["clientSecret"] == "changed" and "new" not in str(entry[4].values())
    body = error(client.patch(path, headers=headers["owner"], json={"idpMetadataXml": "<x/>"}),
                 400, "VALIDATION_ERROR")
    assert "idpMetadataXml" in body["details"]
    error(client.patch(path, headers=headers["owner"], json={"status": "GONE"}), 400,
          "VALIDATION_ERROR")
    assert client.delete(path, headers=headers["owner"]).status_code == 204
    assert client.get(path, headers=headers["owner"]).status_code == 404
    [removed] = audit_entries(client.application, "project.sso_connection_remove")
    assert removed[4]["connectionId"] == connection["id"]


def test_a_project_requiring_sso_keeps_an_active_connection(client, team, oidc_provider):
    from sections.projects.models import Project
    project, headers = team
    first = create(client, project, headers["owner"], oidc_body(oidc_provider)).get_json()
    second = create(client, project, headers["owner"], oidc_body(oidc_provider)).get_json()
    with client.application.app_context():
        db.session.get(Project, project).sso_required = True
        db.session.commit()
    path = f"/api/projects/{project}/sso-connections"
    first, second = first["data"]["id"], second["data"]["id"]
    assert client.patch(f"{path}/{first}", headers=headers["owner"],
                        json={"status": "INACTIVE"}).status_code == 200
    error(client.patch(f"{path}/{second}", headers=headers["owner"],
                       json={"status": "INACTIVE"}), 409, "CONFLICT")
    error(client.delete(f"{path}/{second}", headers=headers["owner"]), 409, "CONFLICT")
    assert client.delete(f"{path}/{first}", headers=headers["owner"]).status_code == 204
    assert client.patch(f"{path}/{second}", headers=headers["owner"],
                        json={"name": "Renamed"}).status_code == 200
