"""Single sign-on over grants (extensions.md E5.8, E4.4) through HTTP, with a real OpenID
provider on loopback: a token of an authorization consented with an SSO session of the project
counts as such a session there; any other token of a bound member gets 403 SSO_REQUIRED; the
directory ending the membership ends the grants consented through the project's SSO."""
import pytest

from tests.http import error
from tests.projects.test_sso_required import ADA, BOB, OWNER, Corp
from tests.provider_flow import bearer, code_flow, new_app, settings, token
from tests.scim.scim import new_token, patch_body, scim, user_body

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")


@pytest.fixture
def app(make_app, oidc_provider):
    return make_app(SSO_ALLOW_PRIVATE_NETWORKS=True, **settings())


@pytest.fixture
def corp(app, client, auth, oidc_provider):
    return Corp(app, client, auth, oidc_provider)


def reads(client, corp, headers):
    return client.get(f"/api/projects/{corp.project}", headers=headers)


def listed(client, headers) -> int:
    return client.get("/api/projects", headers=headers).get_json()["meta"]["total"]


def test_a_token_consented_with_the_project_s_sso_counts_as_its_sso(client, corp):
    registered = new_app(client, corp.headers[OWNER])
    by_password, _ = code_flow(client, corp.headers[ADA], registered, scope="openid read")
    by_sso, _ = code_flow(client, corp.sso_session(), registered, scope="openid read")
    by_password, by_sso = bearer(by_password["access_token"]), bearer(by_sso["access_token"])
    corp.require()
    error(reads(client, corp, by_password), 403, "SSO_REQUIRED")
    assert listed(client, by_password) == 0
    assert reads(client, corp, by_sso).status_code == 200 and listed(client, by_sso) == 1
    # A member the project does not bind is not concerned, whatever the consent.
    bob, _ = code_flow(client, corp.headers[BOB], registered, scope="openid read")
    assert reads(client, corp, bearer(bob["access_token"])).status_code == 200


def test_the_allowed_clients_hold_an_sso_token_out_too(client, corp):
    registered = new_app(client, corp.headers[OWNER])
    by_sso, _ = code_flow(client, corp.sso_session(), registered, scope="openid read")
    corp.require()
    answer = corp.patch(OWNER, oauthClients=["oa_another"])
    assert answer.status_code == 200, answer.get_json()
    error(reads(client, corp, bearer(by_sso["access_token"])), 403, "OAUTH_CLIENT_NOT_ALLOWED")


def test_the_directory_ending_a_membership_ends_the_grants_consented_through_its_sso(
        client, corp):
    """E5.8's SCIM over grants: the grant consented with the project's SSO session ends whole
    (its access and refresh tokens), in the directory's request; a grant to another app
    consented with a password session stays."""
    through_sso, by_password = new_app(client, corp.headers[OWNER]), new_app(
        client, corp.headers[OWNER], name="Other")
    sso_answer, _ = code_flow(client, corp.sso_session(), through_sso)
    # A second authorization of the same grant, consented with a password session: the grant
    # ends whole, so its tokens stop too.
    same_grant, _ = code_flow(client, corp.headers[ADA], through_sso)
    kept, _ = code_flow(client, corp.headers[ADA], by_password)
    for answer in (sso_answer, same_grant, kept):
        assert client.get("/api/auth/session",
                          headers=bearer(answer["access_token"])).status_code == 200
    directory = {"Authorization": f"Bearer {new_token(client, corp.headers[OWNER], corp.project)}"}
    user = scim(client, "POST", "/Users", directory, user_body(ADA, active=True))
    assert user.status_code == 201, user.get_json()
    ended = scim(client, "PATCH", f"/Users/{user.get_json()['id']}", directory, patch_body(
        {"op": "replace", "path": "active", "value": False}))
    assert ended.status_code == 200, ended.get_json()

    for answer in (sso_answer, same_grant):
        assert client.get("/api/auth/session",
                          headers=bearer(answer["access_token"])).status_code == 401
        refreshed = token(client, through_sso, grant_type="refresh_token",
                          refresh_token=answer["refresh_token"])
        assert refreshed.status_code == 400, refreshed.get_json()
        assert refreshed.get_json()["error"] == "invalid_grant"
    assert client.get("/api/auth/session", headers=bearer(kept["access_token"])).status_code == 200
    listed_apps = client.get("/api/auth/connected-apps", headers=corp.headers[ADA]).get_json()
    assert [grant["client"]["name"] for grant in listed_apps["data"]] == ["Other"]


def trail(client, corp, action):
    answer = client.get(f"/api/projects/{corp.project}/audit-log",
                        query_string={"action": action}, headers=corp.headers[OWNER])
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["data"]


def test_a_grant_consented_through_the_project_s_sso_is_in_its_audit_trail(app, client, corp):
    """E5.8: `project.oauth_grant` (actor the user, the client and the scopes) for a consent
    with the project's SSO session, none for one with a password session, and
    `project.oauth_revoke` when the user disconnects the app; the chain verifies."""
    registered = new_app(client, corp.headers[OWNER])
    code_flow(client, corp.headers[ADA], registered, scope="openid read")
    assert trail(client, corp, "project.oauth_grant") == []
    code_flow(client, corp.sso_session(), registered, scope="openid read offline_access")
    (granted,) = trail(client, corp, "project.oauth_grant")
    ada = client.get("/api/auth/session", headers=corp.headers[ADA]).get_json()["user"]["id"]
    assert granted["actorId"] == ada and granted["projectId"] == corp.project
    assert granted["details"] == {"clientId": registered["app"]["clientId"],
                                  "clientName": "Calendar sync",
                                  "scopes": ["openid", "read", "offline_access"]}
    (connected,) = client.get("/api/auth/connected-apps",
                              headers=corp.headers[ADA]).get_json()["data"]
    gone = client.delete(f"/api/auth/connected-apps/{connected['id']}", headers=corp.headers[ADA])
    assert gone.status_code == 204, gone.get_json()
    (revoked,) = trail(client, corp, "project.oauth_revoke")
    assert revoked["actorId"] == ada and revoked["details"] == {
        "clientId": registered["app"]["clientId"], "clientName": "Calendar sync"}
    verified = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert verified.exit_code == 0 and "chain intact" in verified.output, verified.output
