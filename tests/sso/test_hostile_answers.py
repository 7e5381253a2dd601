"""A provider's hostile answers (extensions.md E4.6): whatever it sends, however deep, large or
odd within the limits, is SSO_ERROR (400 naming `issuer` at a connection's creation), never a
500; an ID token's `azp`, when there is one, must be the connection's client id."""
import json

import pytest

from sections.auth.models import Session, User
from tests.content import signed_in_user
from tests.factories import count, make_project
from tests.http import refused
from tests.sso_provider import at_provider, deep, oidc_connection, verified_domain

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")
EMAIL = "ada@corp.test"
DEEP = deep(300_000)  # 600 kB
DISCOVERY, JWKS, TOKEN, USERINFO = ("/.well-known/openid-configuration", "/jwks",
                                    "/oauth2/token", "/userinfo")


@pytest.fixture
def app(make_app, oidc_provider):
    return make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)


@pytest.fixture
def owner(app):
    headers = signed_in_user(app, "owner@corp.test")
    return make_project(app, "owner@corp.test"), headers


@pytest.fixture
def corp(app, client, owner, oidc_provider):
    """A project holding corp.test VERIFIED, with an ACTIVE OIDC connection."""
    project, headers = owner
    verified_domain(app, project, "corp.test")
    oidc_connection(client, project, headers, oidc_provider)
    oidc_provider.add_user("ada", EMAIL)
    return project


def sign_in(client):
    """The whole round trip as ada@corp.test; the callback's answer."""
    started = client.get("/api/auth/sso", query_string={"email": EMAIL})
    assert started.status_code == 302, started.get_json()
    return client.get(at_provider(started.headers["Location"], "ada"))


def signed_in_no_one(app):
    assert count(app, Session, Session.sso_connection_id.is_not(None)) == 0
    assert count(app, User, User.email == EMAIL) == 0


def connect(client, owner, provider):
    project, headers = owner
    return client.post(f"/api/projects/{project}/sso-connections", headers=headers, json={
        "type": "oidc", "name": "IdP", "issuer": provider.issuer,
        "clientId": provider.CLIENT_ID, "clientSecret": provider.CLIENT_SECRET})


def refused_issuer(response) -> str:
    body = response.get_json()
    assert response.status_code == 400 and body["code"] == "VALIDATION_ERROR", body
    return " ".join(body["details"]["issuer"])


def test_a_deep_discovery_document_is_400_naming_issuer(client, owner, oidc_provider):
    oidc_provider.bodies[DISCOVERY] = DEEP
    assert "nests deeper than 32 levels" in refused_issuer(connect(client, owner, oidc_provider))


@pytest.mark.parametrize("levels", [31, 32])
def test_the_limit_counts_levels_not_brackets_in_strings(client, owner, oidc_provider, levels):
    # The document's own object is a level: 1 + 31 is the most read.
    oidc_provider.fields[DISCOVERY] = {"x_note": '[{"\\' * 100,
                                       "x_nested": json.loads(deep(levels))}
    response = connect(client, owner, oidc_provider)
    if levels == 31:
        assert response.status_code == 201, response.get_json()
    else:
        assert "nests deeper than 32 levels" in refused_issuer(response)


@pytest.mark.parametrize("path", [JWKS, TOKEN, USERINFO])
def test_a_deep_answer_during_the_callback_is_sso_error(client, corp, oidc_provider, path):
    oidc_provider.bodies[path] = DEEP
    oidc_provider.drop = ("email",)  # the address from userinfo: every answer is read
    refused(sign_in(client), 400, "SSO_ERROR")
    signed_in_no_one(client.application)


def test_an_id_token_with_deep_claims_is_sso_error(client, corp, oidc_provider):
    # (Its header cannot be: joserfc refuses one over 512 bytes before parsing it.)
    oidc_provider.sign_as = "deep-payload"
    refused(sign_in(client), 400, "SSO_ERROR")
    signed_in_no_one(client.application)


@pytest.mark.parametrize("jwks", [b'{"keys": 5}', b'{"keys": [5, "x", {"kty": ["RSA"]}]}'])
def test_a_jwks_without_a_list_of_keys_is_sso_error_and_not_kept(client, corp, oidc_provider,
                                                                  jwks):
    oidc_provider.bodies[JWKS] = jwks
    refused(sign_in(client), 400, "SSO_ERROR")
    del oidc_provider.bodies[JWKS]  # the provider mends it: the next sign-in reads it again
    assert sign_in(client).status_code == 200
    assert oidc_provider.jwks_reads == 2


@pytest.mark.parametrize("azp", ["another-client", ["sso-client-id"], None, ""])
def test_an_id_token_for_another_authorized_party_is_sso_error(client, corp, oidc_provider, azp):
    # OpenID Connect Core 3.1.3.7 step 5: when there is an azp, it is our client id (a string).
    oidc_provider.tamper = {"azp": azp}
    refused(sign_in(client), 400, "SSO_ERROR")
    signed_in_no_one(client.application)


def test_an_id_token_whose_azp_is_the_client_id_signs_in(client, corp, oidc_provider):
    oidc_provider.tamper = {"azp": oidc_provider.CLIENT_ID, "aud": [oidc_provider.CLIENT_ID,
                                                                    "an-api"]}
    response = sign_in(client)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["email"] == EMAIL
