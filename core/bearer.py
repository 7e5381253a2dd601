"""The caller's bearer session: resolved once per request by the request pipeline (pipeline.py)
onto `g.bearer_session`, then read by the rate limiter and the views."""

from flask import current_app, g, request

_UNSET = object()
# A bearer's longest form: an OAuth access token, a JWT (extensions.md E5.4) of some 900
# characters; a session token or an API key is far shorter. Longer is no bearer of ours.
MAX_BEARER = 4096


def bearer_token() -> str | None:
    # From the environ: request.headers builds the header's environ key on every read.
    scheme, _, token = request.environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_BEARER:
        return None
    return token


def _lookup():
    token = bearer_token()
    # The credential lookup is the auth section's (`use_lookup`); the core knows no section.
    return current_app.extensions["bearer_lookup"](token) if token else None


def use_lookup(app, lookup) -> None:
    """Resolve bearer tokens with `lookup(token)`: a live session object, or None."""
    app.extensions["bearer_lookup"] = lookup


def own_lookup(lookup):
    """Declare that a view's bearer is a credential of its own kind, resolved by
    `lookup(token)` instead of the app's (a SCIM token, extensions.md E4.3): no session or API
    key reaches the view, and its credential, unknown to the app's lookup, reaches nothing
    else. The credential's `rate_key` names its rate-limit counter, as a session's does."""

    def decorator(view):
        view.bearer_lookup = lookup
        return view

    return decorator


def resolve() -> None:
    """Pipeline step: the live session of an endpoint that needs or accepts the bearer. Other
    public endpoints do not look the token up (their limit is per IP whatever they send)."""
    view = current_app.view_functions.get(request.endpoint)
    own = getattr(view, "bearer_lookup", None)
    if own is not None:
        token = bearer_token()
        g.bearer_session = own(token) if token else None
        return
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


def ended() -> bool:
    """Whether the request came with a live credential that no longer resolves (looked up once
    more): its account was deleted, or the session ended, while the request ran."""
    return g.get("bearer_session") is not None and _lookup() is None
