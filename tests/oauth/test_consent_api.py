"""The consent API (extensions.md E5.3) through HTTP: the request as the consent page reads it,
the decision and its redirect, what spends a request and what does not, prompt and max_age, the
grant an `allow` creates or widens, the sign-in time a code is bound to, and the credentials
that may not decide (API keys, OAuth tokens, impersonation sessions)."""
import json
from datetime import timedelta

import pytest
from joserfc import jws
from sqlalchemy import text

from core.db import db
from core.fields import utc_iso
from tests import http
from tests.conftest import PASSWORD
from tests.factories import make_admin, update_user, user_id
from tests.http import refused, sign_in
from tests.provider_flow import (
    API,
    BASE,
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
from tests.second_factors import code_at, enrol_two_factor

MCP = "https://mcp.example/mcp"  # a resource beside the API (OAUTH_RESOURCES)
PORTED = "https://app.example:8443/callback"
DESCRIBED = {"openid": "Confirm who you are (your account's id)",  # in the service's order
             "offline_access": "Stay connected when you are not using it (a refresh token)",
             "read": "Read your data in this service, as you can (GET requests)"}


@pytest.fixture
def app(make_app):
    return make_app(**settings(OAUTH_RESOURCES=MCP))


@pytest.fixture
def alice(auth, clock):
    return auth.verified_headers("alice@example.com")


@pytest.fixture
def registered(client, alice):
    return new_app(client, alice, redirect_uris=(REDIRECT, PORTED),
                   homepageUrl="https://app.example", logoUrl="https://app.example/logo.png")


def asked(client, registered, **params) -> str:
    """The id of a new authorization request of the app."""
    return request_id(authorize(client, registered["app"]["clientId"], **params))


def read(client, headers, request):
    return client.get(f"/api/auth/authorizations/{request}", headers=headers)


def shown(client, headers, request) -> dict:
    answer = read(client, headers, request)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["request"]


def allowed(client, headers, request, **proof) -> dict:
    """The query of the redirect an `allow` answers."""
    answer = decide(client, headers, request, **proof)
    assert answer.status_code == 200, answer.get_json()
    return query(answer.get_json()["redirectTo"])


def claims(jwt: str) -> dict:
    return json.loads(jws.extract_compact(jwt.encode()).payload)


def flow(client, registered, headers, *, proof=None, **params) -> dict:
    """Authorize, allow (with `proof`), exchange: the token answer."""
    verifier, challenge = pkce()
    request = asked(client, registered, challenge=challenge, **params)
    back = allowed(client, headers, request, **(proof or {}))
    answer = token(client, registered, grant_type="authorization_code", code=back["code"],
                   redirect_uri=params.get("redirect_uri", REDIRECT), code_verifier=verifier)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def grant_of(app, email) -> dict:
    with app.app_context():
        row = db.session.execute(text(
            "SELECT scopes, resources FROM oauth_grants WHERE user_id = :u"),
            {"u": user_id(app, email)}).one()
    decoded = [value if isinstance(value, list) else json.loads(value) for value in row]
    return {"scopes": sorted(decoded[0]), "resources": decoded[1]}


# --- what the page reads ---

def test_the_request_is_read_with_exactly_its_members(client, alice, registered, clock):
    request = asked(client, registered, redirect_uri=PORTED, login_hint="alice@example.com")
    answer = read(client, alice, request)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"request": {
        "id": request,
        "client": {"clientId": registered["app"]["clientId"], "name": "Calendar sync",
                   "kind": "app", "host": "app.example", "logoUrl": "https://app.example/logo.png",
                   "homepageUrl": "https://app.example", "verified": True,
                   "redirectUri": PORTED, "localhostOnly": False},
        "scopes": [{"name": name, "description": words} for name, words in DESCRIBED.items()],
        "resources": [API], "prompt": None, "loginHint": "alice@example.com",
        "granted": False, "reauthenticationRequired": False,
        "expiresAt": utc_iso(clock.now + timedelta(minutes=10))}}
    assert shown(client, alice, request) == answer.get_json()["request"]  # reading spends nothing


