"""Rate limits (contract section 6): per IP on public endpoints, per user on authenticated ones.

The key and the limit are read from `g.bearer_session`, which the request pipeline has resolved
before the limiter runs (pipeline.py): rate limiting never looks anything up itself.
"""
from flask import current_app, g, request
from flask_limiter import Limiter

import errors


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

    @app.after_request
    def retry_after_only_when_refused(response):
        # Registered before the limiter's own hook, so it runs after it (Flask runs them in
        # reverse): Flask-Limiter writes Retry-After on every answer, which would tell clients
        # of a 200 to wait and overwrite a 503's own value.
        if response.status_code == 503:
            response.headers["Retry-After"] = str(errors.RETRY_AFTER_UNAVAILABLE)
        elif response.status_code != 429:
            response.headers.pop("Retry-After", None)
        return response

    app.extensions["rate_limiter"] = limiter
    return limiter


def limiter_of(app) -> Limiter:
    return app.extensions["rate_limiter"]
