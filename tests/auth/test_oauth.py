"""OAuth sign-in with GitHub and Google against providers on loopback: the redirect with state
and PKCE, the callback, the account rules and the one-time code (contract section 5)."""
import hashlib
import sqlite3
import time
from datetime import timedelta

import pyotp
import pytest
from sqlalchemy import event, func, select, update

from core.db import db
from sections.auth.models import LinkedIdentity, PendingSignIn, User
from tests.conftest import PASSWORD, free_port
from tests.http import refused
from tests.oauth_flow import (
    APP,
    DONE,
    at_github,
    at_google,
    back_at_spa,
    exchange,
    query,
    settings,
    start,
    via_github,
    via_google,
    with_params,
)
from tests.oauth_providers import GoogleProvider, s256, serve_url

EMAIL = "grace@example.com"

# oidc-provider-mock 0.3.4 (the last release for Python 3.11) still uses an Authlib server API
# that Authlib now deprecates; that warning comes from the provider's thread, not from our code.
pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")


@pytest.fixture
def app(make_app, github, google):
    return make_app(**settings(github, google))


def oauth_refused(response, status=400, code="OAUTH_ERROR"):
    return refused(response, status, code)


def session_user(client, response):
    token = response.get_json()["session"]["token"]
    found = client.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"})
    assert found.status_code == 200
    return found.get_json()["user"]


def rows(app, model):
    with app.app_context():
        return db.session.execute(select(model)).scalars().all()


# --- GitHub ---

def test_github_flow_end_to_end_creates_a_verified_account(app, client, github):
    github.add_user("grace", [("old@example.com", False, True), (EMAIL, True, True)])
    authorize_url = start(client, "github")
    assert authorize_url.startswith(f"{github.url}/login/oauth/authorize?")
    sent = query(authorize_url)
    assert sent["client_id"] == github.CLIENT_ID and sent["response_type"] == "code"
    assert sent["redirect_uri"] == f"{APP}/api/auth/callback/github"
    assert sent["scope"] == "read:user user:email"
    assert sent["code_challenge_method"] == "S256" and len(sent["state"]) >= 20

    response = client.get(at_github(authorize_url))
    assert response.status_code == 200, response.get_json()
    user = response.get_json()["user"]
    assert user["email"] == EMAIL and user["emailVerified"] is True  # the primary one
    assert user["name"] == "grace" and user["image"] == "https://avatars.example.com/u/grace"
    assert session_user(client, response)["id"] == user["id"]
    # PKCE: GitHub got the verifier of the challenge it saw, and the secret in the form.
    verifier = github.token_requests[0]["code_verifier"]
    assert s256(verifier) == sent["code_challenge"]
    assert github.token_requests[0]["client_secret"] == github.CLIENT_SECRET
    [identity] = rows(app, LinkedIdentity)
    assert (identity.provider, identity.subject, identity.user_id) == (
        "github", "1000", user["id"])
    assert identity.connection_id is None


def test_the_linked_identity_signs_in_even_after_its_email_changes(client, github):
    github.add_user("grace", [(EMAIL, True, True)], name="Grace")
    first = via_github(client).get_json()["user"]
    github.users["grace"][1][0].update(email="new@example.com", verified=False)
    again = via_github(client)
    assert again.status_code == 200
    assert again.get_json()["user"]["id"] == first["id"]
    assert again.get_json()["user"]["email"] == EMAIL


def test_verified_email_links_to_the_existing_verified_account(app, client, auth, mail, github):
    existing = auth.sign_up(EMAIL)["user"]
    client.post("/api/auth/verify-email", json={"token": mail.last_token(EMAIL)})
    github.add_user("grace", [(EMAIL, True, True)], name="Grace H.")
    response = via_github(client)
    assert response.status_code == 200
    assert response.get_json()["user"]["id"] == existing["id"]
    assert response.get_json()["user"]["name"] == "Grace H."  # it had none
    password = client.post("/api/auth/sign-in", json={"email": EMAIL, "password": PASSWORD})
    assert password.status_code == 200
    assert len(rows(app, User)) == 1


