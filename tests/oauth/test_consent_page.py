"""The consent page the service serves itself (extensions.md E5.3), in a real Chromium against
the live server: an app's authorization request opened in the browser, the user signed in on
the page (password, two-factor code), the client and the scopes shown in words, the decision
posted, and the browser back at the app's loopback redirect URI with the code; and the page's
headers over HTTP."""
import contextlib
import json
import re
import secrets
import time
from urllib.parse import urlencode

import pytest
import requests

from core.db import db
from sections.oauth.models import DYNAMIC, PUBLIC, OAuthClient
from tests.browser import chromium, open_page, wait_until
from tests.conftest import PASSWORD, free_port
from tests.content import signed_in_user
from tests.factories import make_project, verify_email
from tests.http import bearer, sign_up_at
from tests.provider_flow import pkce, query
from tests.second_factors import code_at
from tests.sso_provider import oidc_connection, verified_domain
from tests.threaded_server import serve

pytestmark = [pytest.mark.browser, pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")]  # the SSO provider

DEVELOPER = "dev@example.com"
EMAIL = "pat@example.com"
LOOPBACK = "http://127.0.0.1/callback"  # any port at authorization (RFC 8252 7.3)
# Read while pages change: an element of another page is absent, not an error.
SHOWN = "document.getElementById('consent')?.hidden === false && " \
        "document.getElementById('client-name').textContent"
SIGN_IN_SHOWN = "document.getElementById('signin')?.hidden === false"
STATUS = "document.getElementById('status').textContent"
FINISHED = "document.getElementById('finished')?.hidden === false && " \
           "document.getElementById('finished-text').textContent"


@contextlib.contextmanager
def served(make_app, settings=lambda base: {}):
    """(base URL, app): the service on a loopback port, its front end itself (APP_BASE_URL is
    API_BASE_URL), so it serves /consent; `settings(base)` gives more settings."""
    port = free_port()
    base = f"http://localhost:{port}"
    app = make_app(APP_BASE_URL=base, **settings(base))
    with serve(app, port=port):
        yield base, app


@pytest.fixture
def service(make_app):
    with served(make_app) as served_at:
        yield served_at


@pytest.fixture
def callback():
    """The app's redirect URI: a tiny server on loopback that keeps every query it is sent."""
    arrived = []

    def app(environ, start_response):
        arrived.append(environ.get("QUERY_STRING", ""))
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
        return [b"<!doctype html><title>Back at the app</title><p>Thanks.</p>"]

    with serve(app) as port:
        yield f"http://127.0.0.1:{port}/callback", arrived


def registered_app(base, app, mail, **body):
    """A confidential app of a verified developer: {app, clientSecret}."""
    token = sign_up_at(base, DEVELOPER)["session"]["token"]
    verify_email(app, DEVELOPER)
    created = requests.post(f"{base}/api/auth/oauth-apps", headers=bearer(token), timeout=30,
                            json={"name": "Calendar sync", "type": "confidential",
                                  "redirectUris": ["https://calendar.example/back", LOOPBACK],
                                  **body})
    assert created.status_code == 201, created.text
    return created.json()


def authorize_url(base, client_id, redirect_uri, challenge, **params):
    return f"{base}/api/oauth2/authorize?" + urlencode({
        "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri,
        "scope": "openid email read", "state": "st-42", "code_challenge": challenge,
        "code_challenge_method": "S256", **params})


def visit(cdp, url):
    """Open `url` in the tab and wait for its load (not an earlier page's)."""
    cdp.events.clear()
    open_page(cdp, url)


def type_into(cdp, field, value):
    cdp.evaluate(f"document.getElementById({field!r}).value = {json.dumps(value)}")


def click(cdp, button):
    cdp.evaluate(f"document.getElementById({button!r}).click()")


def sign_in_on_the_page(cdp, email=EMAIL, password=PASSWORD):
    wait_until(cdp, SIGN_IN_SHOWN)
    type_into(cdp, "email", email)
    type_into(cdp, "password", password)
    click(cdp, "signin-submit")


def arrival(arrived, count=1, deadline=30.0):
    """The query of the `count`-th request that reached the redirect URI."""
    start = time.monotonic()
    while len(arrived) < count:
        assert time.monotonic() - start < deadline, "the browser never came back to the app"
        time.sleep(0.05)
    return query("?" + arrived[count - 1])


def shown(cdp) -> dict:
    """What the consent panel shows."""
    return cdp.evaluate("""(() => {
      const text = (id) => document.getElementById(id).textContent;
      const visible = (id) => !document.getElementById(id).hidden;
      return {name: text('client-name'), host: text('client-host'), account: text('account'),
              scopes: [...document.querySelectorAll('#scopes li')].map((li) => li.textContent),
              scopeNames: [...document.querySelectorAll('#scopes li')]
                .map((li) => li.dataset.scope),
              redirectUri: text('redirect-uri'), unverified: visible('unverified'),
              localhostOnly: visible('localhost-warning'), proof: visible('proof'),
              proofCode: visible('proof-totp-field'),
              images: document.querySelectorAll('img').length};
    })()""")


def exchanged(base, answer, code, redirect_uri, verifier):
    """The app's token request with the code the browser brought back."""
    return requests.post(f"{base}/api/oauth2/token", timeout=30,
                         auth=(answer["app"]["clientId"], answer["clientSecret"]),
                         data={"grant_type": "authorization_code", "code": code,
                               "redirect_uri": redirect_uri, "code_verifier": verifier})


def test_a_user_signs_in_on_the_page_allows_the_app_and_lands_back_with_a_code(
        service, callback, mail, tmp_path):
    base, app = service
    redirect_uri, arrived = callback
    answer = registered_app(base, app, mail)
    sign_up_at(base, EMAIL)
    verifier, challenge = pkce()
    with chromium(tmp_path) as cdp:
        visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, challenge))
        assert cdp.evaluate("location.pathname") == "/consent"
        sign_in_on_the_page(cdp)
        wait_until(cdp, SHOWN)
        page = shown(cdp)
        # The page can never turn a string into markup: Trusted Types allow none (its CSP).
        assert cdp.evaluate("""(() => { try { document.body.innerHTML = '<b>x</b>'; }
                               catch (e) { return e.name; } return 'assigned'; })()""") \
            == "TypeError"
        click(cdp, "allow")
        back = arrival(arrived)
        wait_until(cdp, f"location.href.startsWith({json.dumps(redirect_uri)})")

        # The bearer stays in the tab's sessionStorage: a second request asks no sign-in.
        visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri,
                                     pkce()[1], scope="read"))
        wait_until(cdp, SHOWN)
        again = shown(cdp)

    assert page["name"] == "Calendar sync" and page["account"] == EMAIL
    assert page["host"] == "127.0.0.1"  # the request's redirect URI's host, no port
    assert page["unverified"] is False  # an app a user registered
    assert page["localhostOnly"] is False  # it has an https redirect URI too
    assert page["scopeNames"] == ["openid", "email", "read"]
    assert page["scopes"] == ["Confirm who you are (your account's id)",
                              "See your e-mail address and whether it is verified",
                              "Read your data in this service, as you can (GET requests)"]
    assert page["redirectUri"] == redirect_uri and page["proof"] is False

    assert back["state"] == "st-42" and back["iss"] == base and back["code"]
    tokens = exchanged(base, answer, back["code"], redirect_uri, verifier)
    assert tokens.status_code == 200, tokens.text
    assert tokens.json()["scope"] == "openid email read" and tokens.json()["id_token"]
    assert again["scopes"] == ["Read your data in this service, as you can (GET requests)"]


