"""Rate limits (contract section 6): per IP on public endpoints, per user on authenticated ones;
the key and the limit are read from `g.bearer_session`, which the pipeline resolved before
(pipeline.py). The limiter: Flask-Limiter with a short path for these limits (perf/limiter.py)."""
from flask import current_app, g, request
from flask_limiter import Limiter

from perf.limiter import new_limiter


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