def test_an_app_on_loopback_only_is_marked_and_named_by_its_host(client, alice):
    native = new_app(client, alice, kind="public",
                     redirect_uris=("http://127.0.0.1/cb", "http://[::1]/cb"))
    request = asked(client, native, redirect_uri="http://127.0.0.1:51234/cb",
                    scope="read write", resource=[API, MCP], prompt="consent")
    found = shown(client, alice, request)
    assert found["client"] == {**found["client"], "host": "127.0.0.1", "localhostOnly": True,
                               "redirectUri": "http://127.0.0.1:51234/cb", "verified": True,
                               "homepageUrl": None, "logoUrl": None}
    assert [scope["name"] for scope in found["scopes"]] == ["read", "write"]
    assert found["resources"] == [API, MCP] and found["prompt"] == "consent"
    assert found["loginHint"] is None
    on_v6 = shown(client, alice, asked(client, native, redirect_uri="http://[::1]:8080/cb"))
    assert on_v6["client"]["host"] == "::1"


@pytest.mark.parametrize("request_id_", ["x", "A" * 43, "A" * 44, "A" * 64, "é" * 43])
def test_an_unknown_request_is_400_invalid_token(client, alice, registered, request_id_):
    refused(read(client, alice, request_id_), 400, "INVALID_TOKEN")
    refused(decide(client, alice, request_id_), 400, "INVALID_TOKEN")


@pytest.mark.parametrize("segment", ["%00" * 15, "A" * 65])
def test_a_segment_that_is_no_id_at_all_is_404_as_on_every_path(client, alice, segment):
    # core/access.py's rule for every path id (docs/explanation/decisions.md)
    refused(read(client, alice, segment), 404, "NOT_FOUND")
    refused(decide(client, alice, segment), 404, "NOT_FOUND")


def test_a_request_lives_ten_minutes(client, alice, registered, clock):
    early, late = asked(client, registered), asked(client, registered)
    clock.advance(minutes=9, seconds=59)
    assert shown(client, alice, early)["id"] == early
    assert allowed(client, alice, early)["code"]
    clock.advance(seconds=1)
    refused(read(client, alice, late), 400, "INVALID_TOKEN")
    refused(decide(client, alice, late), 400, "INVALID_TOKEN")


def test_a_request_of_a_client_disabled_since_is_unknown(app, client, alice, registered):
    request = asked(client, registered)
    with app.app_context():  # as an operator disables it (E5.2's platform admins)
        db.session.execute(text("UPDATE oauth_clients SET status = 'DISABLED'"))
        db.session.commit()
    refused(read(client, alice, request), 400, "INVALID_TOKEN")
    refused(decide(client, alice, request), 400, "INVALID_TOKEN")
    refused(decide(client, alice, request, decision="deny"), 400, "INVALID_TOKEN")
    with app.app_context():
        db.session.execute(text("UPDATE oauth_clients SET status = 'ACTIVE'"))
        db.session.commit()
    assert allowed(client, alice, request)["code"]  # the refusals spent nothing


def test_the_request_needs_a_signed_in_user(client, registered):
    request = asked(client, registered)
    refused(read(client, {}, request), 401, "INVALID_TOKEN")
    refused(decide(client, {}, request), 401, "INVALID_TOKEN")
    refused(decide(client, bearer("not-a-token"), request), 401, "INVALID_TOKEN")