def test_a_denial_lands_back_with_access_denied(service, callback, mail, tmp_path):
    base, app = service
    redirect_uri, arrived = callback
    answer = registered_app(base, app, mail)
    sign_up_at(base, EMAIL)
    with chromium(tmp_path) as cdp:
        visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, pkce()[1]))
        sign_in_on_the_page(cdp)
        wait_until(cdp, SHOWN)
        click(cdp, "deny")
        back = arrival(arrived)
    assert back == {"error": "access_denied", "error_description": back["error_description"],
                    "state": "st-42", "iss": base}
    assert "code" not in back


def test_a_two_factor_account_gives_its_code_on_the_page(service, callback, mail, clock,
                                                         tmp_path):
    base, app = service
    redirect_uri, arrived = callback
    answer = registered_app(base, app, mail)
    session = bearer(sign_up_at(base, EMAIL)["session"]["token"])
    verify_email(app, EMAIL)
    secret = requests.post(f"{base}/api/auth/two-factor/enable", headers=session,
                           json={}, timeout=30).json()["secret"]
    enrolled = requests.post(f"{base}/api/auth/two-factor/verify", headers=session,
                             json={"code": code_at(secret, clock)}, timeout=30)
    assert enrolled.status_code == 200, enrolled.text
    clock.advance(minutes=5)  # later codes come from later steps
    with chromium(tmp_path) as cdp:
        visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, pkce()[1]))
        sign_in_on_the_page(cdp)
        asked = wait_until(cdp, f"!document.getElementById('totp-field').hidden && {STATUS}")
        type_into(cdp, "totp", "000000" if code_at(secret, clock) != "000000" else "111111")
        click(cdp, "signin-submit")
        refused = wait_until(cdp, f"{STATUS}.includes('not right') && {STATUS}")
        type_into(cdp, "totp", code_at(secret, clock))
        click(cdp, "signin-submit")
        wait_until(cdp, SHOWN)
        page = shown(cdp)
        click(cdp, "allow")
        back = arrival(arrived)
    assert "authenticator app" in asked
    assert "not right" in refused
    assert page["account"] == EMAIL and page["proof"] is False
    assert back["state"] == "st-42" and back["code"]


