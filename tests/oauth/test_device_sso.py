"""The device grant over single sign-on (extensions.md E5.4, E5.8), with a real OpenID provider
on loopback: a device allowed with an SSO session of a project gets tokens that count as that
project's SSO session, as a code consented so does (the consent's path, unchanged)."""
import pytest

from tests.conftest import ISSUED_SECRETS
from tests.http import error
from tests.projects.test_sso_required import ADA, OWNER, Corp
from tests.provider_flow import bearer, device_authorization, new_app, poll, settings

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")


@pytest.fixture
def app(make_app, oidc_provider):
    return make_app(SSO_ALLOW_PRIVATE_NETWORKS=True, **settings())


@pytest.fixture
def corp(app, client, auth, oidc_provider):
    return Corp(app, client, auth, oidc_provider)


def device_tokens(client, registered, headers) -> dict:
    answer = device_authorization(client, registered, scope="openid read").get_json()
    ISSUED_SECRETS.update({answer["device_code"], answer["user_code"]})
    entered = client.post("/api/auth/device", headers=headers,
                          json={"userCode": answer["user_code"]})
    assert entered.status_code == 200, entered.get_json()
    decided = client.post(f"/api/auth/authorizations/{entered.get_json()['request']['id']}",
                          headers=headers, json={"decision": "allow"})
    assert decided.status_code == 200, decided.get_json()
    tokens = poll(client, registered, answer["device_code"])
    assert tokens.status_code == 200, tokens.get_json()
    return tokens.get_json()


def test_a_device_allowed_with_the_project_s_sso_counts_as_its_sso(client, corp):
    registered = new_app(client, corp.headers[OWNER], kind="public")
    by_password = bearer(device_tokens(client, registered, corp.headers[ADA])["access_token"])
    by_sso = bearer(device_tokens(client, registered, corp.sso_session())["access_token"])
    corp.require()
    error(client.get(f"/api/projects/{corp.project}", headers=by_password), 403,
          "SSO_REQUIRED")
    assert client.get(f"/api/projects/{corp.project}", headers=by_sso).status_code == 200
    trail = client.get(f"/api/projects/{corp.project}/audit-log?action=project.oauth_grant",
                       headers=corp.headers[OWNER])
    assert trail.status_code == 200, trail.get_json()
    entries = [entry for entry in trail.get_json()["data"]
               if entry["action"] == "project.oauth_grant"]
    assert len(entries) == 1 and entries[0]["details"]["scopes"] == ["openid", "read"]
