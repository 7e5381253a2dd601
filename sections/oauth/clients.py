"""A client as authlib's server sees it (its ClientMixin), over an OAuthClient row (extensions.md
E5.2): how it authenticates, where it may be sent back to, what it may ask for."""
import hmac

from authlib.oauth2.rfc6749 import ClientMixin
from sqlalchemy import select

from core import clock, tokens
from core.db import db
from sections.oauth import redirect_uris
from sections.oauth.models import ACTIVE, CONFIDENTIAL, OAuthClient

SECRET_METHODS = ("client_secret_basic", "client_secret_post")
GRANT_TYPES = ("authorization_code", "refresh_token",
               "urn:ietf:params:oauth:grant-type:device_code")  # RFC 8628
MAX_CLIENT_ID = 2000  # characters: a metadata document's URL is the longest client id


class Client(ClientMixin):
    """An ACTIVE client; `row` its OAuthClient."""

    def __init__(self, row: OAuthClient):
        self.row = row
        # OpenID Connect Registration 2: what authlib's OpenIDCode signs ID tokens with.
        self.id_token_signed_response_alg = row.id_token_alg

    def get_client_id(self):
        return self.row.client_id

    def get_default_redirect_uri(self):
        return None  # E5.3: redirect_uri is required

    def get_allowed_scope(self, scope):
        return scope  # every scope of the service is open to every client (authorize checks)

    def check_redirect_uri(self, redirect_uri):
        return redirect_uris.matches(self.row.redirect_uris, redirect_uri)

    def check_client_secret(self, client_secret):
        stored, ends = self.row.secret_hash, self.row.secret_expires_at
        return (stored is not None and isinstance(client_secret, str)
                and hmac.compare_digest(tokens.digest(client_secret), stored)
                and (ends is None or clock.utcnow() < ends))  # a dynamic client's: 90 days

    def check_endpoint_auth_method(self, method, endpoint):
        if self.row.type == CONFIDENTIAL:
            return method in SECRET_METHODS
        return method == "none" and endpoint != "introspection"  # E5.5: confidential only

    def check_response_type(self, response_type):
        return response_type == "code" and self.check_grant_type("authorization_code")

    def check_grant_type(self, grant_type):
        # A dynamic client uses only the grant types it registered (E5.2); an app, every one.
        registered = self.row.grant_types
        return grant_type in GRANT_TYPES and (registered is None or grant_type in registered)


def find(client_id) -> OAuthClient | None:
    """The ACTIVE client of `client_id`, or None (unknown, disabled, or not one at all)."""
    if (not isinstance(client_id, str) or not 0 < len(client_id) <= MAX_CLIENT_ID
            or "\x00" in client_id):
        return None  # not one at all: never a query (PostgreSQL refuses a NUL)
    row = db.session.execute(select(OAuthClient).where(
        OAuthClient.client_id == client_id)).scalar_one_or_none()
    return row if row is not None and row.status == ACTIVE else None


def query_client(client_id) -> Client | None:
    """authlib's `query_client`."""
    row = find(client_id)
    return None if row is None else Client(row)
