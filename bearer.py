"""The caller's bearer session: resolved once per request, shared by the views and the limiter."""
from functools import wraps

from flask import g, request

from errors import APIError
from models import User, db
from services.auth import sessions

_UNSET = object()


def bearer_token() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 512:
        return None
    return token


def current_session():
    """The live session of the request's bearer token, or None (cached on `g`)."""
    found = g.get("_bearer_session", _UNSET)
    if found is _UNSET:
        token = bearer_token()
        found = sessions.lookup(token) if token else None
        g._bearer_session = found
    return found


def current_user() -> User:
    """The caller's account as an ORM object, for views that change it (one more query)."""
    return db.session.get(User, current_session().user_id)


def login_required(view):
    """Require a live bearer session (401 INVALID_TOKEN otherwise); limits switch to per user."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        if current_session() is None:
            raise APIError(401, "INVALID_TOKEN", "Missing, invalid or expired bearer token",
                           headers={"WWW-Authenticate": "Bearer"})
        return view(*args, **kwargs)

    wrapper.requires_auth = True
    return wrapper
