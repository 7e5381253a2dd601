"""The MCP chain end to end with the official Python SDK (issue 45; extensions.md E5.2, E5.4):
the SDK's `OAuthClientProvider` against an MCP server of the same SDK (tests/oauth/mcp_server.py)
whose authorization server is the service under waitress. The SDK alone finds its way: the MCP
server's 401 → its protected-resource metadata (RFC 9728) → the service's metadata (RFC 8414) →
dynamic registration (RFC 7591) → the authorization request with `resource` (RFC 8707) → the
user's consent (the test is the browser and the user, through the consent API) → the token →
the tool call → a refresh once the token the SDK holds has expired."""
import json
import pathlib
import re

import anyio
import httpx2
import jwt
import pytest
import requests
from mcp import ClientSession
from mcp.client.auth import AuthorizationCodeResult, OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientInformationFull, OAuthClientMetadata, OAuthToken

from tests.conftest import ISSUED_SECRETS, free_port
from tests.oauth.mcp_server import TIMEOUT, mcp_server, service, signed_in
from tests.provider_flow import consent_at as consent
from tests.provider_flow import pkce, query

PAGE = pathlib.Path(__file__).parents[2] / "docs" / "how-to" / "mcp-agents.md"
REDIRECT = "http://127.0.0.1:33418/callback"  # a native client's loopback redirect (never opened)


@pytest.fixture(scope="module")
def ports():
    return free_port(), free_port(), free_port()  # the service, the MCP server, the page's


@pytest.fixture(scope="module")
def issuer(tmp_path_factory, smtp_sink, ports):
    resources = " ".join(f"http://127.0.0.1:{port}/mcp" for port in ports[1:])
    with service(tmp_path_factory.mktemp("mcp-sdk"), smtp_sink[1], ports[0],
                 OAUTH_RESOURCES=resources) as url:
        yield url


@pytest.fixture(scope="module")
def mcp_url(issuer, ports):
    with mcp_server(issuer, ports[1]) as url:
        yield url


class Memory:
    """The SDK's TokenStorage, in memory: what a desktop agent keeps between runs."""

    def __init__(self):
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self):
        return self.tokens

    async def set_tokens(self, tokens):
        ISSUED_SECRETS.update(t for t in (tokens.access_token, tokens.refresh_token) if t)
        self.tokens = tokens

    async def get_client_info(self):
        return self.client

    async def set_client_info(self, client_info):
        self.client = client_info


class Agent:
    """The SDK's OAuth client with the person at the browser played by the test: the
    redirect handler opens the authorization URL and the user allows it on the consent page
    (through its JSON API); the callback handler gives back the code, state and iss."""

    def __init__(self, issuer, mcp_url, headers):
        self.issuer, self.headers = issuer, headers
        self.storage = Memory()
        self.asked: list[str] = []
        self.shown: list[dict] = []
        self.back = None
        self.provider = OAuthClientProvider(
            mcp_url, OAuthClientMetadata(client_name="Desk agent", redirect_uris=[REDIRECT]),
            self.storage, redirect_handler=self.redirect, callback_handler=self.callback)
        self.url = mcp_url

    async def redirect(self, url: str) -> None:
        self.asked.append(url)
        self.back, shown = await anyio.to_thread.run_sync(consent, self.issuer, self.headers, url)
        self.shown.append(shown)

    async def callback(self) -> AuthorizationCodeResult:
        back = query(self.back)
        return AuthorizationCodeResult(code=back["code"], state=back.get("state"),
                                       iss=back.get("iss"))

    async def call(self, tool: str) -> dict:
        async with httpx2.AsyncClient(auth=self.provider, timeout=TIMEOUT) as http, \
                streamable_http_client(self.url, http_client=http) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            answer = await session.call_tool(tool, {})
        assert not answer.is_error, answer
        return json.loads(answer.content[0].text)

    def run(self, tool: str) -> dict:
        return anyio.run(self.call, tool)


