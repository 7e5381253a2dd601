"""OpenID Connect's userinfo endpoint (extensions.md E5.6), the well-known documents (E5.1,
E5.7) and OAuth's conventions on every answer under /api/oauth2 (E5 "Conventions"): CORS from
any origin without credentials, errors in OAuth's form, no caching of a token answer."""
import pytest

from tests.factories import update_user
from tests.provider_flow import API, BASE, bearer, code_flow, new_app, settings, token

MCP = "https://mcp.example/mcp"
CHALLENGE = 'Bearer error="invalid_token"'
ORIGIN = "https://inspector.example"


@pytest.fixture
def app(make_app):
    return make_app(**settings(OAUTH_RESOURCES=MCP))


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


@pytest.fixture
def registered(client, alice):
    return new_app(client, alice)


def user_id(client, headers) -> str:
    return client.get("/api/auth/session", headers=headers).get_json()["user"]["id"]


def userinfo(client, method, headers):
    if method == "GET":
        return client.get("/api/oauth2/userinfo", headers=headers)
    return client.post("/api/oauth2/userinfo", headers=headers, data={})


# --- userinfo ----------------------------------------------------------------------------------

@pytest.mark.parametrize("method", ["GET", "POST"])
def test_userinfo_answers_the_claims_of_the_scopes(app, client, alice, registered, method):
    update_user(app, "alice@example.com", name="Alice Liddell",
                image="https://img.example/alice.png")
    answer, _ = code_flow(client, alice, registered, scope="openid profile email")
    info = userinfo(client, method, bearer(answer["access_token"]))
    assert info.status_code == 200, info.get_data(as_text=True)
    assert info.headers["Cache-Control"] == "no-store"
    assert info.get_json() == {"sub": user_id(client, alice), "email": "alice@example.com",
                               "email_verified": True, "name": "Alice Liddell",
                               "picture": "https://img.example/alice.png"}


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_userinfo_with_openid_alone_is_the_subject(client, alice, registered, method):
    answer, _ = code_flow(client, alice, registered, scope="openid read")
    info = userinfo(client, method, bearer(answer["access_token"]))
    assert info.status_code == 200 and info.get_json() == {"sub": user_id(client, alice)}


def test_userinfo_with_email_alone_has_no_profile(client, alice, registered):
    answer, _ = code_flow(client, alice, registered, scope="openid email")
    assert userinfo(client, "GET", bearer(answer["access_token"])).get_json() == {
        "sub": user_id(client, alice), "email": "alice@example.com", "email_verified": True}


def test_claims_without_a_value_are_omitted(client, alice, registered):
    """OpenID Connect Core 5.3.2: a claim without a value is left out, never null."""
    answer, _ = code_flow(client, alice, registered, scope="openid profile")
    body = userinfo(client, "GET", bearer(answer["access_token"])).get_json()
    assert body == {"sub": user_id(client, alice)}


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_userinfo_without_openid_is_insufficient_scope(client, alice, registered, method):
    answer, _ = code_flow(client, alice, registered, scope="read profile email")
    info = userinfo(client, method, bearer(answer["access_token"]))
    assert info.status_code == 403, info.get_data(as_text=True)
    assert info.get_json()["error"] == "insufficient_scope"
    assert info.headers["WWW-Authenticate"].startswith('Bearer error="insufficient_scope"')


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer"},
                                     {"Authorization": "Bearer garbage"},
                                     {"Authorization": "Bearer a.b.c"},
                                     {"Authorization": "Basic eDp5"},
                                     {"Authorization": "Bearer " + "x" * 5000}],
                         ids=["none", "empty", "garbage", "jwt-shaped", "basic", "long"])
def test_userinfo_without_a_live_token_is_invalid_token(client, method, headers):
    info = userinfo(client, method, headers)
    assert info.status_code == 401, info.get_data(as_text=True)
    assert info.get_json()["error"] == "invalid_token"
    assert info.headers["WWW-Authenticate"].startswith("Bearer")
    if headers.get("Authorization", "").startswith("Bearer "):
        assert info.headers["WWW-Authenticate"] == CHALLENGE


def test_a_session_token_is_no_userinfo_token(client, alice):
    info = userinfo(client, "GET", alice)
    assert info.status_code == 401 and info.get_json()["error"] == "invalid_token"


def test_an_expired_token_is_invalid_token(client, alice, registered, clock):
    answer, _ = code_flow(client, alice, registered)
    clock.advance(seconds=3601)
    info = userinfo(client, "GET", bearer(answer["access_token"]))
    assert info.status_code == 401 and info.headers["WWW-Authenticate"] == CHALLENGE