def test_prompt_login_asks_the_password_again_with_the_decision(service, callback, mail,
                                                                tmp_path):
    base, app = service
    redirect_uri, arrived = callback
    answer = registered_app(base, app, mail)
    sign_up_at(base, EMAIL)
    with chromium(tmp_path) as cdp:
        visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, pkce()[1],
                                     prompt="login"))
        sign_in_on_the_page(cdp)
        wait_until(cdp, SHOWN)
        page = shown(cdp)
        click(cdp, "allow")  # no password given: refused, nothing spent
        missing = wait_until(cdp, f"{STATUS}.includes('confirm') && {STATUS}")
        type_into(cdp, "proof-password", "not-the-password-1")
        click(cdp, "allow")
        wrong = wait_until(cdp, f"{STATUS}.includes('not right') && {STATUS}")
        type_into(cdp, "proof-password", PASSWORD)
        click(cdp, "allow")
        back = arrival(arrived)
    assert page["proof"] is True and page["proofCode"] is False
    assert "confirm it is you" in missing and "not right" in wrong
    assert back["state"] == "st-42" and back["code"]


def test_a_client_name_with_markup_shows_as_text(service, callback, mail, tmp_path):
    """Whoever registers a client chooses its name: the page shows it as text; an app whose
    every redirect URI is on this computer gets the warning."""
    base, app = service
    redirect_uri, arrived = callback
    name = '<img src=x onerror="window.pwned=1">Calendar'
    answer = registered_app(base, app, mail, name=name, redirectUris=[LOOPBACK])
    sign_up_at(base, EMAIL)
    with chromium(tmp_path) as cdp:
        visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, pkce()[1],
                                     scope="read"))
        sign_in_on_the_page(cdp)
        wait_until(cdp, SHOWN)
        page = shown(cdp)
        pwned = cdp.evaluate("window.pwned === undefined ? null : window.pwned")
        click(cdp, "allow")
        back = arrival(arrived)
    assert page["name"] == name and page["images"] == 0 and pwned is None
    assert page["localhostOnly"] is True and page["unverified"] is False
    assert back["code"]


