"""Rate limits (contract section 6): per IP on public endpoints, per user on authenticated ones."""
from flask import current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from bearer import current_session


def _authenticated_caller():
    """The session of a caller of an endpoint that needs the bearer token, else None."""
    view = current_app.view_functions.get(request.endpoint)
    if view is None or not getattr(view, "requires_auth", False):
        return None
    return current_session()


def rate_key() -> str:
    session = _authenticated_caller()
    return f"user:{session.user_id}" if session else f"ip:{get_remote_address()}"


def rate_limit() -> str:
    # A bad token on an authenticated endpoint is counted per IP at the public rate, so
    # guessing tokens costs as much as any anonymous request.
    if _authenticated_caller():
        return current_app.config["RATELIMIT_AUTHENTICATED"]
    return current_app.config["RATELIMIT_PUBLIC"]


def init_limiter(app) -> Limiter:
    """One limiter per app (its storage and key prefix come from that app's config)."""
    limiter = Limiter(key_func=rate_key, default_limits=[rate_limit])
    limiter.init_app(app)
    app.extensions["rate_limiter"] = limiter
    return limiter


def limiter_of(app) -> Limiter:
    return app.extensions["rate_limiter"]
