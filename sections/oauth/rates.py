"""The token endpoint's limit per client (extensions.md E5.8: "limited per client and per
address"; per address it has the public limit of every endpoint without a bearer). Each token
request of an authenticated client is counted, atomically in the rate limiter's storage, under
that client; beyond OAUTH_TOKEN_RATE, 429 `temporarily_unavailable` with Retry-After."""
from authlib.oauth2.rfc6749 import OAuth2Error

from core import ratelimit

SCOPE = "oauth-token-client"


class TooManyTokenRequests(OAuth2Error):
    error = "temporarily_unavailable"
    status_code = 429

    def __init__(self, retry_after: int):
        super().__init__("Too many token requests of this client, retry later")
        self.retry_after = retry_after

    def get_headers(self):
        return [*super().get_headers(), ("Retry-After", str(self.retry_after))]


def count(client_id: str) -> None:
    """One token request of the authenticated client `client_id`, or TooManyTokenRequests."""
    retry_after = ratelimit.counted("OAUTH_TOKEN_RATE", SCOPE, client_id)
    if retry_after is not None:
        raise TooManyTokenRequests(retry_after)