def test_the_request_is_bound_to_whoever_decides_it_first(app, client, alice, registered,
                                                           auth):
    # Not bound to a user until decided (docs/explanation/decisions.md): the id is a secret
    # of the browser that began it, and the code is the deciding user's.
    bob = auth.verified_headers("bob@example.com")
    verifier, challenge = pkce()
    request = asked(client, registered, challenge=challenge)
    assert shown(client, alice, request)["granted"] is False
    back = allowed(client, bob, request)
    refused(decide(client, alice, request), 400, "INVALID_TOKEN")
    answer = token(client, registered, grant_type="authorization_code", code=back["code"],
                   redirect_uri=REDIRECT, code_verifier=verifier).get_json()
    assert claims(answer["access_token"])["sub"] == user_id(app, "bob@example.com")
    assert claims(answer["id_token"])["sub"] == user_id(app, "bob@example.com")


# --- the decision ---

def test_allow_sends_the_browser_back_with_a_code_state_and_iss(client, alice, registered):
    request = asked(client, registered)
    answer = decide(client, alice, request)
    assert answer.status_code == 200, answer.get_json()
    assert set(answer.get_json()) == {"redirectTo"}
    location = answer.get_json()["redirectTo"]
    assert location.startswith(REDIRECT + "?")
    back = query(location)
    assert set(back) == {"code", "state", "iss"}
    assert back["state"] == "xyz" and back["iss"] == BASE and len(back["code"]) >= 43
    refused(decide(client, alice, request), 400, "INVALID_TOKEN")  # spent
    refused(decide(client, alice, request, decision="deny"), 400, "INVALID_TOKEN")
    refused(read(client, alice, request), 400, "INVALID_TOKEN")


def test_deny_sends_the_browser_back_with_access_denied(app, client, alice, registered):
    request = asked(client, registered)
    answer = decide(client, alice, request, decision="deny")
    assert answer.status_code == 200, answer.get_json()
    back = query(answer.get_json()["redirectTo"])
    assert back["error"] == "access_denied" and back["state"] == "xyz" and back["iss"] == BASE
    assert "code" not in back
    refused(decide(client, alice, request), 400, "INVALID_TOKEN")
    with app.app_context():  # a denial grants nothing
        assert db.session.execute(text("SELECT count(*) FROM oauth_grants")).scalar() == 0
        assert db.session.execute(text("SELECT count(*) FROM oauth_authorizations")).scalar() == 0


@pytest.mark.parametrize("body", [{}, {"decision": "maybe"}, {"decision": None},
                                  {"decision": ["allow"]}, {"decision": "allow", "password": 5},
                                  {"decision": "allow", "password": "x" * 1025}])
def test_a_bad_decision_is_400_and_spends_nothing(client, alice, registered, body):
    request = asked(client, registered)
    answer = client.post(f"/api/auth/authorizations/{request}", headers=alice, json=body)
    refused(answer, 400, "VALIDATION_ERROR")
    assert allowed(client, alice, request)["code"]


def test_a_state_less_request_comes_back_without_one(client, alice, registered):
    back = allowed(client, alice, asked(client, registered, state=None))
    assert set(back) == {"code", "iss"}


# --- prompt and max_age ---

def test_prompt_none_gives_a_code_only_when_granted(client, alice, registered):
    first = asked(client, registered, prompt="none")
    found = shown(client, alice, first)
    assert found["prompt"] == "none" and found["granted"] is False
    back = allowed(client, alice, first)
    assert back["error"] == "consent_required" and "code" not in back
    assert back["state"] == "xyz" and back["iss"] == BASE
    refused(decide(client, alice, first), 400, "INVALID_TOKEN")  # spent all the same

    assert allowed(client, alice, asked(client, registered))["code"]  # a grant now
    again = asked(client, registered, prompt="none")
    assert shown(client, alice, again)["granted"] is True
    assert allowed(client, alice, again)["code"]
    wider = asked(client, registered, prompt="none", scope="read write")
    assert shown(client, alice, wider)["granted"] is False
    assert allowed(client, alice, wider)["error"] == "consent_required"


