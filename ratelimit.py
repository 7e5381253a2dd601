"""Rate limits (contract section 6): per IP on public endpoints, per user on authenticated ones."""
from flask import current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from sqlalchemy.exc import SQLAlchemyError

import errors
from bearer import current_session


def _authenticated_caller():
    """The session of a caller of an endpoint that needs or accepts the bearer token (public
    reads count a signed-in caller per user), else None."""
    view = current_app.view_functions.get(request.endpoint)
    if view is None or not (getattr(view, "requires_auth", False)
                            or getattr(view, "accepts_auth", False)):
        return None
    try:
        return current_session()
    except SQLAlchemyError:
        # The database is down: count the caller per IP here and let the view's own lookup
        # answer 503. (Raised inside Flask-Limiter, the error would pass for a Redis failure.)
        return None


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

    limiter.init_app(app)
    app.extensions["rate_limiter"] = limiter
    return limiter


def limiter_of(app) -> Limiter:
    return app.extensions["rate_limiter"]