def stored_client(app, kind, name) -> str:
    """A client of another kind than an app (E5.2: dynamic registration, a metadata
    document), stored as its registration would store it; its client_id."""
    client_id = "dyn_" + secrets.token_urlsafe(16)
    with app.app_context():
        db.session.add(OAuthClient(client_id=client_id, kind=kind, name=name, type=PUBLIC,
                                   redirect_uris=[LOOPBACK]))
        db.session.commit()
    return client_id


def test_a_client_that_is_not_an_app_is_marked_unverified(service, callback, tmp_path):
    base, app = service
    redirect_uri, arrived = callback
    client_id = stored_client(app, DYNAMIC, "Desktop assistant")
    sign_up_at(base, EMAIL)
    with chromium(tmp_path) as cdp:
        visit(cdp, authorize_url(base, client_id, redirect_uri, pkce()[1], scope="read"))
        sign_in_on_the_page(cdp)
        wait_until(cdp, SHOWN)
        page = shown(cdp)
        note = cdp.evaluate("document.getElementById('unverified-note').textContent")
        click(cdp, "allow")
        back = arrival(arrived)
    assert page["name"] == "Desktop assistant" and page["unverified"] is True
    assert "has not checked who makes this app" in note and "127.0.0.1" in note
    assert page["localhostOnly"] is True
    assert back["code"] and back["iss"] == base


def test_an_expired_request_is_said_in_words(service, callback, mail, clock, tmp_path):
    base, app = service
    redirect_uri, arrived = callback
    answer = registered_app(base, app, mail)
    sign_up_at(base, EMAIL)
    with chromium(tmp_path) as cdp:
        visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, pkce()[1]))
        sign_in_on_the_page(cdp)
        wait_until(cdp, SHOWN)
        clock.advance(minutes=11)  # a request lives 10 minutes
        click(cdp, "allow")
        said = wait_until(cdp, FINISHED)
        visit(cdp, f"{base}/consent")  # no request at all
        without = wait_until(cdp, FINISHED)
    assert "expired or was already answered" in said
    assert "without an app's request" in without
    assert arrived == []


# --- the other ways to sign in ---

REGISTER_PASSKEY = """(async (token) => {
  const call = async (body) => {
    const response = await fetch('/api/auth/passkey/register', {method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: 'Bearer ' + token},
      body: JSON.stringify(body)});
    return {status: response.status, data: await response.json()};
  };
  const start = await call({});
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(start.data.options);
  const created = await navigator.credentials.create({publicKey});
  const done = await call({challengeId: start.data.challengeId, credential: created.toJSON(),
                           name: 'Chromium'});
  return done.status;
})"""


def passkeys_at(base):
    return {"WEBAUTHN_RP_ID": "localhost", "WEBAUTHN_ORIGINS": [base]}


def sso_back_to(base):
    """An identity provider on loopback, and single sign-on coming back to the page."""
    return {"SSO_ALLOW_PRIVATE_NETWORKS": True, "ALLOWED_REDIRECT_ORIGINS": [base]}


def test_a_passkey_signs_in_on_the_page(make_app, callback, mail, tmp_path):
    redirect_uri, arrived = callback
    with served(make_app, passkeys_at) as (base, app):
        answer = registered_app(base, app, mail)
        token = sign_up_at(base, EMAIL)["session"]["token"]
        with chromium(tmp_path) as cdp:
            cdp.call("WebAuthn.enable")
            cdp.call("WebAuthn.addVirtualAuthenticator", options={
                "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
                "hasUserVerification": True, "isUserVerified": True,
                "automaticPresenceSimulation": True})
            visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, pkce()[1]))
            wait_until(cdp, SIGN_IN_SHOWN)
            # The account's passkey, made on this origin as the account's settings make one.
            assert cdp.evaluate(f"{REGISTER_PASSKEY}({json.dumps(token)})") == 201
            assert cdp.evaluate("document.getElementById('passkey').hidden") is False
            click(cdp, "passkey")  # no address typed: the discoverable credential answers
            wait_until(cdp, SHOWN)
            page = shown(cdp)
            click(cdp, "allow")
            back = arrival(arrived)
    assert page["account"] == EMAIL
    assert back["state"] == "st-42" and back["code"]


