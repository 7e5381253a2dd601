"""What a bad or hostile caller sends to the authorization endpoint (extensions.md E5.2's
redirect URI rules, E5.3): a request naming no client or redirect URI to trust gets the HTML
400 page and is sent nowhere; every later error goes back to the registered redirect URI with
`error`, `error_description`, `state` and `iss` (RFC 6749 4.1.2.1, RFC 9207); never a 500."""
import pytest
from sqlalchemy import update

from core.db import db
from sections.oauth.models import OAuthClient, OAuthRequest
from tests.provider_flow import (
    API,
    BASE,
    REDIRECT,
    decide,
    new_app,
    pkce,
    query,
    request_id,
    settings,
)

MCP = "https://mcp.example/mcp"  # a resource beside the API (OAUTH_RESOURCES)
LOOPBACK = "http://127.0.0.1:8080/callback"
NATIVE = "com.example.app:/callback"


@pytest.fixture
def app(make_app):
    return make_app(**settings(OAUTH_RESOURCES=MCP))


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


@pytest.fixture
def registered(client, alice):
    """A confidential app of alice's with a web, a loopback and a native redirect URI."""
    return new_app(client, alice, redirect_uris=(REDIRECT, LOOPBACK, NATIVE))["app"]


def valid(client_id: str, /, **changes) -> list[tuple[str, str]]:
    """A valid authorization request's parameters, as (name, value) pairs with `changes`
    (None drops a parameter)."""
    params = {"response_type": "code", "client_id": client_id, "redirect_uri": REDIRECT,
              "scope": "openid read", "state": "xyz", "nonce": "n-0S6_WzA2Mj",
              "code_challenge": pkce()[1], "code_challenge_method": "S256", **changes}
    return [(name, value) for name, value in params.items() if value is not None]


def ask(client, pairs):
    """GET /api/oauth2/authorize with exactly these (name, value) pairs, repeats included."""
    return client.get("/api/oauth2/authorize", query_string=pairs)


def page(response) -> str:
    """The refusal page: 400, HTML, sent nowhere, strict headers (E5.3)."""
    assert response.status_code == 400, (response.status_code, response.headers)
    assert response.mimetype == "text/html"
    assert "Location" not in response.headers
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "no-referrer"
    return response.get_data(as_text=True)


def back_with(response, error: str, redirect_uri=REDIRECT, state="xyz") -> dict:
    """The error sent back to the client's redirect URI (RFC 6749 4.1.2.1, RFC 9207)."""
    assert response.status_code == 302, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert location.split("?")[0] == redirect_uri, location
    params = query(location)
    assert params["error"] == error and params["error_description"], params
    assert params["iss"] == BASE
    assert params.get("state") == state, params
    assert "code" not in params
    return params


def stored_requests(app) -> int:
    with app.app_context():
        return db.session.query(OAuthRequest).count()


def test_the_valid_request_goes_to_the_consent_page(app, client, registered):
    """The baseline every case below departs from."""
    assert request_id(ask(client, valid(registered["clientId"])))
    assert stored_requests(app) == 1


# --- no client or redirect URI to trust: the page, never a redirect ---

@pytest.mark.parametrize("client_id", [
    None, "", "oa_" + "A" * 22, "x" * 2001, "https://evil.example/client",
    "' OR 1=1 --", "\u202e\ufeff",
], ids=lambda value: repr(value)[:40])
def test_an_unknown_client_gets_the_page(app, client, registered, client_id):
    body = page(ask(client, valid(registered["clientId"], client_id=client_id)))
    assert "client" in body
    assert stored_requests(app) == 0


def test_a_disabled_client_gets_the_page(app, client, registered):
    with app.app_context():
        db.session.execute(update(OAuthClient).values(status="DISABLED"))
        db.session.commit()
    page(ask(client, valid(registered["clientId"])))


@pytest.mark.parametrize("redirect_uri", [
    None,
    "",
    "HTTPS://app.example/callback",  # a string comparison: no case folding
    "https://APP.example/callback",
    "https://app.example/Callback",
    "https://app.example/callback/",  # a trailing slash
    "https://app.example/callback?x=1",
    "https://app.example/callback#frag",
    "https://app.example/callback#",
    "https://app.example:443/callback",  # the same place, not the same string
    "https://app.example:8443/callback",  # another port, not loopback
    "https://app.example.evil.example/callback",
    "https://evil@app.example/callback",
    "http://app.example/callback",
    "https://app.example/callback/../callback",
    "https://app.example/callback%00",
    "https://app.example/callback\x00",
    " https://app.example/callback",
    REDIRECT + "x" * 2000,
    "http://127.0.0.1:8080/other",  # loopback, another path
    "http://127.0.0.1:8080/callback/",
    "http://localhost:8080/callback",  # loopback, another host
    "http://[::1]:8080/callback",
    "https://127.0.0.1:8080/callback",
    "http://evil@127.0.0.1:8080/callback",
    "http://127.0.0.1:8080/callback#frag",
    "http://127.0.0.1:8080:9/callback",
    "http://127.0.0.1:99999/callback",
    "http://127.0.0.1:x/callback",
    "com.example.app:/callback/",
    "com.example.app://callback",
    "COM.EXAMPLE.APP:/callback",
    "javascript:alert(1)",
], ids=lambda value: repr(value)[:60])
def test_a_redirect_uri_the_client_did_not_register_gets_the_page(app, client, registered,
                                                                 redirect_uri):
    response = ask(client, valid(registered["clientId"], redirect_uri=redirect_uri,
                                 response_type="token"))  # the page, before any later error
    assert "redirect" in page(response)
    assert stored_requests(app) == 0


