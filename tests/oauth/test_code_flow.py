"""The authorization code flow end to end through HTTP (extensions.md E5.3-E5.7): an app the
user registered, the consent, the tokens, the API with the access token, a refresh."""
import pytest

from tests.provider_flow import (
    BASE,
    bearer,
    code_flow,
    new_app,
    settings,
    token,
)


@pytest.fixture
def app(make_app):
    return make_app(**settings())


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


def test_an_app_signs_its_user_in_and_calls_the_api(client, alice):
    registered = new_app(client, alice)
    answer, back = code_flow(client, alice, registered)
    assert back["state"] == "xyz" and back["iss"] == BASE
    assert answer["token_type"] == "Bearer" and answer["scope"] == "openid read offline_access"
    assert answer["refresh_token"].startswith("ort_") and answer["id_token"]
    session = client.get("/api/auth/session", headers=bearer(answer["access_token"]))
    assert session.status_code == 200, session.get_json()
    body = session.get_json()
    assert body["session"] is None and body["oauth"]["clientId"] == registered["app"]["clientId"]
    assert client.get("/api/projects", headers=bearer(answer["access_token"])).status_code == 200
    # read only: a write is refused with the scope it needs
    refused = client.post("/api/projects", headers=bearer(answer["access_token"]),
                          json={"name": "x"})
    assert refused.status_code == 403, refused.get_json()
    assert refused.headers["WWW-Authenticate"] == 'Bearer error="insufficient_scope", scope="write"'

    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer["refresh_token"])
    assert renewed.status_code == 200, renewed.get_json()
    assert renewed.get_json()["refresh_token"] != answer["refresh_token"]
    again = token(client, registered, grant_type="refresh_token",
                  refresh_token=answer["refresh_token"])
    assert again.status_code == 400 and again.get_json()["error"] == "invalid_grant"
