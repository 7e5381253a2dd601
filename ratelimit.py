"""Rate limits (contract section 6): per IP on public endpoints, per user on authenticated ones.

The key and the limit are read from `g.bearer_session`, which the request pipeline has resolved
before the limiter runs (pipeline.py): rate limiting never looks anything up itself.
"""
import functools
import threading

import flask_limiter._limits
from flask import current_app, g, request
from flask_limiter import Limiter
from limits.storage import MemoryStorage

# How often the in-memory counters drop the windows that have ended (their memory, not their
# meaning: a window is read as ended as soon as it has, whether swept or not).
SWEEP_SECONDS = 1.0


class SweptMemoryStorage(MemoryStorage):
    """limits' `memory://` storage, sweeping ended windows once a second instead of starting a
    new timer thread every 10 ms under load (about 15 µs of every request in-process, waiting
    for each new thread to start; bench/README.md). Registered for the `memory://` scheme, so
    RATELIMIT_STORAGE_URI keeps its documented value. limits is pinned (requirements.txt):
    this overrides its private scheduler, and tests/test_ratelimit.py checks it still runs."""

    STORAGE_SCHEME = ["memory"]

    def _MemoryStorage__schedule_expiry(self) -> None:
        if not self.timer.is_alive():
            self.timer = threading.Timer(SWEEP_SECONDS, self._MemoryStorage__expire_events)
            self.timer.daemon = True
            self.timer.start()


# Flask-Limiter parses the limit string ("1000 per minute") again on every request; the string
# is one of the two configured ones, so its parse is remembered (RateLimitItems are immutable).
# Flask-Limiter is pinned (requirements.txt); tests/test_ratelimit.py checks this still applies.
flask_limiter._limits.parse_many = functools.lru_cache(maxsize=64)(flask_limiter._limits.parse_many)


def client_address() -> str:
    """The client's address: the socket's, or the one the trusted proxies reported (ProxyFix
    rewrites REMOTE_ADDR when TRUSTED_PROXY_COUNT is set; README, "Production")."""
    return request.remote_addr or "127.0.0.1"


def rate_key() -> str:
    session = g.get("bearer_session")
    return f"user:{session.user_id}" if session else f"ip:{client_address()}"


def rate_limit() -> str:
    # A bad token on an authenticated endpoint is counted per IP at the public rate, so
    # guessing tokens costs as much as any anonymous request.
    if g.get("bearer_session"):
        return current_app.config["RATELIMIT_AUTHENTICATED"]
    return current_app.config["RATELIMIT_PUBLIC"]


def init_limiter(app) -> Limiter:
    """One limiter per app (its storage and key prefix come from that app's config); the request
    pipeline initialises it on the app, after the steps it depends on (pipeline.register)."""
    limiter = Limiter(key_func=rate_key, default_limits=[rate_limit])
    app.extensions["rate_limiter"] = limiter
    return limiter


def settle_limits(app) -> None:
    """Flask-Limiter works out every request's exemptions and blueprint limits from what was
    registered (`limiter.exempt`, `limiter.limit`), walking every exempt blueprint each time:
    about 40 µs of each request (bench/README.md). All of it is registered inside create_app,
    which calls this last: from then on the answers are remembered per endpoint."""
    manager = limiter_of(app).limit_manager
    for name in ("exemption_scope", "blueprint_limits"):
        setattr(manager, name, functools.lru_cache(maxsize=1024)(getattr(manager, name)))


def limiter_of(app) -> Limiter:
    return app.extensions["rate_limiter"]