def test_the_python_sdk_goes_from_a_401_to_a_tool_call_and_refreshes(issuer, mcp_url):
    alice = signed_in(issuer, "alice@example.com")
    me = requests.get(f"{issuer}/api/auth/session", headers=alice, timeout=TIMEOUT).json()
    agent = Agent(issuer, mcp_url, alice)

    answer = agent.run("whoami")
    client_id = agent.storage.client.client_id
    assert answer == {"user": me["user"]["id"], "client": client_id}

    # The SDK registered itself (RFC 7591) and asked for this server's audience and the scope
    # its metadata names, with offline_access since the service offers refresh tokens.
    assert len(agent.asked) == 1
    asked = query(agent.asked[0])
    assert asked["resource"] == mcp_url and asked["scope"] == "read offline_access"
    assert asked["client_id"] == client_id and asked["code_challenge_method"] == "S256"
    assert agent.asked[0].startswith(f"{issuer}/api/oauth2/authorize?")
    assert agent.shown[0]["client"]["clientId"] == client_id
    first = agent.storage.tokens
    claims = jwt.decode(first.access_token, options={"verify_signature": False})
    assert jwt.get_unverified_header(first.access_token)["typ"] == "at+jwt"
    assert claims["aud"] == mcp_url and claims["iss"] == issuer
    assert claims["sub"] == me["user"]["id"] and claims["scope"] == "read offline_access"

    # The same token is refused by the service's own API: another audience.
    refused = requests.get(f"{issuer}/api/auth/session", timeout=TIMEOUT,
                           headers={"Authorization": f"Bearer {first.access_token}"})
    assert refused.status_code == 401, refused.text
    assert 'error="invalid_token"' in refused.headers["WWW-Authenticate"]

    # The token the SDK holds has expired: the next call refreshes first (with `resource`
    # again), with no second consent, and the refresh token rotates.
    agent.provider.context.token_expiry_time = 1  # 1970: long past
    assert agent.run("whoami") == {"user": me["user"]["id"], "client": client_id}
    renewed = agent.storage.tokens
    assert len(agent.asked) == 1
    assert renewed.access_token != first.access_token
    assert renewed.refresh_token and renewed.refresh_token != first.refresh_token
    again = jwt.decode(renewed.access_token, options={"verify_signature": False})
    assert again["aud"] == mcp_url and again["sub"] == me["user"]["id"]


def test_the_mcp_server_refuses_a_token_of_the_services_api(issuer, mcp_url):
    """A token the user's app got for the service's own API is no key to the MCP server:
    401 with the challenge that names its metadata (the SDK's middleware, our verifier)."""
    bob = signed_in(issuer, "bob@example.com")
    registered = requests.post(f"{issuer}/api/oauth2/register", timeout=TIMEOUT, json={
        "redirect_uris": [REDIRECT], "client_name": "Desk agent",
        "token_endpoint_auth_method": "none"}).json()
    ISSUED_SECRETS.add(registered["registration_access_token"])
    token = api_token(issuer, bob, registered["client_id"])
    called = requests.post(mcp_url, timeout=TIMEOUT, headers={
        "Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream"},
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert called.status_code == 401, called.text
    challenge = called.headers["WWW-Authenticate"]
    assert 'error="invalid_token"' in challenge
    assert "/.well-known/oauth-protected-resource/mcp" in challenge


def api_token(issuer, headers, client_id) -> str:
    """An access token for the service's API (no `resource`: its default audience)."""
    verifier, challenge = pkce()
    url = requests.Request("GET", f"{issuer}/api/oauth2/authorize", params={
        "response_type": "code", "client_id": client_id, "redirect_uri": REDIRECT,
        "scope": "read", "state": "s", "code_challenge": challenge,
        "code_challenge_method": "S256"}).prepare().url
    back, _ = consent(issuer, headers, url)
    answer = requests.post(f"{issuer}/api/oauth2/token", timeout=TIMEOUT, data={
        "grant_type": "authorization_code", "code": query(back)["code"],
        "redirect_uri": REDIRECT, "client_id": client_id, "code_verifier": verifier})
    assert answer.status_code == 200, answer.text
    token = answer.json()["access_token"]
    ISSUED_SECRETS.add(token)
    assert jwt.decode(token, options={"verify_signature": False})["aud"] == f"{issuer}/api"
    return token


def documented(issuer: str, url: str):
    """The MCP server of docs/how-to/mcp-agents.md (its Python block) for `issuer` and `url`."""
    (code,) = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    code = code.replace('"https://auth.example.com"', repr(issuer))
    code = code.replace('"https://mcp.example.com/mcp"', repr(url))
    names = {}
    exec(compile(code, str(PAGE), "exec"), names)  # the page's own example, as written
    return names["app"]


def test_the_pages_mcp_server_takes_the_services_tokens(issuer, ports):
    """The page's example, as written, behind the same chain: the Python SDK gets through to
    its tool with a token whose audience is that server's own URL."""
    carol = signed_in(issuer, "carol@example.com")
    me = requests.get(f"{issuer}/api/auth/session", headers=carol, timeout=TIMEOUT).json()
    with mcp_server(issuer, ports[2], make=documented) as url:
        agent = Agent(issuer, url, carol)
        answer = agent.run("whoami")
    assert answer == {"user": me["user"]["id"], "client": agent.storage.client.client_id}
    claims = jwt.decode(agent.storage.tokens.access_token, options={"verify_signature": False})
    assert claims["aud"] == url
