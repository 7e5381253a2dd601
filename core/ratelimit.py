"""Rate limits (contract section 6): per IP on public endpoints, per user on authenticated ones;
the key and the limit are read from `g.bearer_session`, which the pipeline resolved before
(pipeline.py). The limiter: Flask-Limiter with a short path for these limits (perf/limiter.py)."""
import logging
import math
import time

from flask import current_app, g, request
from flask_limiter import Limiter
from limits import parse
from limits.strategies import FixedWindowRateLimiter
from redis.exceptions import RedisError

from perf.limiter import new_limiter

log = logging.getLogger(__name__)


def client_address() -> str:
    """The client's address: the socket's, or the one the trusted proxies reported (ProxyFix
    rewrites REMOTE_ADDR when TRUSTED_PROXY_COUNT is set; docs/how-to/deploy.md)."""
    return request.remote_addr or "127.0.0.1"


def rate_key() -> str:
    # The credential names its counter: its user's, or an API key's own (extensions.md E2.2).
    session = g.get("bearer_session")
    return session.rate_key if session else f"ip:{client_address()}"


def rate_limit() -> str:
    # A bad token on an authenticated endpoint is counted per IP at the public rate, so
    # guessing tokens costs as much as any anonymous request.
    if g.get("bearer_session"):
        return current_app.config["RATELIMIT_AUTHENTICATED"]
    return current_app.config["RATELIMIT_PUBLIC"]


def init_limiter(app) -> Limiter:
    """One limiter per app (its storage and key prefix come from that app's config); the request
    pipeline initialises it on the app, after the steps it depends on (pipeline.register)."""
    limiter = new_limiter(app, key_func=rate_key, default_limits=[rate_limit])
    app.extensions["rate_limiter"] = limiter
    return limiter


def settle_limits(app) -> None:
    """Called last in create_app, once every exemption and limit is registered."""
    limiter_of(app).settle()


def limiter_of(app) -> Limiter:
    return app.extensions["rate_limiter"]


def counter() -> FixedWindowRateLimiter:
    # limiter_of(...).limiter is the in-memory fallback while Redis is down (see config.py). A
    # fixed window: its counter is one integer, so a refund is one atomic decrement.
    return FixedWindowRateLimiter(limiter_of(current_app).limiter.storage)


def counted(setting: str, scope: str, key: str) -> int | None:
    """One hit on the counter of `scope` and `key` at the limit the setting `setting` names,
    counted in one atomic operation of the rate limiter's storage (shared by every process with
    Redis): None while within the limit, else the seconds until its window ends (Retry-After).
    Fails open, as the request limiter does, when the storage is unreachable."""
    item = parse(current_app.config[setting])
    ids = (current_app.config["RATELIMIT_KEY_PREFIX"], scope, key)
    try:
        if counter().hit(item, *ids):
            return None
        reset_at, _ = counter().get_window_stats(item, *ids)
    except RedisError as exc:
        log.warning("rate-limit storage unreachable, %s not counted: %s", scope, exc)
        return None
    return max(1, math.ceil(reset_at - time.time()))
