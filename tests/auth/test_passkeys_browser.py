"""Passkeys end to end in a real browser: headless Chromium (Debian's `chromium` package) with a
CDP virtual authenticator runs both ceremonies against the real server on a loopback port."""
import base64
import contextlib
import json

import pytest

from tests.browser import chromium, open_page
from tests.conftest import PASSWORD
from tests.threaded_server import serve

pytestmark = pytest.mark.browser

# The web app: what a real front end does, with the WebAuthn JSON helpers of the browser.
PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>passkey test</title></head><body><script>
async function call(api, method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  const response = await fetch(api + path, {method, headers,
    body: body === undefined ? undefined : JSON.stringify(body)});
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`);
  }
  return {data, limit: response.headers.get("X-RateLimit-Limit")};
}

async function signInWithPasskey(api, email) {
  const start = await call(api, "POST", "/api/auth/passkey/sign-in", email ? {email} : {});
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(start.data.options);
  const credential = await navigator.credentials.get({publicKey});
  const done = await call(api, "POST", "/api/auth/passkey/sign-in",
                          {challengeId: start.data.challengeId, credential: credential.toJSON()});
  return {allowed: start.data.options.allowCredentials.length, ...done.data};
}

async function run(api, email, password) {
  const signUp = await call(api, "POST", "/api/auth/sign-up", {email, password});
  const token = signUp.data.session.token;

  const start = await call(api, "POST", "/api/auth/passkey/register", {}, token);
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(start.data.options);
  const created = await navigator.credentials.create({publicKey});
  const registered = await call(api, "POST", "/api/auth/passkey/register",
    {challengeId: start.data.challengeId, credential: created.toJSON(), name: "Chromium"}, token);

  const discoverable = await signInWithPasskey(api, null);
  const withEmail = await signInWithPasskey(api, email);
  const session = await call(api, "GET", "/api/auth/session", undefined,
                             discoverable.session.token);
  return {userId: signUp.data.user.id, credentialId: created.id, passkey: registered.data.passkey,
          discoverable, withEmail, session: session.data, rateLimit: start.limit};
}
</script></body></html>
"""


def page_app(environ, start_response):
    """A tiny static web app on its own origin."""
    start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
    return [PAGE.encode()]


def add_virtual_authenticator(devtools):
    devtools.call("WebAuthn.enable")
    return devtools.call("WebAuthn.addVirtualAuthenticator", options={
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True,
        "automaticPresenceSimulation": True})["authenticatorId"]


@contextlib.contextmanager
def deployment(make_app, cross_origin):
    """(page URL, API base URL, app): the page on the API's own origin or on another one."""
    if cross_origin:
        with serve(page_app) as page_port:
            page_origin = f"http://localhost:{page_port}"
            app = make_app(WEBAUTHN_RP_ID="localhost", WEBAUTHN_ORIGINS=[page_origin],
                           CORS_ORIGINS=[page_origin])
            with serve(app) as api_port:
                yield page_origin + "/", f"http://localhost:{api_port}", app
    else:
        app = make_app(WEBAUTHN_RP_ID="localhost")
        app.add_url_rule("/passkey-test", "passkey_test_page", lambda: PAGE)
        with serve(app) as port:
            origin = f"http://localhost:{port}"
            app.config["WEBAUTHN_ORIGINS"] = [origin]  # known once the port is bound
            yield origin + "/passkey-test", origin, app


@pytest.mark.parametrize("cross_origin", [False, True], ids=["same-origin", "cross-origin"])
def test_chromium_registers_and_signs_in_with_a_passkey(make_app, tmp_path, cross_origin):
    email = "browser@example.com"
    with deployment(make_app, cross_origin) as (page_url, api, app), chromium(tmp_path) as cdp:
        authenticator_id = add_virtual_authenticator(cdp)
        open_page(cdp, page_url)
        result = cdp.evaluate(f"run({json.dumps(api)}, {json.dumps(email)}, "
                              f"{json.dumps(PASSWORD)})")
        stored = cdp.call("WebAuthn.getCredentials", authenticatorId=authenticator_id)

    assert result["passkey"]["name"] == "Chromium"
    assert result["discoverable"]["allowed"] == 0
    # With an e-mail too, no credential is listed (issue 11 item 9): Chromium finds its
    # resident credential itself, and the challenge is bound to that account.
    assert result["withEmail"]["allowed"] == 0
    for signed_in in (result["discoverable"], result["withEmail"]):
        assert signed_in["user"]["id"] == result["userId"]
        assert signed_in["session"]["token"]
    assert result["session"]["user"]["email"] == email  # GET /api/auth/session answered 200
    assert result["rateLimit"] == "1000"  # readable by the page: exposed to CORS too

    [credential] = stored["credentials"]  # a discoverable credential bound to our RP and user
    assert credential["isResidentCredential"] is True
    assert credential["rpId"] == "localhost"
    assert base64.b64decode(credential["userHandle"]) == result["userId"].encode()
    assert credential["signCount"] >= 2  # it grew at each sign-in, or the server would refuse
    with app.app_context():
        client = app.test_client()
        bearer = {"Authorization": f"Bearer {result['withEmail']['session']['token']}"}
        [listed] = client.get("/api/auth/passkeys", headers=bearer).get_json()["passkeys"]
    assert listed["id"] == result["passkey"]["id"] and listed["lastUsedAt"]
