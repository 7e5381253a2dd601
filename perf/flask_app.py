"""Flask's per-request work that this service does not need, cut (bench/README.md, "Speed-only
code"): the cookie session opened only for requests with cookies, and which functions are
coroutine functions remembered."""
from flask import Flask
from flask.sessions import SecureCookieSessionInterface


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie session (the OAuth flow keeps its state there), opened only when
    the request carries cookies: the API's requests have none, and building the signer for
    them cost every request about 30 µs (bench/README.md)."""

    def open_session(self, app, request):
        if app.secret_key and "HTTP_COOKIE" not in request.environ:
            return self.session_class()
        return super().open_session(app, request)


class Service(Flask):
    """Flask, remembering which functions are coroutine functions."""

    session_interface = CookieSessions()
    # Flask (and flask-smorest's wrappers) ask `inspect` whether each hook, view and handler is
    # a coroutine function, a dozen times per request (18 µs of GET /api/auth/session); the
    # answer for a function never changes. Bounded: a function made per request is not kept.
    SYNC_CACHE_SIZE = 4096

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync_functions = {}

    def ensure_sync(self, func):
        try:
            return self._sync_functions[func]
        except KeyError:
            made = super().ensure_sync(func)
            if len(self._sync_functions) < self.SYNC_CACHE_SIZE:
                self._sync_functions[func] = made
            return made
        except TypeError:  # not hashable
            return super().ensure_sync(func)
