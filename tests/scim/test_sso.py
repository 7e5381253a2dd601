"""The directory and single sign-on (extensions.md E4.2, E4.3), with a real OpenID provider on
loopback: an account whose linked User is not active signs in without becoming a member (the
directory's suspension stands), comes back when the User is active again, and loses the
sessions it made through the project's connection when the User is deactivated."""
import pytest

from tests.content import signed_in_user
from tests.factories import make_project, members_of, user_id
from tests.http import bearer
from tests.scim.scim import new_token, patch_body, scim, user_body
from tests.sso_provider import SPA, at_provider, oidc_connection, verified_domain

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")
EMAIL = "ada@corp.test"


@pytest.fixture
def app(make_app, oidc_provider):
    return make_app(SSO_ALLOW_PRIVATE_NETWORKS=True, ALLOWED_REDIRECT_ORIGINS=[SPA])


def sign_in(client):
    started = client.get("/api/auth/sso", query_string={"email": EMAIL})
    assert started.status_code == 302, started.get_json()
    answer = client.get(at_provider(started.headers["Location"], "ada"))
    assert answer.status_code == 200, answer.get_json()
    return bearer(answer)


def test_a_suspended_account_signs_in_without_membership(app, client, oidc_provider):
    owner = signed_in_user(app, "owner@corp.test")
    project = make_project(app, "owner@corp.test")
    verified_domain(app, project, "corp.test")
    oidc_connection(client, project, owner, oidc_provider)
    oidc_provider.add_user("ada", EMAIL)
    token = {"Authorization": f"Bearer {new_token(client, owner, project)}"}
    user = scim(client, "POST", "/Users", token, user_body(EMAIL, active=False)).get_json()
    ada = user_id(app, EMAIL)
    assert ada not in members_of(app, project)
    first = sign_in(client)
    assert ada not in members_of(app, project)
    scim(client, "PATCH", f"/Users/{user['id']}", token, patch_body(
        {"op": "replace", "path": "active", "value": True}))
    assert members_of(app, project)[ada] == "member"
    second = sign_in(client)
    other = signed_in_user(app, "elsewhere@example.com")
    scim(client, "PATCH", f"/Users/{user['id']}", token, patch_body(
        {"op": "replace", "path": "active", "value": False}))
    assert ada not in members_of(app, project)
    for ended in (first, second):
        assert client.get("/api/auth/session", headers=ended).status_code == 401
    assert client.get("/api/auth/session", headers=other).status_code == 200
