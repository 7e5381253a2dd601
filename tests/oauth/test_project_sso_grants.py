"""Single sign-on over grants (extensions.md E5.8, E4.4) through HTTP, with a real OpenID
provider on loopback: a token of an authorization consented with an SSO session of the project
counts as such a session there; any other token of a bound member gets 403 SSO_REQUIRED."""
import pytest

from tests.http import error
from tests.projects.test_sso_required import ADA, BOB, OWNER, Corp
from tests.provider_flow import bearer, code_flow, new_app, settings

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