def test_a_revoked_token_is_invalid_token(client, alice, registered):
    import base64
    answer, _ = code_flow(client, alice, registered)
    assert userinfo(client, "GET", bearer(answer["access_token"])).status_code == 200
    pair = f"{registered['app']['clientId']}:{registered['clientSecret']}".encode()
    revoked = client.post("/api/oauth2/revoke", data={"token": answer["access_token"]},
                          headers={"Authorization": "Basic " + base64.b64encode(pair).decode()})
    assert revoked.status_code == 200
    info = userinfo(client, "POST", bearer(answer["access_token"]))
    assert info.status_code == 401 and info.headers["WWW-Authenticate"] == CHALLENGE


def test_a_token_for_another_audience_is_refused(client, alice, registered):
    answer, _ = code_flow(client, alice, registered, resource=MCP)
    for method in ("GET", "POST"):
        info = userinfo(client, method, bearer(answer["access_token"]))
        assert info.status_code == 401, info.get_data(as_text=True)
        assert info.get_json()["error"] == "invalid_token"
        assert info.headers["WWW-Authenticate"] == CHALLENGE


def test_a_token_in_the_query_string_or_the_body_is_not_read(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    by_query = client.get("/api/oauth2/userinfo?access_token=" + answer["access_token"])
    assert by_query.status_code == 401
    by_body = client.post("/api/oauth2/userinfo", data={"access_token": answer["access_token"]})
    assert by_body.status_code == 401


# --- the well-known documents ------------------------------------------------------------------

def expected_metadata(issuer: str) -> dict:
    every_method = ["client_secret_basic", "client_secret_post", "none"]
    return {
        "issuer": issuer,
        "authorization_endpoint": f"{issuer}/api/oauth2/authorize",
        "token_endpoint": f"{issuer}/api/oauth2/token",
        "jwks_uri": f"{issuer}/api/oauth2/jwks",
        "userinfo_endpoint": f"{issuer}/api/oauth2/userinfo",
        "revocation_endpoint": f"{issuer}/api/oauth2/revoke",
        "introspection_endpoint": f"{issuer}/api/oauth2/introspect",
        "scopes_supported": ["openid", "profile", "email", "offline_access", "read", "write"],
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": every_method,
        "revocation_endpoint_auth_methods_supported": every_method,
        "introspection_endpoint_auth_methods_supported": every_method[:2],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256", "ES256"],
        "prompt_values_supported": ["none", "login", "consent"],
        "authorization_response_iss_parameter_supported": True,
    }


def served_paths(app) -> set[str]:
    return {rule.rule for rule in app.url_map.iter_rules()}


def test_both_documents_are_the_same_and_hold_every_member(app, client):
    server = client.get("/.well-known/oauth-authorization-server")
    openid = client.get("/.well-known/openid-configuration")
    assert server.status_code == openid.status_code == 200
    assert server.get_json() == openid.get_json()
    body = server.get_json()
    for name, value in expected_metadata(BASE).items():
        assert body[name] == value, name
    assert {"iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "email",
            "email_verified", "name", "picture"} <= set(body["claims_supported"])
    grants = body["grant_types_supported"]
    assert grants[:2] == ["authorization_code", "refresh_token"]
    device = "/api/oauth2/device_authorization" in served_paths(app)
    # the device grant is advertised with its endpoint, and only when the endpoint is served
    assert ("device_authorization_endpoint" in body) == device
    assert ("urn:ietf:params:oauth:grant-type:device_code" in grants) == device
    if device:
        assert body["device_authorization_endpoint"] == f"{BASE}/api/oauth2/device_authorization"
    assert isinstance(body["client_id_metadata_document_supported"], bool)
    assert set(body) <= {*expected_metadata(BASE), "claims_supported", "grant_types_supported",
                         "device_authorization_endpoint", "registration_endpoint",
                         "client_id_metadata_document_supported"}


def test_the_registration_endpoint_is_absent_while_registration_is_off(make_app):
    client = make_app(**settings(OAUTH_DYNAMIC_REGISTRATION=False)).test_client()
    assert "registration_endpoint" not in client.get(
        "/.well-known/oauth-authorization-server").get_json()
    assert "registration_endpoint" not in client.get(
        "/.well-known/openid-configuration").get_json()


def test_the_registration_endpoint_is_advertised_while_registration_is_served(app, client):
    body = client.get("/.well-known/oauth-authorization-server").get_json()
    if "/api/oauth2/register" in served_paths(app) and app.config.get(
            "OAUTH_DYNAMIC_REGISTRATION", True):
        assert body["registration_endpoint"] == f"{BASE}/api/oauth2/register"
    else:
        assert "registration_endpoint" not in body


def test_an_issuer_with_a_path_has_its_documents_after_the_well_known_name(make_app):
    issuer = "http://localhost/identity"
    client = make_app(**settings(API_BASE_URL=issuer)).test_client()
    server = client.get("/.well-known/oauth-authorization-server/identity")
    openid = client.get("/.well-known/openid-configuration/identity")
    assert server.status_code == openid.status_code == 200
    assert server.get_json() == openid.get_json()
    for name, value in expected_metadata(issuer).items():
        assert server.get_json()[name] == value, name
    assert client.get("/.well-known/oauth-authorization-server/other").status_code == 404
    assert client.get("/.well-known/oauth-authorization-server").get_json()["issuer"] == issuer
    resource = client.get("/.well-known/oauth-protected-resource/api").get_json()
    assert resource["resource"] == f"{issuer}/api"
    assert resource["authorization_servers"] == [issuer]


def test_an_issuer_without_a_path_has_no_document_under_one(client):
    assert client.get("/.well-known/oauth-authorization-server/identity").status_code == 404


def test_the_protected_resource_document(client):
    answer = client.get("/.well-known/oauth-protected-resource/api")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["resource"] == API and body["authorization_servers"] == [BASE]
    assert body["scopes_supported"] == ["openid", "profile", "email", "offline_access", "read",
                                        "write"]
    assert body["bearer_methods_supported"] == ["header"]
    assert isinstance(body["resource_name"], str) and body["resource_name"]
    assert set(body) == {"resource", "authorization_servers", "scopes_supported",
                         "bearer_methods_supported", "resource_name"}


def test_the_api_names_the_protected_resource_document_on_a_401(client):
    answer = client.get("/api/projects")
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"] == (
        f'Bearer resource_metadata="{BASE}/.well-known/oauth-protected-resource/api"')


