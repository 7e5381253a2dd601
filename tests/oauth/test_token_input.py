"""The token, revocation and introspection endpoints under hostile input (extensions.md E5
"Conventions", E5.4, E5.5), through HTTP: the form they take, the client authentication, the
grants they refuse, the audience, the refresh token's scope and lifetimes, RFC 7009 and RFC
7662. Every refusal is asserted by its exact OAuth error."""
import base64

import pytest
from sqlalchemy import update

from core.db import db
from sections.oauth.models import OAuthClient
from tests.factories import make_admin
from tests.provider_flow import (
    API,
    REDIRECT,
    authorize,
    bearer,
    code_flow,
    decide,
    new_app,
    pkce,
    query,
    request_id,
    settings,
    token,
)

MCP = "https://mcp.example/mcp"  # a resource beside the API (OAUTH_RESOURCES)
FORM_ENDPOINTS = ("/api/oauth2/token", "/api/oauth2/revoke", "/api/oauth2/introspect")


@pytest.fixture
def app(make_app):
    return make_app(**settings(OAUTH_RESOURCES=MCP))


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


@pytest.fixture
def registered(client, alice):
    return new_app(client, alice)


def basic(client_id: str, secret: str) -> dict:
    pair = f"{client_id}:{secret}".encode()
    return {"Authorization": "Basic " + base64.b64encode(pair).decode()}


def as_app(app_answer) -> dict:
    return basic(app_answer["app"]["clientId"], app_answer["clientSecret"])