def test_prompt_consent_asks_again(client, alice, registered):
    assert allowed(client, alice, asked(client, registered))["code"]
    assert shown(client, alice, asked(client, registered))["granted"] is True
    request = asked(client, registered, prompt="consent")
    assert shown(client, alice, request)["granted"] is False
    assert allowed(client, alice, request)["code"]


def test_prompt_login_asks_the_password_and_a_refusal_spends_nothing(client, alice,
                                                                     registered):
    request = asked(client, registered, prompt="login")
    assert shown(client, alice, request)["reauthenticationRequired"] is True
    refused(decide(client, alice, request), 403, "REAUTHENTICATION_REQUIRED")
    refused(decide(client, alice, request, password="not the password"), 400,
            "INVALID_CREDENTIALS")
    assert shown(client, alice, request)["id"] == request  # still there
    assert allowed(client, alice, request, password=PASSWORD)["code"]
    # a denial needs no proof
    denied = decide(client, alice, asked(client, registered, prompt="login"), decision="deny")
    assert query(denied.get_json()["redirectTo"])["error"] == "access_denied"


def test_a_two_factor_account_gives_its_code_too(app, client, alice, registered, clock):
    secret, _ = enrol_two_factor(app, client, alice, clock)
    request = asked(client, registered, prompt="login")
    refused(decide(client, alice, request, password=PASSWORD), 403,
            "REAUTHENTICATION_REQUIRED")
    refused(decide(client, alice, request, password=PASSWORD, totpCode="000000"), 400,
            "INVALID_TOTP")
    assert allowed(client, alice, request, password=PASSWORD,
                   totpCode=code_at(secret, clock))["code"]


def test_max_age_older_than_the_sign_in_asks_again(client, alice, registered, clock):
    clock.advance(minutes=2)
    fresh_enough = asked(client, registered, max_age="3600")
    assert shown(client, alice, fresh_enough)["reauthenticationRequired"] is False
    assert allowed(client, alice, fresh_enough)["code"]
    too_old = asked(client, registered, max_age="60")
    assert shown(client, alice, too_old)["reauthenticationRequired"] is True
    refused(decide(client, alice, too_old), 403, "REAUTHENTICATION_REQUIRED")
    assert allowed(client, alice, too_old, password=PASSWORD)["code"]
    # a new sign-in is fresh again
    assert shown(client, http.bearer(sign_in(client)), asked(
        client, registered, max_age="60"))["reauthenticationRequired"] is False


# --- the grant ---

def test_allow_widens_the_grant_with_scopes_and_resources(app, client, alice, registered):
    allowed(client, alice, asked(client, registered, scope="openid read"))
    assert grant_of(app, "alice@example.com") == {"scopes": ["openid", "read"],
                                                  "resources": [API]}
    assert shown(client, alice, asked(client, registered, scope="read"))["granted"] is True
    wider = asked(client, registered, scope="read write")
    assert shown(client, alice, wider)["granted"] is False
    allowed(client, alice, wider)
    assert grant_of(app, "alice@example.com") == {"scopes": ["openid", "read", "write"],
                                                  "resources": [API]}
    elsewhere = asked(client, registered, scope="read", resource=MCP)
    assert shown(client, alice, elsewhere)["granted"] is False
    allowed(client, alice, elsewhere)
    assert grant_of(app, "alice@example.com") == {"scopes": ["openid", "read", "write"],
                                                  "resources": [API, MCP]}
    both = asked(client, registered, scope="openid write", resource=[MCP, API])
    assert shown(client, alice, both)["granted"] is True
    with app.app_context():  # one grant, however often it was widened
        assert db.session.execute(text("SELECT count(*) FROM oauth_grants")).scalar() == 1


def test_a_grant_is_the_users_and_the_clients(client, alice, registered, auth):
    allowed(client, alice, asked(client, registered))
    bob = auth.verified_headers("bob@example.com")
    assert shown(client, bob, asked(client, registered))["granted"] is False
    other = new_app(client, alice, name="Other")
    assert shown(client, alice, asked(client, other))["granted"] is False