def test_linking_an_unverified_account_drops_what_its_creator_set(client, auth, github):
    """Account pre-hijacking: someone signed up with the victim's address and a password."""
    squatter = auth.sign_up(EMAIL)
    headers = {"Authorization": f"Bearer {squatter['session']['token']}"}
    github.add_user("grace", [(EMAIL, True, True)])
    response = via_github(client)
    assert response.status_code == 200
    user = response.get_json()["user"]
    assert user["id"] == squatter["user"]["id"] and user["emailVerified"] is True
    assert client.get("/api/auth/session", headers=headers).status_code == 401
    password = client.post("/api/auth/sign-in", json={"email": EMAIL, "password": PASSWORD})
    oauth_refused(password, 401, "INVALID_CREDENTIALS")


def commit_elsewhere(app, email: str) -> str:
    """Another connection changes `email`'s account and commits, if it may at once: "committed",
    or "locked" (SQLite: a transaction holds the writer's lock)."""
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            with db.engine.begin() as other:
                other.execute(update(User).where(User.email == email).values(name="Other"))
            return "committed"
        other = sqlite3.connect(db.engine.url.database, timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("UPDATE users SET name = 'Other' WHERE email = ?", (email,))
        other.execute("COMMIT")
        return "committed"
    except sqlite3.OperationalError:
        return "locked"
    finally:
        other.close()


def test_a_commit_by_another_connection_inside_the_sign_ins_savepoint_changes_nothing(
        app, client, auth, github):
    """The first sign-in finds the account and links it in a savepoint; another connection
    commits between that read and the link. SQLite: the savepoint opened the transaction as
    the writer, so the other waits (here: gives up at once) and the sign-in completes, not
    "database is locked"."""
    auth.sign_up("someone@example.com")
    github.add_user("grace", [(EMAIL, True, True)])
    seen, outcomes = [], []
    with app.app_context():
        engine = db.engine

    def after(_conn, _cursor, statement, *_):
        if statement.startswith("SAVEPOINT"):
            seen.append(statement)
        elif seen and not outcomes and statement.startswith("SELECT"):
            outcomes.append("running")  # the other connection's own statements come here too
            outcomes[-1] = commit_elsewhere(app, "someone@example.com")

    event.listen(engine, "after_cursor_execute", after)
    try:
        response = via_github(client)
    finally:
        event.remove(engine, "after_cursor_execute", after)
    assert response.status_code == 200, response.get_json()
    assert outcomes == ["locked" if engine.dialect.name == "sqlite" else "committed"]
    assert len(rows(app, LinkedIdentity)) == 1


def test_github_without_a_verified_primary_email_is_refused(app, client, auth, github):
    victim = auth.sign_up(EMAIL)["user"]
    github.add_user("mallory", [(EMAIL, True, False), ("mallory@example.com", False, True)])
    oauth_refused(via_github(client))
    assert back_at_spa(via_github(client, DONE)) == {"next": "/home",
                                                     "error": "email_not_verified"}
    assert rows(app, LinkedIdentity) == []
    password = client.post("/api/auth/sign-in", json={"email": EMAIL, "password": PASSWORD})
    assert password.status_code == 200 and password.get_json()["user"]["id"] == victim["id"]


def test_denied_consent_is_refused_or_sent_back(client, github):
    github.add_user("grace", [(EMAIL, True, True)])
    github.deny = True
    oauth_refused(via_github(client))
    assert back_at_spa(via_github(client, DONE))["error"] == "access_denied"
    assert github.token_requests == []


def test_a_provider_error_is_refused_or_sent_back(make_app, github, google):
    app = make_app(**settings(github, google, GITHUB_CLIENT_SECRET="wrong-secret"))
    client = app.test_client()
    github.add_user("grace", [(EMAIL, True, True)])
    oauth_refused(via_github(client))
    assert back_at_spa(via_github(client, DONE))["error"] == "provider_error"


def test_an_unreachable_token_endpoint_is_a_provider_error(make_app, github, google):
    closed = f"http://127.0.0.1:{free_port()}/login/oauth/access_token"
    client = make_app(**settings(github, google, GITHUB_TOKEN_URL=closed)).test_client()
    github.add_user("grace", [(EMAIL, True, True)])
    oauth_refused(via_github(client))


# --- Google (OpenID Connect) ---

def test_google_flow_end_to_end_with_redirect_and_code_exchange(app, client, google):
    google.add_user("grace", EMAIL)
    authorize_url = start(client, "google", DONE)
    assert authorize_url.startswith(f"{google.url}/oauth2/authorize?")  # from discovery
    sent = query(authorize_url)
    assert sent["scope"] == "openid email profile" and sent["nonce"]
    assert sent["code_challenge_method"] == "S256" and sent["state"]
    assert sent["redirect_uri"] == f"{APP}/api/auth/callback/google"

    back = back_at_spa(client.get(at_google(authorize_url)))
    assert set(back) == {"next", "code"}
    [stored] = rows(app, PendingSignIn)  # only the digest of the code is kept
    assert stored.provider == "google"  # the provider: the sign-in's method
    assert stored.state_hash == hashlib.sha256(back["code"].encode()).hexdigest()
    assert stored.user_id is not None and back["code"] not in repr(vars(stored))

    response = exchange(client, back["code"])
    assert response.status_code == 200, response.get_json()
    user = response.get_json()["user"]
    assert user["email"] == EMAIL and user["emailVerified"] is True
    assert user["name"] == "Grace Hopper" and user["image"] == "https://lh3.example.com/grace.png"
    assert session_user(client, response)["id"] == user["id"]
    oauth_refused(exchange(client, back["code"]), 400, "INVALID_TOKEN")  # single use
    [identity] = rows(app, LinkedIdentity)
    assert (identity.provider, identity.subject) == ("google", "grace")


def test_google_without_redirect_answers_the_session(client, google):
    google.add_user("grace", EMAIL)
    response = via_google(client)
    assert response.status_code == 200
    assert response.get_json()["user"]["email"] == EMAIL
    password = client.post("/api/auth/sign-in", json={"email": EMAIL, "password": PASSWORD})
    oauth_refused(password, 401, "INVALID_CREDENTIALS")  # a provider account has no password


def test_unverified_google_email_cannot_take_over_an_account(app, client, auth, google):
    victim = auth.sign_up(EMAIL)
    google.add_user("mallory", EMAIL, verified=False)
    oauth_refused(via_google(client, sub="mallory"))
    assert back_at_spa(via_google(client, DONE, sub="mallory"))["error"] == "email_not_verified"
    assert rows(app, LinkedIdentity) == []
    headers = {"Authorization": f"Bearer {victim['session']['token']}"}
    assert client.get("/api/auth/session", headers=headers).status_code == 200


def test_a_wrong_nonce_is_refused(app, client, google):
    google.add_user("grace", EMAIL)
    authorize_url = start(client, "google")
    # The provider signs the nonce it was given; here not the one our app sent.
    oauth_refused(client.get(at_google(with_params(authorize_url, nonce="attacker-chosen"))))
    assert rows(app, User) == []


def test_an_expired_id_token_is_refused(make_app, github):
    provider = GoogleProvider(token_max_age=timedelta(minutes=-10))  # issues expired tokens
    with serve_url(provider.app) as url:
        provider.url = url
        app = make_app(**settings(github, provider))
        client = app.test_client()
        provider.add_user("grace", EMAIL)
        oauth_refused(via_google(client))
    assert rows(app, User) == []


@pytest.mark.parametrize("tamper", [
    {"aud": "someone-else"},
    # Authlib alone accepts this one (it checks aud only through azp): our aud check does not.
    {"aud": "someone-else", "azp": GoogleProvider.CLIENT_ID},
    {"aud": ["someone-else", "another"]},
    {"iss": "https://accounts.example.net"},
    {"exp": int(time.time()) - 3600, "iat": int(time.time()) - 7200},
    "forged signature",
], ids=["audience", "audience-with-our-azp", "audience-list", "issuer", "expired", "signature"])
def test_id_tokens_failing_validation_are_refused(app, client, google, tamper):
    google.add_user("grace", EMAIL)
    if tamper == "forged signature":
        google.forge = True
    else:
        google.tamper = tamper
    oauth_refused(via_google(client))
    assert back_at_spa(via_google(client, DONE))["error"] == "provider_error"
    assert rows(app, User) == []


def test_the_untampered_id_token_of_the_same_setup_passes(client, google):
    """Control for the test above: re-signing with unchanged claims keeps a valid token."""
    google.add_user("grace", EMAIL)
    google.tamper = {"name": "Grace Hopper"}
    assert via_google(client).status_code == 200


def test_denied_consent_at_google_is_refused(client, google):
    # oidc-provider-mock's denial carries no `state` (Google's does), so it is refused as an
    # unknown state; the GitHub test above covers `error=` sent back to a redirectUrl.
    google.add_user("grace", EMAIL)
    oauth_refused(client.get(at_google(start(client, "google"), deny=True)))


def test_an_unreachable_discovery_document_is_a_502_or_sent_back(make_app, github, google):
    closed = f"http://127.0.0.1:{free_port()}/.well-known/openid-configuration"
    client = make_app(**settings(github, google, GOOGLE_DISCOVERY_URL=closed)).test_client()
    oauth_refused(client.get(f"{APP}/api/auth/oauth/google"), 502, "OAUTH_PROVIDER_UNAVAILABLE")
    response = client.get(f"{APP}/api/auth/oauth/google", query_string={"redirectUrl": DONE})
    assert back_at_spa(response)["error"] == "temporarily_unavailable"


# --- state ---

def test_a_tampered_state_is_refused_and_the_real_one_still_works(client, github):
    github.add_user("grace", [(EMAIL, True, True)])
    callback = at_github(start(client, "github", DONE))
    real = query(callback)["state"]
    # One character changed (a state ending in "x" would otherwise be left as it was).
    tampered = real[:-1] + ("y" if real.endswith("x") else "x")
    for state in ("forged", tampered, ""):
        oauth_refused(client.get(with_params(callback, state=state)))
    assert "code" in back_at_spa(client.get(callback))


def test_a_replayed_callback_is_refused(client, github):
    github.add_user("grace", [(EMAIL, True, True)])
    callback = at_github(start(client, "github", DONE))
    assert "code" in back_at_spa(client.get(callback))
    oauth_refused(client.get(callback))
    assert len(github.token_requests) == 1  # the replay never reached the provider


def test_a_callback_in_another_browser_is_refused(app, client, github):
    """Login CSRF (RFC 6749 section 10.12): the victim's browser opens the attacker's callback."""
    github.add_user("mallory", [("mallory@example.com", True, True)])
    callback = at_github(start(client, "github"))
    oauth_refused(app.test_client().get(callback))
    assert github.token_requests == []


def test_a_state_is_only_good_for_its_own_provider(client, github):
    github.add_user("grace", [(EMAIL, True, True)])
    callback = at_github(start(client, "github"))
    oauth_refused(client.get(callback.replace("/callback/github", "/callback/google")))


def test_a_state_expires_after_ten_minutes(app, client, github, clock):
    github.add_user("grace", [(EMAIL, True, True)])
    callback = at_github(start(client, "github"))
    clock.advance(minutes=10, seconds=1)
    oauth_refused(client.get(callback))
    result = app.test_cli_runner().invoke(args=["purge-expired"])
    assert "pending_sign_ins: 1 removed" in result.output


def test_only_the_digest_of_the_state_is_stored(app, client):
    state = query(start(client, "github", DONE))["state"]
    [row] = rows(app, PendingSignIn)
    assert row.state_hash == hashlib.sha256(state.encode()).hexdigest()
    assert row.redirect_url == DONE and state not in repr(vars(row))


@pytest.mark.parametrize("params", [
    {}, {"state": "a\x00b"}, {"state": "s" * 5000}, {"state": "ünï©ødé"},
    {"code": "x", "state": "unknown"}, {"error": "access_denied"},
])
def test_malformed_callbacks_are_oauth_errors(client, params):
    oauth_refused(client.get(f"{APP}/api/auth/callback/github", query_string=params))


@pytest.mark.parametrize("code", [None, "", "c" * 3000, "a\x00b", "ünï©ødé"])
def test_bad_codes_on_a_good_state_are_oauth_errors(client, github, code):
    github.add_user("grace", [(EMAIL, True, True)])
    state = query(start(client, "github"))["state"]
    params = {"state": state} if code is None else {"state": state, "code": code}
    oauth_refused(client.get(f"{APP}/api/auth/callback/github", query_string=params))


# --- the one-time code ---

def test_the_code_expires_after_sixty_seconds(client, github, clock):
    github.add_user("grace", [(EMAIL, True, True)])
    code = back_at_spa(via_github(client, DONE))["code"]
    clock.advance(seconds=60)
    oauth_refused(exchange(client, code), 400, "INVALID_TOKEN")


def test_the_code_is_still_good_at_fifty_nine_seconds(client, github, clock):
    github.add_user("grace", [(EMAIL, True, True)])
    code = back_at_spa(via_github(client, DONE))["code"]
    clock.advance(seconds=59)
    response = exchange(client, code)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["email"] == EMAIL
    assert session_user(client, response)["email"] == EMAIL


@pytest.mark.parametrize("body", [
    {}, {"code": 1}, {"code": None}, {"code": ["x"]}, {"code": ""}, {"code": "x" * 513},
    {"code": "x", "totpCode": 5}, {"code": "x", "totpCode": "1" * 65}, [], "code",
    {"code": "a\x00b"},
])
def test_malformed_exchanges_are_validation_errors(client, body):
    oauth_refused(client.post("/api/auth/oauth/token", json=body), 400, "VALIDATION_ERROR")


@pytest.mark.parametrize("code", ["unknown", "ünï©ødé" * 20, "x" * 512])
def test_unknown_codes_are_invalid_tokens(client, code):
    oauth_refused(exchange(client, code), 400, "INVALID_TOKEN")


def test_a_magic_link_token_is_not_an_oauth_code(client, mail):
    client.post("/api/auth/send-magic-link", json={"email": EMAIL, "redirectUrl": DONE})
    oauth_refused(exchange(client, mail.last_token(EMAIL)), 400, "INVALID_TOKEN")


def test_two_factor_is_asked_at_the_exchange_and_the_code_kept_until_it_passes(
        client, auth, mail, github, clock):
    headers = auth.headers(EMAIL)
    client.post("/api/auth/verify-email", json={"token": mail.last_token(EMAIL)})
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    enabled = client.post("/api/auth/two-factor/verify", headers=headers,
                          json={"code": pyotp.TOTP(secret).at(clock.now)})
    assert enabled.status_code == 200
    clock.advance(minutes=1)
    github.add_user("grace", [(EMAIL, True, True)])

    oauth_refused(via_github(client), 401, "TOTP_REQUIRED")  # no way to ask for it at the callback
    code = back_at_spa(via_github(client, DONE))["code"]
    oauth_refused(exchange(client, code), 401, "TOTP_REQUIRED")
    oauth_refused(exchange(client, code, totpCode="000000"), 401, "INVALID_TOTP")
    response = exchange(client, code, totpCode=pyotp.TOTP(secret).at(clock.now))
    assert response.status_code == 200
    assert response.get_json()["user"]["twoFactorEnabled"] is True
    oauth_refused(exchange(client, code, totpCode=pyotp.TOTP(secret).at(clock.now)),
            400, "INVALID_TOKEN")


def enable_two_factor(client, auth, mail, clock):
    """Grace, verified, with a password and two-factor on; returns her TOTP secret. The clock
    then moves on 5 minutes, so the code accepted at enrolment is far behind."""
    headers = auth.headers(EMAIL)
    client.post("/api/auth/verify-email", json={"token": mail.last_token(EMAIL)})
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    enabled = client.post("/api/auth/two-factor/verify", headers=headers,
                          json={"code": pyotp.TOTP(secret).at(clock.now)})
    assert enabled.status_code == 200, enabled.get_json()
    clock.advance(minutes=5)
    return secret


def test_a_totp_code_already_accepted_is_refused_at_the_exchange(
        client, auth, mail, github, clock):
    totp = pyotp.TOTP(enable_two_factor(client, auth, mail, clock))
    accepted = totp.at(clock.now)
    signed_in = client.post("/api/auth/sign-in",
                            json={"email": EMAIL, "password": PASSWORD, "totpCode": accepted})
    assert signed_in.status_code == 200, signed_in.get_json()
    github.add_user("grace", [(EMAIL, True, True)])
    code = back_at_spa(via_github(client, DONE))["code"]

    oauth_refused(exchange(client, code, totpCode=accepted), 401, "INVALID_TOTP")
    clock.advance(seconds=30)  # the accepted code is one step old: inside the window, still used
    oauth_refused(exchange(client, code, totpCode=accepted), 401, "INVALID_TOTP")
    response = exchange(client, code, totpCode=totp.at(clock.now))  # the code was not spent
    assert response.status_code == 200, response.get_json()


def test_an_old_totp_code_is_refused_at_the_exchange(client, auth, mail, github, clock):
    totp = pyotp.TOTP(enable_two_factor(client, auth, mail, clock))
    github.add_user("grace", [(EMAIL, True, True)])
    code = back_at_spa(via_github(client, DONE))["code"]
    # Never accepted before (enrolment was 5 minutes ago), but 2 and 3 steps old: beyond the
    # one step of drift RFC 6238 allows.
    for age in (60, 90):
        old = totp.at(clock.now - timedelta(seconds=age))
        oauth_refused(exchange(client, code, totpCode=old), 401, "INVALID_TOTP")
    response = exchange(client, code, totpCode=totp.at(clock.now - timedelta(seconds=30)))
    assert response.status_code == 200, response.get_json()  # one step old: accepted


# --- configuration and redirects ---

def test_an_unconfigured_provider_answers_404(make_app, github, google):
    app = make_app(**settings(github, google, GOOGLE_CLIENT_SECRET=None))
    client = app.test_client()
    for path in ("/api/auth/oauth/google", "/api/auth/callback/google?code=x&state=y"):
        body = oauth_refused(client.get(path), 404, "OAUTH_PROVIDER_NOT_CONFIGURED")
        assert "Google" in body["message"]
    oauth_refused(client.get("/api/auth/oauth/facebook"), 404, "NOT_FOUND")
    assert client.get("/api/auth/oauth/github").status_code == 302


def test_no_provider_is_offered_by_default(make_app):
    client = make_app().test_client()
    for provider in ("github", "google"):
        oauth_refused(client.get(f"/api/auth/oauth/{provider}"), 404,
                      "OAUTH_PROVIDER_NOT_CONFIGURED")


@pytest.mark.parametrize("redirect_url", [
    "http://evil.test/signed-in", "https://spa.test/signed-in", "http://spa.test:8080/",
    "http://spa.test@evil.test/", "//evil.test/", "/signed-in", "javascript:alert(1)",
    "http://spa.test/\x00", "http://spä.test/", "http://spa.test/" + "a" * 2100,
])
def test_disallowed_redirect_urls_are_refused(app, client, redirect_url):
    response = client.get(f"{APP}/api/auth/oauth/github",
                          query_string={"redirectUrl": redirect_url})
    oauth_refused(response, 400, "VALIDATION_ERROR")
    assert rows(app, PendingSignIn) == []


def test_the_callback_url_comes_from_app_base_url_not_the_host_header(make_app, github, google):
    client = make_app(**settings(github, google, TRUSTED_PROXY_COUNT=1)).test_client()
    location = start(client, "github", headers={"Host": "evil.test",
                                                "X-Forwarded-Host": "evil.test"})
    assert query(location)["redirect_uri"] == f"{APP}/api/auth/callback/github"


def test_the_browser_key_cookie_is_lax_and_http_only(client):
    response = client.get(f"{APP}/api/auth/oauth/github")
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_secure_cookie_when_the_service_runs_on_https(make_app, github, google):
    app = make_app(**settings(github, google, APP_BASE_URL="https://auth.example.com"))
    assert app.config["SESSION_COOKIE_SECURE"] is True
    location = start(app.test_client(), "github")
    assert query(location)["redirect_uri"] == "https://auth.example.com/api/auth/callback/github"


def test_api_base_url_places_the_callback_and_app_base_url_the_email_links(make_app, github,
                                                                            google, mail):
    app = make_app(**settings(github, google, APP_BASE_URL="https://app.example.com",
                              API_BASE_URL="https://api.example.com"))
    client = app.test_client()
    location = start(client, "github")
    assert query(location)["redirect_uri"] == "https://api.example.com/api/auth/callback/github"
    assert app.config["SESSION_COOKIE_SECURE"] is True
    client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    assert mail.last_link(EMAIL).startswith("https://app.example.com/verify-email?token=")


def test_openapi_documents_the_oauth_endpoints(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    assert "302" in paths["/api/auth/oauth/{provider}"]["get"]["responses"]
    callback = paths["/api/auth/callback/{provider}"]["get"]["responses"]
    assert {"200", "302", "400", "404"} <= set(callback)
    assert "200" in paths["/api/auth/oauth/token"]["post"]["responses"]


def test_each_identity_is_stored_once(app, client, github, google):
    github.add_user("grace", [(EMAIL, True, True)])
    google.add_user("grace-g", EMAIL)
    for _ in range(2):
        assert via_github(client).status_code == 200
        assert via_google(client, sub="grace-g").status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(LinkedIdentity)) == 2
        assert db.session.scalar(select(func.count()).select_from(User)) == 1