# --- CORS --------------------------------------------------------------------------------------

CORS_READS = ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration",
              "/.well-known/oauth-protected-resource/api", "/api/oauth2/jwks",
              "/api/oauth2/userinfo"]
CORS_POSTS = ["/api/oauth2/token", "/api/oauth2/revoke", "/api/oauth2/userinfo"]


def assert_any_origin(response) -> None:
    assert response.headers.get("Access-Control-Allow-Origin") == "*", dict(response.headers)
    assert "Access-Control-Allow-Credentials" not in response.headers


@pytest.mark.parametrize("path", CORS_READS)
def test_reads_answer_any_origin(client, path):
    assert_any_origin(client.get(path, headers={"Origin": ORIGIN}))


@pytest.mark.parametrize("path", CORS_POSTS)
def test_posts_are_preflighted_from_any_origin(client, path):
    preflight = client.options(path, headers={
        "Origin": ORIGIN, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})
    assert preflight.status_code in (200, 204)
    assert_any_origin(preflight)
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "content-type" in allowed


def test_a_token_exchange_from_a_page_carries_cors(client, alice):
    public = new_app(client, alice, kind="public")
    answer, _ = code_flow(client, alice, public)
    renewed = client.post("/api/oauth2/token", headers={"Origin": ORIGIN}, data={
        "grant_type": "refresh_token", "refresh_token": answer["refresh_token"],
        "client_id": public["app"]["clientId"]})
    assert renewed.status_code == 200
    assert_any_origin(renewed)
    refused = client.post("/api/oauth2/token", headers={"Origin": ORIGIN}, json={})
    assert refused.status_code == 400
    assert_any_origin(refused)  # a page reads the error too


# --- OAuth's form of every answer under /api/oauth2 --------------------------------------------

def oauth_error(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error", "error_description"}, body
    return body


def test_an_unknown_path_is_a_404_in_oauths_form(client):
    assert oauth_error(client.get("/api/oauth2/nothing"), 404)["error"] == "invalid_request"


@pytest.mark.parametrize("method,path", [("GET", "/api/oauth2/token"),
                                         ("PUT", "/api/oauth2/revoke"),
                                         ("DELETE", "/api/oauth2/introspect"),
                                         ("POST", "/api/oauth2/jwks")])
def test_a_wrong_method_is_a_405_in_oauths_form(client, method, path):
    assert oauth_error(client.open(path, method=method), 405)["error"] == "invalid_request"


def test_a_body_too_large_is_a_413_in_oauths_form(client):
    answer = client.post("/api/oauth2/revoke", data={"token": "x" * 3_000_000})
    assert oauth_error(answer, 413)["error"] == "invalid_request"


def test_too_many_requests_are_a_429_in_oauths_form(make_app):
    client = make_app(**settings(RATELIMIT_PUBLIC="2 per minute")).test_client()
    for _ in range(2):
        assert client.get("/api/oauth2/jwks").status_code == 200
    answer = client.get("/api/oauth2/jwks")
    assert oauth_error(answer, 429)["error"] == "temporarily_unavailable"
    assert int(answer.headers["Retry-After"]) > 0


def test_every_token_answer_is_never_cached(client, alice, registered):
    answer = token(client, registered, grant_type="refresh_token",
                   refresh_token=code_flow(client, alice, registered)[0]["refresh_token"])
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    assert token(client, registered, grant_type="password").headers[
        "Cache-Control"] == "no-store"