@pytest.mark.parametrize("port", ["", ":1", ":8080", ":51234", ":65535"])
@pytest.mark.parametrize("host", ["127.0.0.1"])
def test_a_loopback_redirect_uri_matches_on_any_port(client, registered, host, port):
    """RFC 8252 7.3: a native app's loopback listener takes whatever port is free."""
    named = f"http://{host}{port}/callback"
    assert request_id(ask(client, valid(registered["clientId"], redirect_uri=named)))
    # and its errors go back there, on that port
    back_with(ask(client, valid(registered["clientId"], redirect_uri=named, scope="admin")),
              "invalid_scope", redirect_uri=named)


def test_the_native_redirect_uri_matches_exactly(client, registered):
    assert request_id(ask(client, valid(registered["clientId"], redirect_uri=NATIVE)))


@pytest.mark.parametrize("name", ["client_id", "redirect_uri"])
def test_a_repeated_client_id_or_redirect_uri_gets_the_page(app, client, registered, name):
    pairs = valid(registered["clientId"])
    again = next(value for key, value in pairs if key == name)
    for extra in (again, "https://evil.example/callback" if name == "redirect_uri" else "x"):
        page(ask(client, [*pairs, (name, extra)]))
    assert stored_requests(app) == 0


# --- later errors: back to the redirect URI, with error, state and iss ---

@pytest.mark.parametrize("response_type", [None, "", "token", "code token", "code id_token",
                                           "id_token", "CODE", "code "], ids=repr)
def test_an_unsupported_response_type_goes_back(app, client, registered, response_type):
    response = ask(client, valid(registered["clientId"], response_type=response_type))
    back_with(response, "unsupported_response_type")
    assert stored_requests(app) == 0


@pytest.mark.parametrize("scope", ["admin", "read admin", "READ", "openid\x00", "read,write",
                                   " ", "offline_access" + "x" * 100], ids=repr)
def test_an_unknown_scope_goes_back(client, registered, scope):
    back_with(ask(client, valid(registered["clientId"], scope=scope)), "invalid_scope")


def test_no_scope_asks_for_read(app, client, registered):
    assert request_id(ask(client, valid(registered["clientId"], scope=None)))
    with app.app_context():
        assert db.session.query(OAuthRequest).one().params["scope"] == "read"


@pytest.mark.parametrize("changes", [
    {"code_challenge": None, "code_challenge_method": None},  # no PKCE at all
    {"code_challenge_method": None},  # the challenge alone (authlib would assume plain)
    {"code_challenge_method": "plain"},
    {"code_challenge_method": "s256"},
    {"code_challenge_method": "S512"},
    {"code_challenge_method": ""},
    {"code_challenge": None},
    {"code_challenge": ""},
    {"code_challenge": "A" * 42},  # RFC 7636 4.2: 43 to 128
    {"code_challenge": "A" * 129},
    {"code_challenge": "A" * 42 + "+"},  # not of the unreserved set
    {"code_challenge": "A" * 42 + "/"},
    {"code_challenge": "A" * 42 + "="},
    {"code_challenge": "A" * 42 + " "},
    {"code_challenge": "A" * 42 + "\u00e9"},
    {"code_challenge": "A" * 42 + "\x00"},
], ids=repr)
def test_pkce_that_is_not_s256_goes_back(app, client, registered, changes):
    back_with(ask(client, valid(registered["clientId"], **changes)), "invalid_request")
    assert stored_requests(app) == 0


@pytest.mark.parametrize("length", [43, 128])
def test_a_challenge_of_the_limits_is_taken(client, registered, length):
    challenge = ("aZ09-._~" * 20)[:length]
    assert request_id(ask(client, valid(registered["clientId"], code_challenge=challenge)))


@pytest.mark.parametrize("name", ["request", "request_uri"])
def test_request_objects_go_back(client, registered, name):
    value = "eyJhbGciOiJub25lIn0.e30." if name == "request" else "https://evil.example/r"
    back_with(ask(client, valid(registered["clientId"], **{name: value})), "invalid_request")


@pytest.mark.parametrize("name", ["response_type", "scope", "code_challenge",
                                  "code_challenge_method", "nonce", "prompt", "max_age",
                                  "login_hint"])
def test_a_repeated_parameter_goes_back(app, client, registered, name):
    pairs = valid(registered["clientId"], prompt="consent", max_age="60",
                  login_hint="alice@example.com")
    value = next(value for key, value in pairs if key == name)
    back_with(ask(client, [*pairs, (name, value)]), "invalid_request")
    assert stored_requests(app) == 0


