"""The identity provider's flow as an app and its user go through it (extensions.md E5), through
the Flask test client: an app registered, the authorization request, the consent, the token
exchange, a refresh. The service's base URL is loopback (OAuth asks for https elsewhere).
`At` speaks to a live process (a waitress server) the same way, for the tests of two processes."""
import base64
import hashlib
import secrets
from urllib.parse import parse_qs, urlsplit

import requests

from tests.conftest import ISSUED_SECRETS

BASE = "http://localhost"  # APP_BASE_URL and API_BASE_URL of these tests
REDIRECT = "https://app.example/callback"
API = f"{BASE}/api"


def settings(**overrides) -> dict:
    return {"APP_BASE_URL": BASE, **overrides}


def query(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def pkce() -> tuple[str, str]:
    """(verifier, its S256 challenge), RFC 7636 4.1-4.2."""
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def new_app(client, headers, *, kind="confidential", redirect_uris=(REDIRECT,), **more) -> dict:
    """{app, clientSecret} of a new app of the user whose bearer `headers` are."""
    response = client.post("/api/auth/oauth-apps", headers=headers, json={
        "name": "Calendar sync", "redirectUris": list(redirect_uris), "type": kind, **more})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def authorize(client, client_id, *, redirect_uri=REDIRECT, scope="openid read offline_access",
              challenge=None, **params):
    """GET /api/oauth2/authorize with a state, a nonce and PKCE: the response."""
    query_string = {"response_type": "code", "client_id": client_id,
                    "redirect_uri": redirect_uri, "scope": scope, "state": "xyz",
                    "nonce": "n-0S6_WzA2Mj", "code_challenge": challenge or pkce()[1],
                    "code_challenge_method": "S256", **params}
    return client.get("/api/oauth2/authorize",
                      query_string={k: v for k, v in query_string.items() if v is not None})


def request_id(response) -> str:
    """The consent page's `request` id of an authorization request answered 302 to it."""
    assert response.status_code == 302, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert location.startswith(f"{BASE}/consent?"), location
    return query(location)["request"]


def decide(client, headers, request, decision="allow", **proof):
    return client.post(f"/api/auth/authorizations/{request}", headers=headers,
                       json={"decision": decision, **proof})


def token(client, app_answer, **form):
    """POST /api/oauth2/token as the app authenticates (client_secret_basic, or its id alone
    for a public app)."""
    return as_client(client, "/api/oauth2/token", app_answer, form)


def as_client(client, path, app_answer, form):
    """POST `form` to `path` as the app authenticates at the token endpoint."""
    app = app_answer["app"]
    headers = {}
    if app_answer.get("clientSecret"):
        pair = f"{app['clientId']}:{app_answer['clientSecret']}".encode()
        headers["Authorization"] = "Basic " + base64.b64encode(pair).decode()
    else:
        form.setdefault("client_id", app["clientId"])
    return client.post(path, data=form, headers=headers)


DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"  # RFC 8628


def device_authorization(client, app_answer, **form):
    """POST /api/oauth2/device_authorization as the app authenticates (RFC 8628 3.1)."""
    return as_client(client, "/api/oauth2/device_authorization", app_answer, form)


def poll(client, app_answer, device_code, **form):
    """The device's poll at the token endpoint (RFC 8628 3.4)."""
    return token(client, app_answer, grant_type=DEVICE_GRANT, device_code=device_code, **form)


def code_flow(client, headers, app_answer, scope="openid read offline_access", **params):
    """The whole flow to the token answer: (the answer's JSON, the code's redirect query)."""
    verifier, challenge = pkce()
    request = request_id(authorize(client, app_answer["app"]["clientId"], scope=scope,
                                   challenge=challenge, **params))
    decided = decide(client, headers, request)
    assert decided.status_code == 200, decided.get_json()
    back = query(decided.get_json()["redirectTo"])
    answer = token(client, app_answer, grant_type="authorization_code", code=back["code"],
                   redirect_uri=params.get("redirect_uri", REDIRECT), code_verifier=verifier)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json(), back


def bearer(access_token: str) -> dict:
    return {"Authorization": f"Bearer {access_token}"}


class Answer:
    """A `requests` answer read as the test client's is (the helpers above)."""

    def __init__(self, response):
        self.response, self.status_code = response, response.status_code
        self.headers = response.headers

    def get_json(self):
        return self.response.json()

    def get_data(self, as_text=False):
        return self.response.text if as_text else self.response.content


class At:
    """One server process at `url`, spoken to as the Flask test client is."""

    def __init__(self, url):
        self.url = url

    def get(self, path, query_string=None, headers=None):
        return Answer(requests.get(self.url + path, params=query_string, headers=headers,
                                   allow_redirects=False, timeout=60))

    def post(self, path, json=None, data=None, headers=None):
        return Answer(requests.post(self.url + path, json=json, data=data, headers=headers,
                                    allow_redirects=False, timeout=60))

    def patch(self, path, json=None, headers=None):
        return Answer(requests.patch(self.url + path, json=json, headers=headers, timeout=60))

    def delete(self, path, headers=None):
        return Answer(requests.delete(self.url + path, headers=headers, timeout=60))


def consent_at(issuer: str, headers: dict, authorization_url: str) -> tuple[str, dict]:
    """The user's part with a real client, as the consent page does it: the browser at the
    authorization URL is sent to the page, whose request is read and allowed through the JSON
    API. (The redirect back to the client with the code, the request as the page showed it;
    the code is one of the run's secrets, which no log may hold.)"""
    sent = requests.get(authorization_url, allow_redirects=False, timeout=30)
    assert sent.status_code == 302, sent.text
    request_id = query(sent.headers["Location"])["request"]
    url = f"{issuer}/api/auth/authorizations/{request_id}"
    shown = requests.get(url, headers=headers, timeout=30)
    assert shown.status_code == 200, shown.text
    decided = requests.post(url, headers=headers, json={"decision": "allow"}, timeout=30)
    assert decided.status_code == 200, decided.text
    back = decided.json()["redirectTo"]
    ISSUED_SECRETS.add(query(back)["code"])
    return back, shown.json()["request"]