def refused(response, status: int, code: str) -> dict:
    """The answer is OAuth's error `code` with `status`, never cached (E5 Conventions)."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    body = response.get_json()
    assert body["error"] == code, body
    assert isinstance(body["error_description"], str)
    assert response.headers["Cache-Control"] == "no-store"
    if status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Basic"), response.headers
    return body


def a_code(client, headers, app_answer, **params):
    """(code, verifier) of a consented authorization, not yet exchanged."""
    verifier, challenge = pkce()
    request = request_id(authorize(client, app_answer["app"]["clientId"], challenge=challenge,
                                   **params))
    decided = decide(client, headers, request)
    assert decided.status_code == 200, decided.get_json()
    return query(decided.get_json()["redirectTo"])["code"], verifier


def exchange(client, app_answer, code, verifier, **more):
    return token(client, app_answer, grant_type="authorization_code", code=code,
                 redirect_uri=REDIRECT, code_verifier=verifier, **more)


def api_status(client, access_token) -> int:
    return client.get("/api/projects", headers=bearer(access_token)).status_code


def set_status(app, status: str) -> None:
    with app.app_context():
        db.session.execute(update(OAuthClient).values(status=status))
        db.session.commit()


# --- the form ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", FORM_ENDPOINTS)
@pytest.mark.parametrize("body", [
    {"json": {"grant_type": "refresh_token", "refresh_token": "ort_x", "token": "x"}},
    {"data": "grant_type=refresh_token", "content_type": "text/plain"},
    {"data": b"<grant_type/>", "content_type": "application/xml"},
    {"data": {"grant_type": "refresh_token", "token": "x"}, "content_type":
        "multipart/form-data"},
    {"data": b""},
], ids=["json", "text", "xml", "multipart", "no-type"])
def test_a_body_that_is_not_a_form_is_invalid_request(client, registered, path, body):
    refused(client.post(path, headers=as_app(registered), **body), 400, "invalid_request")


@pytest.mark.parametrize("path", FORM_ENDPOINTS)
def test_a_form_with_a_charset_is_a_form(client, registered, path):
    answer = client.post(path, headers=as_app(registered),
                         data="grant_type=refresh_token&refresh_token=ort_x&token=x",
                         content_type="application/x-www-form-urlencoded; charset=utf-8")
    assert answer.status_code in (200, 400), answer.get_data(as_text=True)
    assert answer.get_json().get("error") != "invalid_request"


@pytest.mark.parametrize("name", ["grant_type", "code", "client_id", "redirect_uri",
                                  "code_verifier", "client_secret"])
def test_a_repeated_parameter_is_invalid_request(client, alice, registered, name):
    code, verifier = a_code(client, alice, registered)
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
            "code_verifier": verifier, "client_id": registered["app"]["clientId"],
            "client_secret": registered["clientSecret"]}
    body = "&".join(f"{k}={v}" for k, v in form.items()) + f"&{name}={form[name]}"
    refused(client.post("/api/oauth2/token", data=body,
                        content_type="application/x-www-form-urlencoded"),
            400, "invalid_request")
    assert exchange(client, registered, code, verifier).status_code == 200  # nothing spent


@pytest.mark.parametrize("path,name", [("/api/oauth2/revoke", "token"),
                                       ("/api/oauth2/introspect", "token"),
                                       ("/api/oauth2/revoke", "token_type_hint")])
def test_a_repeated_parameter_of_revocation_or_introspection_is_invalid_request(
        client, registered, path, name):
    refused(client.post(path, headers=as_app(registered),
                        data=f"token=x&token_type_hint=access_token&{name}=y",
                        content_type="application/x-www-form-urlencoded"),
            400, "invalid_request")


@pytest.mark.parametrize("path", FORM_ENDPOINTS)
def test_parameters_in_the_query_string_are_invalid_request(client, registered, path):
    refused(client.post(path + "?token=x", headers=as_app(registered),
                        data={"grant_type": "refresh_token", "refresh_token": "ort_x"}),
            400, "invalid_request")


@pytest.mark.parametrize("name", ["code", "code_verifier", "redirect_uri", "refresh_token",
                                  "grant_type", "scope", "resource", "client_id", "state"])
def test_a_parameter_beyond_4096_characters_is_invalid_request(client, alice, registered, name):
    code, verifier = a_code(client, alice, registered)
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
            "code_verifier": verifier, name: "x" * 4097}
    refused(token(client, registered, **form), 400, "invalid_request")
    assert exchange(client, registered, code, verifier).status_code == 200  # nothing spent


@pytest.mark.parametrize("path", ["/api/oauth2/revoke", "/api/oauth2/introspect"])
def test_a_token_beyond_4096_characters_is_invalid_request(client, registered, path):
    refused(client.post(path, headers=as_app(registered), data={"token": "x" * 4097}),
            400, "invalid_request")


def test_a_parameter_of_4096_characters_is_read(client, registered):
    answer = client.post("/api/oauth2/introspect", headers=as_app(registered),
                         data={"token": "x" * 4096})
    assert answer.status_code == 200 and answer.get_json() == {"active": False}


def test_a_body_beyond_the_request_limit_is_413_in_oauths_form(client, registered):
    answer = client.post("/api/oauth2/token", headers=as_app(registered),
                         data={"grant_type": "refresh_token", "refresh_token": "x" * 3_000_000})
    refused(answer, 413, "invalid_request")


def test_nul_characters_are_never_a_500(client, registered):
    refused(client.post("/api/oauth2/token", headers=as_app(registered), data={
        "grant_type": "refresh_token", "refresh_token": "ort_\x00"}), 400, "invalid_grant")
    refused(client.post("/api/oauth2/token", data={
        "grant_type": "refresh_token", "refresh_token": "ort_x", "client_id": "oa_\x00"}),
        401, "invalid_client")
    for path, inactive in (("/api/oauth2/revoke", {}),
                           ("/api/oauth2/introspect", {"active": False})):
        answer = client.post(path, headers=as_app(registered), data={"token": "\x00"})
        assert answer.status_code == 200 and answer.get_json() == inactive


# --- client authentication ---------------------------------------------------------------------

def test_a_wrong_secret_is_invalid_client(client, registered):
    refused(client.post("/api/oauth2/token", data={"grant_type": "refresh_token",
                                                   "refresh_token": "ort_x"},
                        headers=basic(registered["app"]["clientId"], "ocs_wrong")),
            401, "invalid_client")


def test_a_confidential_client_without_its_secret_is_invalid_client(client, alice, registered):
    code, verifier = a_code(client, alice, registered)
    refused(client.post("/api/oauth2/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
        "code_verifier": verifier, "client_id": registered["app"]["clientId"]}),
        401, "invalid_client")
    assert exchange(client, registered, code, verifier).status_code == 200


def test_the_secret_of_another_client_is_invalid_client(client, alice, registered):
    other = new_app(client, alice)
    code, verifier = a_code(client, alice, registered)
    refused(client.post("/api/oauth2/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
        "code_verifier": verifier},
        headers=basic(registered["app"]["clientId"], other["clientSecret"])),
        401, "invalid_client")


def test_basic_and_post_both_given_is_refused(client, alice, registered):
    code, verifier = a_code(client, alice, registered)
    answer = client.post("/api/oauth2/token", headers=as_app(registered), data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
        "code_verifier": verifier, "client_id": registered["app"]["clientId"],
        "client_secret": registered["clientSecret"]})
    refused(answer, 401, "invalid_client")  # RFC 6749 2.3: one method a request


def test_client_secret_post_is_taken(client, alice, registered):
    code, verifier = a_code(client, alice, registered)
    answer = client.post("/api/oauth2/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
        "code_verifier": verifier, "client_id": registered["app"]["clientId"],
        "client_secret": registered["clientSecret"]})
    assert answer.status_code == 200, answer.get_json()
    assert answer.headers["Cache-Control"] == "no-store"


def test_a_public_client_authenticates_by_its_id_alone(client, alice):
    public = new_app(client, alice, kind="public")
    assert public.get("clientSecret") is None
    answer, _ = code_flow(client, alice, public)
    assert api_status(client, answer["access_token"]) == 200


def test_a_public_client_sending_a_secret_is_invalid_client(client, alice):
    public = new_app(client, alice, kind="public")
    code, verifier = a_code(client, alice, public)
    refused(client.post("/api/oauth2/token", headers=basic(public["app"]["clientId"], "ocs_x"),
                        data={"grant_type": "authorization_code", "code": code,
                              "redirect_uri": REDIRECT, "code_verifier": verifier}),
            401, "invalid_client")
    refused(client.post("/api/oauth2/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
        "code_verifier": verifier, "client_id": public["app"]["clientId"],
        "client_secret": "ocs_x"}), 401, "invalid_client")


@pytest.mark.parametrize("path", FORM_ENDPOINTS)
@pytest.mark.parametrize("client_id", ["oa_unknown", "x" * 3000, "dyn_" + "A" * 22])
def test_an_unknown_client_id_is_invalid_client(client, path, client_id):
    refused(client.post(path, data={"grant_type": "refresh_token", "refresh_token": "ort_x",
                                    "token": "x", "client_id": client_id}),
            401, "invalid_client")


def test_no_client_at_all_is_invalid_client(client):
    refused(client.post("/api/oauth2/token", data={"grant_type": "refresh_token",
                                                   "refresh_token": "ort_x"}),
            401, "invalid_client")


def test_a_disabled_client_is_invalid_client(app, client, alice, registered):
    code, verifier = a_code(client, alice, registered)
    set_status(app, "DISABLED")
    refused(exchange(client, registered, code, verifier), 401, "invalid_client")


def test_a_deleted_app_is_invalid_client(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    deleted = client.delete(f"/api/auth/oauth-apps/{registered['app']['id']}", headers=alice)
    assert deleted.status_code == 204
    refused(token(client, registered, grant_type="refresh_token",
                  refresh_token=answer["refresh_token"]), 401, "invalid_client")
    refused(client.post("/api/oauth2/revoke", headers=as_app(registered),
                        data={"token": answer["refresh_token"]}), 401, "invalid_client")


# --- grants ------------------------------------------------------------------------------------

@pytest.mark.parametrize("grant_type", [
    "password", "client_credentials", "implicit", "token", "urn:example:unknown", "",
    "AUTHORIZATION_CODE", "urn:ietf:params:oauth:grant-type:jwt-bearer"])
def test_other_grants_are_unsupported(client, registered, grant_type):
    refused(token(client, registered, grant_type=grant_type, username="alice@example.com",
                  password="x", scope="read"), 400, "unsupported_grant_type")


def test_no_grant_type_is_unsupported(client, registered):
    refused(token(client, registered, code="x"), 400, "unsupported_grant_type")


def test_an_unknown_code_is_invalid_grant(client, registered):
    refused(exchange(client, registered, "c" * 43, "v" * 43), 400, "invalid_grant")


def test_an_expired_code_is_invalid_grant(client, alice, registered, clock):
    code, verifier = a_code(client, alice, registered)
    clock.advance(seconds=61)  # E5.3: 60 seconds
    refused(exchange(client, registered, code, verifier), 400, "invalid_grant")


def test_a_code_within_its_60_seconds_is_taken(client, alice, registered, clock):
    code, verifier = a_code(client, alice, registered)
    clock.advance(seconds=59)
    assert exchange(client, registered, code, verifier).status_code == 200


def test_another_clients_code_is_invalid_grant(client, alice, registered):
    other = new_app(client, alice)
    code, verifier = a_code(client, alice, registered)
    refused(exchange(client, other, code, verifier), 400, "invalid_grant")
    assert exchange(client, registered, code, verifier).status_code == 200  # still its own


@pytest.mark.parametrize("redirect_uri", ["https://app.example/callback/",
                                          "https://APP.example/callback",
                                          "https://app.example/other", None])
def test_a_redirect_uri_mismatch_is_invalid_grant(client, alice, registered, redirect_uri):
    code, verifier = a_code(client, alice, registered)
    refused(token(client, registered, grant_type="authorization_code", code=code,
                  code_verifier=verifier,
                  **({} if redirect_uri is None else {"redirect_uri": redirect_uri})),
            400, "invalid_grant")


@pytest.mark.parametrize("verifier", [None, "", "short", "é" * 43, "v" * 129])
def test_a_missing_or_malformed_code_verifier_is_invalid_grant(client, alice, registered,
                                                                verifier):
    code, right = a_code(client, alice, registered)
    refused(token(client, registered, grant_type="authorization_code", code=code,
                  redirect_uri=REDIRECT,
                  **({} if verifier is None else {"code_verifier": verifier})),
            400, "invalid_grant")
    assert exchange(client, registered, code, right).status_code == 200  # nothing spent


def test_a_wrong_code_verifier_is_invalid_grant(client, alice, registered):
    code, _ = a_code(client, alice, registered)
    refused(exchange(client, registered, code, pkce()[0]), 400, "invalid_grant")


def test_a_public_client_without_a_verifier_is_invalid_grant(client, alice):
    public = new_app(client, alice, kind="public")
    code, _ = a_code(client, alice, public)
    refused(token(client, public, grant_type="authorization_code", code=code,
                  redirect_uri=REDIRECT), 400, "invalid_grant")


def test_a_code_presented_twice_revokes_what_its_first_use_got(client, alice, registered):
    code, verifier = a_code(client, alice, registered)
    first = exchange(client, registered, code, verifier)
    assert first.status_code == 200
    tokens = first.get_json()
    assert api_status(client, tokens["access_token"]) == 200
    refused(exchange(client, registered, code, verifier), 400, "invalid_grant")
    assert api_status(client, tokens["access_token"]) == 401  # at once
    refused(token(client, registered, grant_type="refresh_token",
                  refresh_token=tokens["refresh_token"]), 400, "invalid_grant")


# --- the audience ------------------------------------------------------------------------------

def test_a_resource_of_the_authorization_is_the_tokens_audience(client, alice, registered):
    from tests.oauth.test_forged_tokens import claims_of
    code, verifier = a_code(client, alice, registered, resource=[API, MCP])
    answer = exchange(client, registered, code, verifier, resource=MCP)
    assert answer.status_code == 200, answer.get_json()
    assert claims_of(answer.get_json()["access_token"])["aud"] == MCP
    assert api_status(client, answer.get_json()["access_token"]) == 401  # not the API's
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer.get_json()["refresh_token"], resource=API)
    assert renewed.status_code == 200, renewed.get_json()
    assert claims_of(renewed.get_json()["access_token"])["aud"] == API
    assert api_status(client, renewed.get_json()["access_token"]) == 200


def test_without_a_resource_the_audience_is_the_authorizations_first(client, alice, registered):
    from tests.oauth.test_forged_tokens import claims_of
    code, verifier = a_code(client, alice, registered, resource=[MCP, API])
    answer = exchange(client, registered, code, verifier)
    assert claims_of(answer.get_json()["access_token"])["aud"] == MCP


@pytest.mark.parametrize("resource", [MCP, "https://other.example/api", [API, MCP], "not a uri"])
def test_another_resource_or_two_is_invalid_target(client, alice, registered, resource):
    code, verifier = a_code(client, alice, registered)  # the API only
    refused(exchange(client, registered, code, verifier, resource=resource), 400,
            "invalid_target")
    assert exchange(client, registered, code, verifier).status_code == 200  # unspent


def test_two_resources_both_authorized_are_invalid_target(client, alice, registered):
    code, verifier = a_code(client, alice, registered, resource=[API, MCP])
    refused(exchange(client, registered, code, verifier, resource=[API, MCP]), 400,
            "invalid_target")


# --- refresh -----------------------------------------------------------------------------------

def test_a_narrower_scope_narrows_the_access_token_not_the_refresh_token(
        client, alice, registered):
    from tests.oauth.test_forged_tokens import claims_of
    answer, _ = code_flow(client, alice, registered, scope="openid read write offline_access")
    narrow = token(client, registered, grant_type="refresh_token",
                   refresh_token=answer["refresh_token"], scope="read")
    assert narrow.status_code == 200, narrow.get_json()
    narrowed = narrow.get_json()
    assert narrowed["scope"] == "read" and claims_of(narrowed["access_token"])["scope"] == "read"
    assert "id_token" not in narrowed  # no openid in the narrowed scope
    assert client.post("/api/projects", headers=bearer(narrowed["access_token"]),
                       json={"name": "x"}).status_code == 403
    again = token(client, registered, grant_type="refresh_token",
                  refresh_token=narrowed["refresh_token"])
    assert again.status_code == 200, again.get_json()
    assert set(again.get_json()["scope"].split()) == {"openid", "read", "write",
                                                       "offline_access"}


@pytest.mark.parametrize("scope", ["read write", "profile", "admin", "read nonsense"])
def test_a_wider_scope_is_invalid_scope(client, alice, registered, scope):
    answer, _ = code_flow(client, alice, registered)  # openid read offline_access
    refused(token(client, registered, grant_type="refresh_token",
                  refresh_token=answer["refresh_token"], scope=scope), 400, "invalid_scope")
    assert token(client, registered, grant_type="refresh_token",
                 refresh_token=answer["refresh_token"]).status_code == 200  # unspent


def test_a_refresh_token_lives_its_lifetime_from_its_issue(client, alice, registered, clock):
    answer, _ = code_flow(client, alice, registered)
    clock.advance(days=30, seconds=-1)  # OAUTH_REFRESH_TOKEN_LIFETIME: 30 days
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer["refresh_token"])
    assert renewed.status_code == 200, renewed.get_json()
    fresh = renewed.get_json()["refresh_token"]
    clock.advance(days=30)  # the renewed one's 30 days from its own issue
    refused(token(client, registered, grant_type="refresh_token", refresh_token=fresh),
            400, "invalid_grant")


def test_an_unused_refresh_token_stops_after_its_lifetime(client, alice, registered, clock):
    answer, _ = code_flow(client, alice, registered)
    clock.advance(days=30, seconds=1)
    refused(token(client, registered, grant_type="refresh_token",
                  refresh_token=answer["refresh_token"]), 400, "invalid_grant")


def test_every_refresh_token_stops_90_days_after_the_consent(client, alice, registered, clock):
    answer, _ = code_flow(client, alice, registered)
    current = answer["refresh_token"]
    for _ in range(3):  # rotated every 29 days: each token is young, the consent is not
        clock.advance(days=29)
        renewed = token(client, registered, grant_type="refresh_token", refresh_token=current)
        assert renewed.status_code == 200, renewed.get_json()
        current = renewed.get_json()["refresh_token"]
    clock.advance(days=4)  # 91 days after the consent
    refused(token(client, registered, grant_type="refresh_token", refresh_token=current),
            400, "invalid_grant")


def test_no_refresh_token_without_offline_access(client, alice, registered):
    answer, _ = code_flow(client, alice, registered, scope="openid read")
    assert "refresh_token" not in answer
    assert answer["access_token"] and answer["id_token"]


def test_another_clients_refresh_token_is_invalid_grant(client, alice, registered):
    other = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)
    refused(token(client, other, grant_type="refresh_token",
                  refresh_token=answer["refresh_token"]), 400, "invalid_grant")
    assert token(client, registered, grant_type="refresh_token",
                 refresh_token=answer["refresh_token"]).status_code == 200  # unspent


@pytest.mark.parametrize("refresh_token", ["", "ort_", "ort_" + "A" * 43, "ort_" + "A" * 44,
                                           "x" * 47, "ort_" + "é" * 43])
def test_an_unknown_refresh_token_is_invalid_grant(client, registered, refresh_token):
    refused(token(client, registered, grant_type="refresh_token", refresh_token=refresh_token),
            400, "invalid_grant")


def test_a_refresh_without_a_refresh_token_is_invalid_request(client, registered):
    refused(token(client, registered, grant_type="refresh_token"), 400, "invalid_request")


# --- revocation (RFC 7009) ---------------------------------------------------------------------

def revoke(client, app_answer, token_value, **more):
    return client.post("/api/oauth2/revoke", headers=as_app(app_answer),
                       data={"token": token_value, **more})


@pytest.mark.parametrize("value", ["unknown", "ort_" + "A" * 43, "a.b.c", ""])
def test_an_unknown_token_is_revoked_with_200(client, registered, value):
    answer = revoke(client, registered, value)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.headers["Cache-Control"] == "no-store"


def test_another_clients_token_is_answered_200_and_not_revoked(client, alice, registered):
    other = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)
    for value in (answer["access_token"], answer["refresh_token"]):
        assert revoke(client, other, value).status_code == 200
    assert api_status(client, answer["access_token"]) == 200
    assert token(client, registered, grant_type="refresh_token",
                 refresh_token=answer["refresh_token"]).status_code == 200


def test_a_refresh_token_revokes_its_authorizations_tokens(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    assert revoke(client, registered, answer["refresh_token"],
                  token_type_hint="refresh_token").status_code == 200
    assert api_status(client, answer["access_token"]) == 401
    refused(token(client, registered, grant_type="refresh_token",
                  refresh_token=answer["refresh_token"]), 400, "invalid_grant")


def test_an_access_token_is_revoked_by_its_jti(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    assert api_status(client, answer["access_token"]) == 200
    assert revoke(client, registered, answer["access_token"],
                  token_type_hint="access_token").status_code == 200
    assert api_status(client, answer["access_token"]) == 401  # the very next request
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer["refresh_token"])  # the authorization lives on
    assert renewed.status_code == 200
    assert api_status(client, renewed.get_json()["access_token"]) == 200


def test_a_wrong_hint_still_revokes(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    assert revoke(client, registered, answer["access_token"],
                  token_type_hint="refresh_token").status_code == 200
    assert api_status(client, answer["access_token"]) == 401


def test_a_public_client_revokes_its_own_token(client, alice):
    public = new_app(client, alice, kind="public")
    answer, _ = code_flow(client, alice, public)
    revoked = client.post("/api/oauth2/revoke", data={
        "token": answer["refresh_token"], "client_id": public["app"]["clientId"]})
    assert revoked.status_code == 200, revoked.get_data(as_text=True)
    assert api_status(client, answer["access_token"]) == 401


def test_revocation_needs_client_authentication(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    refused(client.post("/api/oauth2/revoke", data={"token": answer["access_token"]}),
            401, "invalid_client")
    refused(client.post("/api/oauth2/revoke", data={"token": answer["access_token"]},
                        headers=basic(registered["app"]["clientId"], "ocs_wrong")),
            401, "invalid_client")
    assert api_status(client, answer["access_token"]) == 200


def test_revocation_without_a_token_is_invalid_request(client, registered):
    refused(client.post("/api/oauth2/revoke", headers=as_app(registered), data={}),
            400, "invalid_request")


# --- introspection (RFC 7662) ------------------------------------------------------------------

def introspect(client, app_answer, token_value):
    answer = client.post("/api/oauth2/introspect", headers=as_app(app_answer),
                         data={"token": token_value})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.get_json()


def test_a_public_client_may_not_introspect(client, alice):
    public = new_app(client, alice, kind="public")
    answer, _ = code_flow(client, alice, public)
    refused(client.post("/api/oauth2/introspect", data={
        "token": answer["access_token"], "client_id": public["app"]["clientId"]}),
        401, "invalid_client")


def test_a_live_access_token_is_active_with_the_members_of_e55(client, alice, registered):
    from tests.oauth.test_forged_tokens import claims_of
    answer, _ = code_flow(client, alice, registered)
    body = introspect(client, registered, answer["access_token"])
    claims = claims_of(answer["access_token"])
    assert body == {"active": True, "scope": "openid read offline_access",
                    "client_id": registered["app"]["clientId"], "sub": claims["sub"],
                    "aud": API, "iss": claims["iss"], "exp": claims["exp"],
                    "iat": claims["iat"], "token_type": "Bearer",
                    "username": "alice@example.com"}


def test_a_live_refresh_token_is_active(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    body = introspect(client, registered, answer["refresh_token"])
    assert body["active"] is True and body["username"] == "alice@example.com"
    assert body["client_id"] == registered["app"]["clientId"]


def test_another_clients_token_is_inactive(client, alice, registered):
    other = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)
    assert introspect(client, other, answer["access_token"]) == {"active": False}
    assert introspect(client, other, answer["refresh_token"]) == {"active": False}


def test_a_client_the_operator_lets_introspect_sees_every_token(app, client, alice, registered):
    other = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)
    with app.app_context():
        db.session.execute(update(OAuthClient).where(
            OAuthClient.client_id == other["app"]["clientId"]).values(may_introspect=True))
        db.session.commit()
    assert introspect(client, other, answer["access_token"])["active"] is True


@pytest.mark.parametrize("value", ["", "garbage", "ort_" + "A" * 43, "a.b.c", "é" * 100])
def test_an_unknown_token_is_inactive(client, registered, value):
    assert introspect(client, registered, value) == {"active": False}


def test_introspection_without_a_token_is_invalid_request(client, registered):
    refused(client.post("/api/oauth2/introspect", headers=as_app(registered), data={}),
            400, "invalid_request")


def test_revoked_tokens_are_inactive(client, alice, registered):
    answer, _ = code_flow(client, alice, registered)
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=answer["refresh_token"]).get_json()
    assert introspect(client, registered, answer["refresh_token"]) == {"active": False}
    assert revoke(client, registered, answer["access_token"]).status_code == 200
    assert introspect(client, registered, answer["access_token"]) == {"active": False}
    assert introspect(client, registered, renewed["access_token"])["active"] is True
    assert revoke(client, registered, renewed["refresh_token"]).status_code == 200
    assert introspect(client, registered, renewed["access_token"]) == {"active": False}
    assert introspect(client, registered, renewed["refresh_token"]) == {"active": False}


def test_an_expired_access_token_is_inactive(client, alice, registered, clock):
    answer, _ = code_flow(client, alice, registered)
    clock.advance(seconds=3601)
    assert introspect(client, registered, answer["access_token"]) == {"active": False}


def test_tokens_of_a_disabled_client_are_inactive(app, client, alice, registered):
    other = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)
    with app.app_context():
        db.session.execute(update(OAuthClient).where(
            OAuthClient.client_id == other["app"]["clientId"]).values(may_introspect=True))
        db.session.execute(update(OAuthClient).where(
            OAuthClient.client_id == registered["app"]["clientId"]).values(status="DISABLED"))
        db.session.commit()
    assert introspect(client, other, answer["access_token"]) == {"active": False}
    assert introspect(client, other, answer["refresh_token"]) == {"active": False}


def user_id(client, headers) -> str:
    return client.get("/api/auth/session", headers=headers).get_json()["user"]["id"]


@pytest.mark.parametrize("ending", ["ban", "delete"])
def test_tokens_of_a_banned_or_deleted_user_are_inactive(app, client, auth, alice, ending):
    bob = auth.verified_headers("bob@example.com")
    watcher = new_app(client, bob)  # another person's app, allowed to introspect every token
    with app.app_context():
        db.session.execute(update(OAuthClient).where(
            OAuthClient.client_id == watcher["app"]["clientId"]).values(may_introspect=True))
        db.session.commit()
    registered = new_app(client, alice)
    answer, _ = code_flow(client, alice, registered)
    assert introspect(client, watcher, answer["access_token"])["active"] is True
    make_admin(app, "bob@example.com")
    target = f"/api/admin/users/{user_id(client, alice)}"
    done = (client.post(target + "/ban", headers=bob, json={"reason": "spam"})
            if ending == "ban" else client.delete(target, headers=bob))
    assert done.status_code in (200, 204), done.get_data(as_text=True)
    assert introspect(client, watcher, answer["access_token"]) == {"active": False}
    assert introspect(client, watcher, answer["refresh_token"]) == {"active": False}
    assert api_status(client, answer["access_token"]) == 401