# --- the sign-in a code is bound to ---

def test_the_code_carries_the_consenting_sessions_sign_in_time(client, alice, registered,
                                                                clock):
    signed_up_at = clock.now
    clock.advance(minutes=5)
    first = flow(client, registered, alice)
    assert claims(first["id_token"])["auth_time"] == int(signed_up_at.timestamp())
    assert claims(first["access_token"])["auth_time"] == int(signed_up_at.timestamp())
    later = http.bearer(sign_in(client))
    signed_in_at = clock.now
    clock.advance(minutes=3)
    second = flow(client, registered, later)
    assert claims(second["id_token"])["auth_time"] == int(signed_in_at.timestamp())
    # the refresh keeps the authorization's
    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=second["refresh_token"]).get_json()
    assert claims(renewed["id_token"])["auth_time"] == int(signed_in_at.timestamp())


def test_a_proof_at_the_consent_is_the_authentication_time(client, alice, registered, clock):
    # OpenID Connect Core 3.1.2.1: auth_time is when the user authenticated, and a client
    # asking max_age checks it; the password given at the decision is that authentication.
    clock.advance(minutes=5)
    answer = flow(client, registered, alice, proof={"password": PASSWORD}, max_age="60")
    assert claims(answer["id_token"])["auth_time"] == int(clock.now.timestamp())
    relogin = flow(client, registered, alice, proof={"password": PASSWORD}, prompt="login")
    assert claims(relogin["access_token"])["auth_time"] == int(clock.now.timestamp())


def test_an_account_without_a_password_signs_in_again_for_max_age(app, client, alice,
                                                                  registered, clock):
    update_user(app, "alice@example.com", password_hash=None)  # a magic-link account
    signed_up_at = clock.now
    clock.advance(minutes=2)
    too_old = asked(client, registered, max_age="60")
    refused(decide(client, alice, too_old), 403, "REAUTHENTICATION_REQUIRED")
    refused(decide(client, alice, too_old, password=PASSWORD), 403,
            "REAUTHENTICATION_REQUIRED")
    # prompt=login: its session is recent (E1.3's window), and it is the authentication
    answer = flow(client, registered, alice, prompt="login")
    assert claims(answer["id_token"])["auth_time"] == int(signed_up_at.timestamp())
    denied = decide(client, alice, too_old, decision="deny")  # the refusals spent nothing
    assert query(denied.get_json()["redirectTo"])["error"] == "access_denied"


# --- the credentials that may not decide ---

def test_api_keys_and_oauth_tokens_may_not_read_or_decide(client, alice, registered):
    request = asked(client, registered)
    made = client.post("/api/auth/api-keys", headers=alice, json={
        "name": "ci", "scopes": ["read", "write"], "password": PASSWORD})
    key = bearer(made.get_json()["key"])
    access = bearer(code_flow(client, alice, registered, scope="openid read write")[0][
        "access_token"])
    for headers in (key, access):
        refused(read(client, headers, request), 403, "INSUFFICIENT_SCOPE")
        refused(decide(client, headers, request), 403, "INSUFFICIENT_SCOPE")
    assert allowed(client, alice, request)["code"]  # nothing was spent


def test_an_impersonation_session_may_read_but_not_decide(app, client, alice, registered,
                                                          auth):
    admin = auth.headers("root@example.com")
    make_admin(app, "root@example.com")
    started = client.post(f"/api/admin/users/{user_id(app, 'alice@example.com')}/impersonate",
                          headers=admin)
    support = bearer(started.get_json()["data"]["session"]["token"])
    request = asked(client, registered)
    assert shown(client, support, request)["id"] == request
    refused(decide(client, support, request), 403, "IMPERSONATION_FORBIDDEN")
    refused(decide(client, support, request, decision="deny"), 403, "IMPERSONATION_FORBIDDEN")
    assert allowed(client, alice, request)["code"]  # nothing was spent
