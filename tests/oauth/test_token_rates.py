"""Rate limits of the identity provider (extensions.md E5.7, E5.8): an access token counts on
its grant's counter at the authenticated rate (every token of one grant together, another
grant apart), and the token endpoint is limited per client (OAUTH_TOKEN_RATE) and per address
(RATELIMIT_PUBLIC), each 429 in OAuth's form with Retry-After."""
import pytest

from tests.provider_flow import bearer, code_flow, new_app, settings, token


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


def limited(response) -> None:
    assert response.status_code == 429, response.get_data(as_text=True)
    assert int(response.headers["Retry-After"]) > 0


class TestOneCounterAGrant:
    @pytest.fixture
    def app(self, make_app):
        return make_app(**settings(RATELIMIT_AUTHENTICATED="4 per minute"))

    def test_two_tokens_of_one_grant_share_a_counter(self, client, alice):
        registered = new_app(client, alice)
        first, _ = code_flow(client, alice, registered)
        second = token(client, registered, grant_type="refresh_token",
                       refresh_token=first["refresh_token"]).get_json()
        for access in (first["access_token"], second["access_token"]) * 2:
            assert client.get("/api/projects", headers=bearer(access)).status_code == 200
        limited(client.get("/api/projects", headers=bearer(first["access_token"])))
        limited(client.get("/api/projects", headers=bearer(second["access_token"])))

    def test_another_grant_of_the_same_user_has_its_own(self, client, alice):
        one, _ = code_flow(client, alice, new_app(client, alice))
        for _ in range(4):
            assert client.get("/api/projects",
                              headers=bearer(one["access_token"])).status_code == 200
        limited(client.get("/api/projects", headers=bearer(one["access_token"])))
        other, _ = code_flow(client, alice, new_app(client, alice))
        assert client.get("/api/projects",
                          headers=bearer(other["access_token"])).status_code == 200
        # nor does the user's own session share the grant's counter
        assert client.get("/api/projects", headers=alice).status_code == 200


class TestTheTokenEndpointPerClient:
    @pytest.fixture
    def app(self, make_app):
        return make_app(**settings(OAUTH_TOKEN_RATE="3 per minute"))

    def test_a_client_beyond_its_rate_is_temporarily_unavailable(self, client, alice):
        registered = new_app(client, alice)
        answer, _ = code_flow(client, alice, registered)  # one token request
        current = answer["refresh_token"]
        for _ in range(2):
            renewed = token(client, registered, grant_type="refresh_token",
                            refresh_token=current)
            assert renewed.status_code == 200, renewed.get_json()
            current = renewed.get_json()["refresh_token"]
        refused = token(client, registered, grant_type="refresh_token", refresh_token=current)
        limited(refused)
        assert refused.get_json() == {
            "error": "temporarily_unavailable",
            "error_description": "Too many token requests of this client, retry later"}
        assert refused.headers["Cache-Control"] == "no-store"
        other = new_app(client, alice)  # another client is not limited by this one's count
        assert code_flow(client, alice, other)[0]["access_token"]

    def test_failed_authentications_do_not_use_up_a_clients_rate(self, client, alice):
        import base64
        registered = new_app(client, alice)
        wrong = base64.b64encode(f"{registered['app']['clientId']}:ocs_x".encode()).decode()
        for _ in range(5):  # someone who knows the client id, not its secret
            answer = client.post("/api/oauth2/token", headers={"Authorization": "Basic " + wrong},
                                 data={"grant_type": "refresh_token", "refresh_token": "x"})
            assert answer.status_code == 401
        assert code_flow(client, alice, registered)[0]["access_token"]


class TestTheTokenEndpointPerAddress:
    @pytest.fixture
    def app(self, make_app):
        return make_app(**settings(RATELIMIT_PUBLIC="3 per minute"))

    def test_an_address_beyond_the_public_rate_is_temporarily_unavailable(self, client):
        for _ in range(3):
            answer = client.post("/api/oauth2/token", data={"grant_type": "password"})
            assert answer.status_code in (400, 401)
        refused = client.post("/api/oauth2/token", data={"grant_type": "password"})
        limited(refused)
        assert refused.get_json()["error"] == "temporarily_unavailable"
        assert set(refused.get_json()) == {"error", "error_description"}
        other = client.post("/api/oauth2/token", data={"grant_type": "password"},
                            environ_base={"REMOTE_ADDR": "192.0.2.7"})
        assert other.status_code in (400, 401)  # another address has its own count