def test_single_sign_on_by_address_on_the_page(make_app, callback, mail, oidc_provider,
                                               tmp_path):
    redirect_uri, arrived = callback
    with served(make_app, sso_back_to) as (base, app):
        answer = registered_app(base, app, mail)
        owner = signed_in_user(app, "owner@corp.test")
        project = make_project(app, "owner@corp.test")
        verified_domain(app, project, "corp.test")
        oidc_connection(app.test_client(), project, owner, oidc_provider)
        oidc_provider.add_user("ada", "ada@corp.test")
        with chromium(tmp_path) as cdp:
            visit(cdp, authorize_url(base, answer["app"]["clientId"], redirect_uri, pkce()[1]))
            wait_until(cdp, SIGN_IN_SHOWN)
            type_into(cdp, "email", "nobody@elsewhere.test")
            click(cdp, "sso")
            unknown = wait_until(cdp, f"{STATUS}.includes('not set up') && {STATUS}")
            type_into(cdp, "email", "ada@corp.test")
            click(cdp, "sso")  # to the project's identity provider, and back with a code
            wait_until(cdp, "location.href.startsWith(" + json.dumps(oidc_provider.url)
                       + ") && document.querySelector('input[name=sub]') !== null")
            cdp.evaluate("(() => { const sub = document.querySelector('input[name=sub]');"
                         " sub.value = 'ada'; sub.form.submit(); })()")
            wait_until(cdp, SHOWN)
            page = shown(cdp)
            address = cdp.evaluate("location.href")
            click(cdp, "allow")
            back = arrival(arrived)
    assert "not set up for this address" in unknown
    assert page["account"] == "ada@corp.test"
    assert address == f"{base}/consent?request={query(address)['request']}"  # the code left
    assert back["state"] == "st-42" and back["code"]


# --- the page over HTTP ---

NONCE = re.compile(r"script-src 'nonce-([A-Za-z0-9_-]{22,})'")


def test_the_page_is_sent_with_a_nonce_policy_no_framing_and_no_referrer(service):
    base, _ = service
    first = requests.get(f"{base}/consent?request=abc", timeout=30)
    second = requests.get(f"{base}/consent?request=abc", timeout=30)
    assert first.status_code == 200 and first.headers["Content-Type"].startswith("text/html")
    policy = first.headers["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    nonce = NONCE.search(policy).group(1)
    assert directives["script-src"] == [f"'nonce-{nonce}'"]  # no 'unsafe-inline', no host
    assert directives["default-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["connect-src"] == ["'self'"]
    assert first.headers["Referrer-Policy"] == "no-referrer"
    assert first.headers["Cache-Control"] == "no-store"
    assert first.headers["X-Frame-Options"] == "DENY"
    assert first.headers["X-Content-Type-Options"] == "nosniff"
    assert NONCE.search(second.headers["Content-Security-Policy"]).group(1) != nonce
    # The page's only script is its static file, carrying that nonce; none is inline.
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", first.text, re.S)
    assert scripts == [(f' nonce="{nonce}" src="/consent/static/consent.js" defer', "")]
    script = requests.get(f"{base}/consent/static/consent.js", timeout=30)
    assert script.status_code == 200 and "javascript" in script.headers["Content-Type"]
    assert script.headers["X-Content-Type-Options"] == "nosniff"
    assert "innerHTML" not in script.text  # text is set with textContent only


def test_the_page_is_not_served_when_the_front_end_is_elsewhere(make_app):
    client = make_app(APP_BASE_URL="https://app.example", API_BASE_URL="https://api.example") \
        .test_client()
    assert client.get("/consent?request=abc").status_code == 404
