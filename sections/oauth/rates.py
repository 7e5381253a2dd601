"""The token endpoint's limit per client (extensions.md E5.8: "limited per client and per
address"; per address it has the public limit of every endpoint without a bearer). Each token
request of an authenticated client is counted, atomically in the rate limiter's storage, under
that client; beyond OAUTH_TOKEN_RATE, 429 `temporarily_unavailable` with Retry-After."""
import logging
import math
import time

from authlib.oauth2.rfc6749 import OAuth2Error
from flask import current_app
from limits import parse
from limits.strategies import FixedWindowRateLimiter
from redis.exceptions import RedisError

from core.ratelimit import limiter_of

log = logging.getLogger(__name__)
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
    counter = FixedWindowRateLimiter(limiter_of(current_app).limiter.storage)
    item = parse(current_app.config["OAUTH_TOKEN_RATE"])
    ids = (current_app.config["RATELIMIT_KEY_PREFIX"], SCOPE, client_id)
    try:
        if counter.hit(item, *ids):
            return
        reset_at, _ = counter.get_window_stats(item, *ids)
    except RedisError as exc:  # fail open, as the request limiter does
        log.warning("rate-limit storage unreachable, token rate not checked: %s", exc)
        return
    raise TooManyTokenRequests(max(1, math.ceil(reset_at - time.time())))
