"""An MCP server beside the service, as its operator would deploy one (docs/how-to/mcp-agents.md),
and the service it names as its authorization server, both on loopback for the MCP tests.

The MCP server is the `mcp` SDK's own (`MCPServer`, formerly FastMCP) under uvicorn in a thread:
its protected-resource metadata (RFC 9728, served by the SDK) names the service as the
authorization server, and its token verifier checks the service's JWT access tokens (RFC 9068)
against the service's JWKS with PyJWT: the signature, `typ` at+jwt, `iss`, `aud` (this server's
URL), `exp`, and the scope. Its one tool, `whoami`, answers with the token's user and client.

The service runs under waitress with this server's URL in `OAUTH_RESOURCES`, one per test module:
`service(...)` builds its app once (its own database file on SQLite)."""
import contextlib
import threading
import time

import anyio
import jwt
import requests
import uvicorn
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer

from app import create_app
from core import outbox
from core.db import db
from tests.conftest import PASSWORD, reset_database, settings_for
from tests.threaded_server import serve

SCOPE = "read"  # what the tool needs: the scope the server's metadata asks for
TIMEOUT = 30


class ServiceTokens:
    """The MCP server's token verifier (the SDK's `TokenVerifier`): an access token of the
    service for this server, or None (the SDK then answers 401 with its challenge)."""

    def __init__(self, issuer: str, audience: str):
        self.issuer = issuer
        self.audience = audience
        self.keys = None

    def claims(self, token: str) -> dict:
        if self.keys is None:  # the JWKS from the service's metadata, fetched when first needed
            metadata = requests.get(f"{self.issuer}/.well-known/oauth-authorization-server",
                                    timeout=TIMEOUT).json()
            self.keys = jwt.PyJWKClient(metadata["jwks_uri"], cache_keys=True)
        if jwt.get_unverified_header(token).get("typ") != "at+jwt":
            raise jwt.InvalidTokenError("not an access token (RFC 9068)")
        key = self.keys.get_signing_key_from_jwt(token)
        return jwt.decode(token, key, algorithms=["RS256"], audience=self.audience,
                          issuer=self.issuer, options={"require": ["exp", "iss", "aud", "sub"]})

    async def verify_token(self, token: str) -> AccessToken | None:
        try:
            claims = await anyio.to_thread.run_sync(self.claims, token)
        except jwt.PyJWTError:
            return None
        scopes = claims.get("scope", "").split()
        if SCOPE not in scopes:
            return None
        return AccessToken(token=token, client_id=claims["client_id"], scopes=scopes,
                           expires_at=claims["exp"], resource=claims["aud"],
                           subject=claims["sub"], claims=claims)


def mcp_app(issuer: str, url: str):
    """The MCP server for `url` (its endpoint, the resource), trusting `issuer`'s tokens."""
    server = MCPServer(
        "Festival notes", token_verifier=ServiceTokens(issuer, url),
        auth=AuthSettings(issuer_url=issuer, resource_server_url=url, required_scopes=[SCOPE],
                          validate_token_resource=True))

    @server.tool()
    def whoami() -> dict:
        """The user and the client of the token that called."""
        token = get_access_token()
        return {"user": token.subject, "client": token.client_id}

    return server.streamable_http_app(json_response=True)


@contextlib.contextmanager
def mcp_server(issuer: str, port: int, make=mcp_app):
    """The MCP server `make(issuer, url)` on `port` until the block ends; yields its URL."""
    url = f"http://127.0.0.1:{port}/mcp"
    config = uvicorn.Config(make(issuer, url), host="127.0.0.1", port=port,
                            log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the MCP server did not start"
        time.sleep(0.05)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextlib.contextmanager
def service(folder, smtp_port: int, port: int, **settings):
    """The service under waitress on `port`, its own issuer (API_BASE_URL); yields its URL."""
    base = f"http://127.0.0.1:{port}"
    app = create_app(settings_for(folder, smtp_port, APP_BASE_URL=base, API_BASE_URL=base,
                                  **settings))
    reset_database(app)
    try:
        with serve(app, port=port):
            yield base
    finally:
        outbox.stop_sender(app)
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def signed_in(issuer: str, email: str) -> dict:
    """A new account's bearer headers (its session token), signed up through the API."""
    made = requests.post(f"{issuer}/api/auth/sign-up", timeout=TIMEOUT,
                         json={"email": email, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return {"Authorization": f"Bearer {made.json()['session']['token']}"}