def test_a_repeated_state_goes_back_without_it(client, registered):
    """Which state would be the client's? Neither is echoed."""
    pairs = valid(registered["clientId"])
    response = ask(client, [*pairs, ("state", "other")])
    assert response.status_code == 302
    params = query(response.headers["Location"])
    assert params["error"] == "invalid_request"
    assert params.get("state") in (None, "xyz"), params


def test_ten_resources_are_taken_and_eleven_go_back(app, client, registered):
    pairs = valid(registered["clientId"])
    ten = [("resource", API if n % 2 else MCP) for n in range(10)]
    assert request_id(ask(client, [*pairs, *ten]))
    with app.app_context():
        assert db.session.query(OAuthRequest).one().params["resources"] == [MCP, API]
    back_with(ask(client, [*pairs, *ten, ("resource", API)]), "invalid_request")


@pytest.mark.parametrize("resource", [
    "https://evil.example/api",
    API + "/",
    API + "#frag",
    MCP + "#",
    "/api",
    "api",
    "//localhost/api",
    "",
    "HTTP://localhost/api",
    API + "\x00",
], ids=repr)
def test_a_resource_not_listed_goes_back(app, client, registered, resource):
    response = ask(client, [*valid(registered["clientId"]), ("resource", resource)])
    back_with(response, "invalid_target")
    assert stored_requests(app) == 0


def test_one_bad_resource_among_good_ones_goes_back(client, registered):
    pairs = [*valid(registered["clientId"]), ("resource", API), ("resource", "https://x.example")]
    back_with(ask(client, pairs), "invalid_target")


@pytest.mark.parametrize("name", ["scope", "nonce", "login_hint", "code_challenge", "prompt",
                                  "max_age", "response_type", "resource", "anything"])
def test_every_parameter_is_limited_to_2000_characters(app, client, registered, name):
    pairs = [(key, value) for key, value in valid(registered["clientId"]) if key != name]
    back_with(ask(client, [*pairs, (name, "a" * 2001)]), "invalid_request")
    assert stored_requests(app) == 0


def test_the_state_is_limited_to_1000_characters(app, client, registered):
    kept = "s" * 1000
    assert request_id(ask(client, valid(registered["clientId"], state=kept)))
    response = ask(client, valid(registered["clientId"], state=kept + "s"))
    # too long to echo: the error goes back without it
    back_with(response, "invalid_request", state=None)
    assert stored_requests(app) == 1


def test_the_nonce_is_limited_to_255_characters(app, client, registered):
    assert request_id(ask(client, valid(registered["clientId"], nonce="n" * 255)))
    back_with(ask(client, valid(registered["clientId"], nonce="n" * 256)), "invalid_request")
    assert stored_requests(app) == 1


@pytest.mark.parametrize("changes", [
    {"prompt": "select_account"},
    {"prompt": "none login"},
    {"prompt": "NONE"},
    {"max_age": "-1"},
    {"max_age": "1.5"},
    {"max_age": "1e3"},
    {"max_age": "99999999999"},
    {"max_age": ""},
], ids=repr)
def test_bad_openid_parameters_go_back(client, registered, changes):
    back_with(ask(client, valid(registered["clientId"], **changes)), "invalid_request")


def test_the_state_goes_back_as_sent(client, registered):
    """Whatever characters the client's state holds, it comes back the same (no injection into
    the redirect's query)."""
    state = "a&error=none&iss=https://evil.example#x \u00e9"
    response = ask(client, valid(registered["clientId"], state=state, scope="admin"))
    back_with(response, "invalid_scope", state=state)


def test_no_error_of_the_request_is_a_500(client, registered):
    """Odd bytes anywhere: a page or a redirect, never a server error."""
    for raw in ("client_id=%ff%fe",
                f"client_id={registered['clientId']}&redirect_uri=%E2%80%AE",
                f"client_id={registered['clientId']}&redirect_uri={REDIRECT}&state=%ff%00",
                "%ff=%ff", "&&&===", "client_id[]=x", "a" * 8000):
        response = client.get("/api/oauth2/authorize?" + raw)
        assert response.status_code in (302, 400, 414), (raw, response.status_code)


def test_odd_characters_of_a_valid_request_come_back_as_sent(client, alice, registered):
    """A right-to-left override, quotes, markup: kept with the request and given back at the
    decision."""
    state = "\u202e'\"<>&=?#\U0001f600"
    request = request_id(ask(client, valid(registered["clientId"], state=state,
                                           nonce="n\u202e", login_hint="<b>'")))
    shown = client.get(f"/api/auth/authorizations/{request}", headers=alice)
    assert shown.status_code == 200 and shown.get_json()["request"]["loginHint"] == "<b>'"
    decided = decide(client, alice, request)
    assert decided.status_code == 200, decided.get_json()
    back = query(decided.get_json()["redirectTo"])
    assert back["state"] == state and back["code"] and back["iss"] == BASE
