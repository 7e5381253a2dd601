"""The caller's bearer session: resolved once per request by the request pipeline (pipeline.py)
onto `g.bearer_session`, then read by the rate limiter and the views."""
from functools import wraps

from flask import current_app, g, request

from core.db import db
from core.outcomes import Forbidden, Unauthenticated
from sections.auth.models import User
from sections.auth.services import sessions

_UNSET = object()


def bearer_token() -> str | None:
    # From the environ: request.headers builds the header's environ key on every read.
    scheme, _, token = request.environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 512:
        return None
    return token


def _lookup():
    token = bearer_token()
    return sessions.lookup(token) if token else None


def resolve() -> None:
    """Pipeline step: the live session of an endpoint that needs or accepts the bearer. Other
    public endpoints do not look the token up (their limit is per IP whatever they send)."""
    view = current_app.view_functions.get(request.endpoint)
    # Public reads that accept a bearer (login_optional) count a signed-in caller per user too.
    if getattr(view, "requires_auth", False) or getattr(view, "accepts_auth", False):
        g.bearer_session = _lookup()


def current_session():
    """The live session of the request's bearer token, or None (cached on `g`)."""
    found = g.get("bearer_session", _UNSET)
    if found is _UNSET:
        # A public view asking anyway (the pipeline resolves only protected ones): once.
        found = g.bearer_session = _lookup()
    return found


def current_user() -> User:
    """The caller's account as an ORM object, for views that change it (one more query)."""
    return db.session.get(User, current_session().user_id)


def login_required(view):
    """Require a live bearer session (401 otherwise); limits switch to per user.

    Put it directly under the route decorator, above `@blp.arguments`, so the bearer is checked
    before the body is validated (a caller without a token learns nothing about the schema);
    tests/test_pipeline.py checks every protected endpoint."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        if current_session() is None:
            raise Unauthenticated("Missing, invalid or expired bearer token")
        return view(*args, **kwargs)

    wrapper.requires_auth = True
    return wrapper


def login_optional(view):
    """A public read: anonymous without a bearer, the caller with a live one, and 401 for a
    bearer that is sent but dead, so a client learns its session ended (resources.md R1)."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        if "Authorization" in request.headers and current_session() is None:
            raise Unauthenticated("Invalid or expired bearer token")
        return view(*args, **kwargs)

    wrapper.accepts_auth = True
    return wrapper


def roles_required(*roles):
    """Beside login_required: the caller's platform role must be one of `roles` (403)."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            if current_session().user.role not in roles:
                raise Forbidden("This needs the " + " or ".join(roles) + " role")
            return view(*args, **kwargs)

        return login_required(wrapper)

    return decorator
