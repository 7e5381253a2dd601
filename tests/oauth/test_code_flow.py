"""The authorization code flow end to end through HTTP (extensions.md E5.3-E5.7): an app the
user registered, the consent, the tokens, the API with the access token, a refresh."""
import base64

import pytest

from tests.provider_flow import (
    BASE,
    authorize,
    bearer,
    code_flow,
    new_app,
    request_id,
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


def test_a_replaced_refresh_token_presented_later_revokes_the_authorization(
        client, alice, clock, app):
    registered = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer["refresh_token"]).get_json()
    clock.advance(seconds=31)  # past the 30 s in which a client's retry is only refused
    reused = token(client, registered, grant_type="refresh_token",
                   refresh_token=answer["refresh_token"])
    assert reused.status_code == 400 and reused.get_json()["error"] == "invalid_grant"
    # every token of the authorization stops: the new access token and the new refresh token
    assert client.get("/api/projects",
                      headers=bearer(renewed["access_token"])).status_code == 401
    stale = token(client, registered, grant_type="refresh_token",
                  refresh_token=renewed["refresh_token"])
    assert stale.status_code == 400 and stale.get_json()["error"] == "invalid_grant"
    events = client.get("/api/auth/security-events?type=oauth_refresh_reuse", headers=alice)
    assert events.status_code == 200, events.get_json()
    assert [event["details"] for event in events.get_json()["data"]] == [
        {"clientId": registered["app"]["clientId"]}]


def test_purge_expired_removes_the_spent_parts_of_the_flow(client, alice, clock):
    registered = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)  # a refresh token live
    request_id(authorize(client, registered["app"]["clientId"]))  # a request never decided
    pair = f"{registered['app']['clientId']}:{registered['clientSecret']}".encode()
    revoked = client.post("/api/oauth2/revoke", data={"token": answer["access_token"]},
                          headers={"Authorization": "Basic " + base64.b64encode(pair).decode()})
    assert revoked.status_code == 200
    runner = client.application.test_cli_runner()
    output = runner.invoke(args=["purge-expired"]).output
    assert "oauth_refresh_tokens: 0 removed" in output
    assert "oauth_revoked_access_tokens: 0 removed" in output
    clock.advance(days=31)  # past the refresh token's 30 days and the access token's hour
    output = runner.invoke(args=["purge-expired"]).output
    assert "oauth_requests: 1 removed" in output
    assert "oauth_refresh_tokens: 1 removed" in output
    assert "oauth_revoked_access_tokens: 1 removed" in output


@pytest.mark.parametrize("header", ["Basic ", "Basic !!!", "Basic " + base64.b64encode(
    b"\xff\xfe:x").decode(), "Basic " + base64.b64encode(b"no-colon").decode(),
    "Basic " + base64.b64encode(b"oa_\x00:x").decode()])
def test_malformed_basic_credentials_are_invalid_client_not_a_500(client, header):
    answer = client.post("/api/oauth2/token", data={"grant_type": "refresh_token",
                                                   "refresh_token": "ort_x"},
                         headers={"Authorization": header})
    assert answer.status_code == 401, answer.get_data(as_text=True)
    assert answer.get_json()["error"] == "invalid_client"


def test_token_parameters_in_the_query_string_are_refused(client, alice):
    registered = new_app(client, alice)
    answer = client.post("/api/oauth2/token?grant_type=refresh_token&refresh_token=ort_x",
                         data={"client_id": registered["app"]["clientId"]})
    assert answer.status_code == 400 and answer.get_json()["error"] == "invalid_request"


@pytest.mark.parametrize("params", [{"nonce": "n\x00"}, {"state": "s\x00"},
                                    {"max_age": "\u0661"}])
def test_nul_characters_and_other_digits_are_invalid_request(client, alice, params):
    registered = new_app(client, alice)
    answer = authorize(client, registered["app"]["clientId"], **params)
    assert answer.status_code == 302 and "error=invalid_request" in answer.headers["Location"]


def test_a_client_id_with_a_nul_is_an_unknown_client(client):
    answer = authorize(client, "oa_\x00")
    assert answer.status_code == 400 and answer.mimetype == "text/html"


def test_a_resource_the_authorization_lacks_is_refused_without_spending_the_code(
        client, alice):
    from tests.provider_flow import decide, pkce, query
    registered = new_app(client, alice)
    verifier, challenge = pkce()
    request = request_id(authorize(client, registered["app"]["clientId"], challenge=challenge))
    code = query(decide(client, alice, request).get_json()["redirectTo"])["code"]
    form = {"grant_type": "authorization_code", "code": code,
            "redirect_uri": "https://app.example/callback", "code_verifier": verifier}
    refused = token(client, registered, resource="https://other.example/mcp", **form)
    assert refused.status_code == 400 and refused.get_json()["error"] == "invalid_target"
    answer = token(client, registered, **form)  # the code is still unspent
    assert answer.status_code == 200, answer.get_json()
    wrong = token(client, registered, grant_type="refresh_token",
                  refresh_token=answer.get_json()["refresh_token"],
                  resource="https://other.example/mcp")
    assert wrong.status_code == 400 and wrong.get_json()["error"] == "invalid_target"
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer.get_json()["refresh_token"])
    assert renewed.status_code == 200, renewed.get_json()  # nor the refresh token
