"""What authlib's grants hold of an authorization (its code, a refresh token) and RFC 8707's
part they lack: which audience a token is issued for (extensions.md E5.4)."""
from dataclasses import dataclass
from datetime import timedelta

from authlib.oauth2.rfc6749 import OAuth2Error
from authlib.oauth2.rfc6749.models import AuthorizationCodeMixin, TokenMixin

from sections.oauth.models import OAuthAuthorization, OAuthRefreshToken

CODE_LIFETIME = timedelta(seconds=60)  # E5.3


class InvalidTargetError(OAuth2Error):
    """RFC 8707 2: a resource the authorization does not cover, or more than one."""

    error = "invalid_target"


@dataclass
class Code(AuthorizationCodeMixin):
    row: OAuthAuthorization

    def get_redirect_uri(self):
        return self.row.redirect_uri

    def get_scope(self):
        return " ".join(self.row.scopes)

    def get_nonce(self):
        return self.row.nonce

    def get_auth_time(self):
        return int(self.row.auth_time.timestamp())


@dataclass
class Refresh(TokenMixin):
    row: OAuthRefreshToken
    authorization: OAuthAuthorization

    def check_client(self, client):
        return self.authorization.client_id == client.row.id

    def get_scope(self):
        return " ".join(self.authorization.scopes)  # E5.4: what the authorization granted


def target(request, authorization: OAuthAuthorization) -> str:
    """The one audience of the token a token request asks for: its `resource` when it names one
    the authorization covers, else the authorization's first (RFC 8707 2.2)."""
    asked = request.payload.datalist.get("resource", [])
    if not asked:
        return authorization.resources[0]
    if len(asked) > 1 or asked[0] not in authorization.resources:
        raise InvalidTargetError("Ask for one resource the authorization covers")
    return asked[0]
