"""The MCP chain from Node.js (issue 45): the MCP TypeScript SDK's `auth()` headless against an
MCP server (tests/oauth/mcp_server.py) whose authorization server is the service under waitress,
and the MCP conformance suite's authorization-server scenarios run against the service. Both are
installed from tests/oauth/node's lock file (scripts/test.sh runs `npm ci` there); the person at
the browser is the test, allowing each request through the consent API."""
import json
import os
import pathlib
import subprocess

import jwt
import pytest
import requests

from tests.conftest import ISSUED_SECRETS, free_port
from tests.oauth.mcp_server import TIMEOUT, mcp_server, service, signed_in
from tests.provider_flow import consent_at as consent
from tests.provider_flow import query

NODE = pathlib.Path(__file__).parent / "node"
SUITE = NODE / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
# The suite's bundle needs `fs.globSync` (Node.js 22); node20_fs.mjs gives it one on Node.js 20.
NODE_COMMAND = ["node", "--import", "./node20_fs.mjs"]


@pytest.fixture(scope="module", autouse=True)
def node_clients():
    installed = NODE / "node_modules" / ".package-lock.json"
    assert installed.exists(), f"the Node.js clients are not installed: npm ci --prefix {NODE}"


@pytest.fixture(scope="module")
def ports():
    return free_port(), free_port()


@pytest.fixture(scope="module")
def issuer(tmp_path_factory, smtp_sink, ports):
    resource = f"http://127.0.0.1:{ports[1]}/mcp"
    with service(tmp_path_factory.mktemp("mcp-node"), smtp_sink[1], ports[0],
                 OAUTH_RESOURCES=resource) as url:
        yield url


@pytest.fixture(scope="module")
def mcp_url(issuer, ports):
    with mcp_server(issuer, ports[1]) as url:
        yield url


def started(command: list[str], **env) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=NODE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={"PATH": os.environ["PATH"], **env})


def finished(process: subprocess.Popen, timeout=180) -> str:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"{process.args} did not finish:\n{out}\n{err}")
    assert process.returncode == 0, f"{out}\n{err}"
    return out


def test_the_typescript_sdk_authorizes_headless_and_calls_the_tool(issuer, mcp_url):
    alice = signed_in(issuer, "alice@example.com")
    me = requests.get(f"{issuer}/api/auth/session", headers=alice, timeout=TIMEOUT).json()
    redirect = f"http://127.0.0.1:{free_port()}/callback"  # the agent's; never opened
    agent = started(["node", "mcp_agent.mjs"], MCP_URL=mcp_url, REDIRECT_URI=redirect)
    asked = json.loads(agent.stdout.readline() or "null")
    assert asked and "authorize" in asked, finished(agent)
    url = asked["authorize"]
    assert url.startswith(f"{issuer}/api/oauth2/authorize?")
    assert query(url)["resource"] == mcp_url and query(url)["scope"] == "read"
    back, shown = consent(issuer, alice, url)
    assert shown["client"]["name"] == "Headless agent"
    agent.stdin.write(back + "\n")
    agent.stdin.flush()
    result = json.loads(finished(agent).splitlines()[-1])["result"]

    tokens, client = result["tokens"], result["client"]
    ISSUED_SECRETS.add(tokens["access_token"])
    assert tokens["token_type"] == "Bearer" and tokens["scope"] == "read"
    claims = jwt.decode(tokens["access_token"], options={"verify_signature": False})
    assert claims["aud"] == mcp_url and claims["iss"] == issuer
    assert claims["sub"] == me["user"]["id"] and claims["client_id"] == client["client_id"]
    assert query(url)["client_id"] == client["client_id"]
    # The way it found: the 401's challenge, the MCP server's metadata, the service's, then
    # registration and the token with `resource` (RFC 8707).
    seen = [(entry["method"], entry["url"]) for entry in result["requests"]]
    assert seen == [
        ("POST", mcp_url),
        ("GET", mcp_url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp")),
        ("GET", f"{issuer}/.well-known/oauth-authorization-server"),
        ("POST", f"{issuer}/api/oauth2/register"),
        ("POST", f"{issuer}/api/oauth2/token"),
    ], seen
    assert result["requests"][-1]["resource"] == mcp_url
    assert json.loads(result["tool"]["content"][0]["text"]) == {
        "user": me["user"]["id"], "client": client["client_id"]}


def test_the_conformance_suites_authorization_server_scenarios_pass(issuer, mcp_url, tmp_path):
    """`conformance authorization` (the suite's 0.2.0 pre-release): the metadata scenario and
    the authorization code grant, for a client registered dynamically with the suite's loopback
    callback, its token for the MCP server (`--resource`). The suite prints the authorization
    URL for a person to open; the test is that person."""
    port = free_port()
    callback = f"http://127.0.0.1:{port}/callback"
    registered = requests.post(f"{issuer}/api/oauth2/register", timeout=TIMEOUT, json={
        "redirect_uris": [callback], "client_name": "MCP conformance",
        "token_endpoint_auth_method": "none"})
    assert registered.status_code == 201, registered.text
    ISSUED_SECRETS.add(registered.json()["registration_access_token"])
    bob = signed_in(issuer, "bob@example.com")
    suite = started([*NODE_COMMAND, str(SUITE), "authorization", "--url", issuer,
                     "--client-id", registered.json()["client_id"], "--resource", mcp_url,
                     "--port", str(port), "--output-dir", str(tmp_path), "--verbose"])
    printed = []
    for line in suite.stdout:
        printed.append(line)
        if line.startswith(f"{issuer}/api/oauth2/authorize?"):
            back, _ = consent(issuer, bob, line.strip())
            assert back.startswith(callback + "?"), back
            assert requests.get(back, timeout=TIMEOUT).ok
            break
    else:
        pytest.fail("".join(printed) + suite.stderr.read())
    finished(suite)
    checks = {check["id"]: check for found in tmp_path.rglob("checks.json")
              for check in json.loads(found.read_text())}
    for check in checks.values():
        if check["status"] == "SUCCESS" and check["id"] == "authorization-code-grant":
            ISSUED_SECRETS.update(v for k, v in check["details"]["body"].items()
                                  if k.endswith("token") and isinstance(v, str))
    metadata = requests.get(f"{issuer}/.well-known/oauth-authorization-server",
                            timeout=TIMEOUT).json()
    statuses = {name: check["status"] for name, check in checks.items()}
    # Client ID Metadata Documents (E5.2's other dynamic kind): a WARNING, not scored, until the
    # metadata says the service takes them.
    cimd = "SUCCESS" if metadata.get("client_id_metadata_document_supported") else "WARNING"
    assert statuses == {"authorization-server-metadata": "SUCCESS",
                        "authorization-server-metadata-cimd": cimd,
                        "authorization-code-grant": "SUCCESS"}, checks
