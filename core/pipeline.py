"""The request pipeline, every request in this order: request id, body type, bearer session
(before_view), rate limit (Flask-Limiter), access (core/access.py), the view; every answer
leaves through `finish_response`."""
import itertools
import re
import time
import uuid

from flask import current_app, g, request
from werkzeug.exceptions import MethodNotAllowed

from core import access, bearer, errors, logs, metrics

REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
# Request ids made here: a random id per process and a counter, unique without a syscall.
PROCESS_ID = uuid.uuid4().hex[:12]
REQUEST_COUNTER = itertools.count(1)
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


def assign_request_id():
    offered = request.environ.get("HTTP_X_REQUEST_ID")  # the X-Request-ID header
    g.request_id = (offered if offered and REQUEST_ID.fullmatch(offered)
                    else f"{PROCESS_ID}-{next(REQUEST_COUNTER)}")


def takes_form(view):
    """Mark a view whose body is an HTML form post (a SAML assertion consumer: the identity
    provider's page posts it), spared the JSON-only rule; put it right under the route."""
    view.takes_form = True
    return view


def refuse_bodies_that_are_not_json():
    # Bodies are JSON (spec section 4); the webhook verifies its raw bytes whatever the type.
    if (request.method in BODY_METHODS and request.content_length
            and not request.is_json and not request.path.startswith("/api/webhooks/")
            and not getattr(current_app.view_functions.get(request.endpoint), "takes_form",
                            False)
            # A method the path does not take is answered 405 whatever its body.
            and not isinstance(request.routing_exception, MethodNotAllowed)):
        # The transport's answer, like the framework's own (errors.HTTP_CODES): no service
        # refuses this, so it needs no named outcome.
        raise errors.APIError(415, "UNSUPPORTED_MEDIA_TYPE",
                              "Request bodies must be sent as application/json")


def before_view():
    g.started = time.perf_counter()
    assign_request_id()
    refuse_bodies_that_are_not_json()
    bearer.resolve()


def finish_response(response):
    response.headers["X-Request-ID"] = g.get("request_id", "")
    observe(response.status_code)
    # Flask-Limiter writes Retry-After on every answer it counted, which would tell clients of
    # a 200 to wait and overwrite a 503's own value.
    if response.status_code == 503:
        response.headers["Retry-After"] = str(errors.RETRY_AFTER_UNAVAILABLE)
    elif response.status_code != 429:
        response.headers.pop("Retry-After", None)
    if not request.path.startswith("/api"):
        return response
    if (request.method == "OPTIONS" or 300 <= response.status_code < 400) \
            and response.mimetype == "text/html":
        # Every /api answer is JSON or empty (contract section 1); the interactive reference
        # at /api/docs is the one page meant as HTML. Flask's own HTML answers are the
        # automatic OPTIONS (empty) and redirect()'s "Redirecting..." page.
        response.set_data(b"")
        del response.headers["Content-Type"]
    if current_app.config["CORS_ORIGINS"]:
        # The CORS headers depend on Origin, so a shared cache must key on it; flask-cors says
        # so only when several origins are configured.
        response.vary.add("Origin")
    return response


def observe(status: int) -> None:
    """The request's metrics and access line (docs/how-to/operations.md), each when switched on."""
    config = current_app.config
    started = g.get("started")
    if started is None:
        return
    seconds = time.perf_counter() - started
    if config["METRICS"]:
        rule = request.url_rule
        metrics.observe_request(rule.rule if rule is not None else metrics.UNMATCHED,
                                request.method, status, seconds)
    if config["ACCESS_LOG"]:
        logs.access(status, seconds)


# 1. request id      `g.request_id`: the client's X-Request-ID when well formed, else a new one
# 2. body type       a body must be JSON (the webhook excepted)
# 3. bearer session  resolved once onto `g` for endpoints that need it (bearer.resolve)
# 4. rate limit      Flask-Limiter; its key function reads `g`, it never looks anything up
# 5. access          the view's declarations in R1's order: 401, 403, 404 (core/access.py)
# 6. the view        validates the body (400), calls its service, dumps its answer
# Steps 1-3 are one `before_request` hook (`before_view`); Flask runs hooks in the order they are
# registered, so this registers it, then initialises Flask-Limiter, whose hook is step 4, then
# step 5's. Every answer, a 429 or any other error included, leaves through `finish_response`,
# which has `g.request_id` by then and runs after the limiter has written its headers.
def register(app, limiter):
    """Install the pipeline on `app`; `limiter` is initialised here, as step 4."""
    app.before_request(before_view)
    # after_request hooks run in reverse order of registration: this one runs after the
    # limiter's, which writes the rate-limit headers.
    app.after_request(finish_response)
    limiter.init_app(app)
    app.before_request(access.check_access)  # step 5, after the limiter's hook
