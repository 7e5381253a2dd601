"""One error path: every exception becomes the contract's JSON error (contract section 1)."""
import logging
from http import HTTPStatus

from flask import current_app, g, jsonify, request
from marshmallow import ValidationError
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from core import bearer, outcomes
from core.db import db

log = logging.getLogger(__name__)

# Codes for errors raised by the framework rather than by our own views.
HTTP_CODES = {
    400: "VALIDATION_ERROR",
    401: "INVALID_TOKEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    429: "RATE_LIMITED",
    500: "INTERNAL_ERROR",
    503: "SERVICE_UNAVAILABLE",
}


RETRY_AFTER_UNAVAILABLE = 5  # seconds a client waits before retrying a 503
# SQLSTATEs: a deadlock and a serialization failure (a transaction undone, answered 409), and
# a foreign key's violation (PostgreSQL Appendix A).
TRANSACTION_CONFLICTS = {"40P01", "40001"}
FOREIGN_KEY_VIOLATION = "23503"


class APIError(Exception):
    """An expected failure with its HTTP status, upper-case code and human message.

    `name` overrides the `error` field of the general envelope (the webhook's
    "Invalid signature"); auth endpoints always put the code there.
    """

    def __init__(self, status, code, message, *, details=None, headers=None, name=None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers or {}
        self.name = name


AUTH, GENERAL = "auth", "general"

# Each named outcome's status and code: the general envelope's (resources.md R1), and the auth
# envelope's where contract section 1 names it otherwise. A section's outcome extends one of
# these: the nearest in its MRO gives the status (and the codes, unless it names its own).
OUTCOMES = {
    outcomes.Unauthenticated: (401, "AUTH_ERROR", "INVALID_TOKEN"),
    outcomes.NotFound: (404, "NOT_FOUND", "NOT_FOUND"),
    outcomes.Forbidden: (403, "FORBIDDEN", "FORBIDDEN"),
    outcomes.EmailNotVerified: (403, "EMAIL_NOT_VERIFIED", "EMAIL_NOT_VERIFIED"),
    outcomes.Invalid: (400, "VALIDATION_ERROR", "VALIDATION_ERROR"),
    outcomes.InvalidToken: (400, "INVALID_TOKEN", "INVALID_TOKEN"),
    outcomes.Conflict: (409, "CONFLICT", "CONFLICT"),
    outcomes.TooManyRequests: (429, "RATE_LIMITED", "RATE_LIMITED"),
    outcomes.BadGateway: (502, "BAD_GATEWAY", "BAD_GATEWAY"),
    outcomes.Unavailable: (503, "SERVICE_UNAVAILABLE", "SERVICE_UNAVAILABLE"),
}
BEARER_CHALLENGE = {"WWW-Authenticate": "Bearer"}  # RFC 6750 section 3


def envelope() -> str:
    """The error envelope of the request's blueprint (ApiBlueprint's `envelope`). A URL that
    matched no route belongs to the blueprint whose prefix it falls under."""
    blueprint = current_app.blueprints.get(request.blueprint or "")
    if blueprint is None:
        owners = [bp for bp in current_app.blueprints.values()
                  if getattr(bp, "url_prefix", None)
                  and (request.path + "/").startswith(bp.url_prefix.rstrip("/") + "/")]
        blueprint = max(owners, key=lambda bp: len(bp.url_prefix), default=None)
    return getattr(blueprint, "envelope", GENERAL)


def use_envelope(app, name: str, render) -> None:
    """Answer errors in a blueprint's own envelope `name` with `render(err)` (an APIError to a
    response): a protocol that is not this API's, such as SCIM (extensions.md E4.3)."""
    app.extensions.setdefault("error_envelopes", {})[name] = render


def error_response(err: APIError):
    kind = envelope()
    render = current_app.extensions.get("error_envelopes", {}).get(kind)
    if render is not None:
        return render(err)
    if kind == AUTH:
        body = {"error": err.code, "message": err.message}
    else:
        name = err.name or HTTPStatus(err.status).phrase
        body = {"error": name, "message": err.message, "code": err.code}
    if err.details is not None:
        body["details"] = err.details
    response = jsonify(body)
    response.status_code = err.status
    response.headers.update(err.headers)
    return response


def validation_details(messages):
    """Flatten webargs/marshmallow messages to {field: [messages]}. What concerns the body as a
    whole (marshmallow's `_schema`: a JSON array where an object is expected) is under `body`."""
    if isinstance(messages, dict) and set(messages) <= {"json", "query", "form", "headers"}:
        # webargs nests by location; a body that is not JSON at all arrives as a list.
        merged = {}
        for value in messages.values():
            merged.update(value if isinstance(value, dict) else {"body": value})
        messages = merged
    if not isinstance(messages, dict):
        return {"body": messages}
    if "_schema" in messages:
        messages = {("body" if key == "_schema" else key): value
                    for key, value in messages.items()}
    return messages


def invalid(details: dict) -> APIError:
    """400 VALIDATION_ERROR with `details`. Its `message` is the one reason when there is one
    (a weak password says why, as a breached one does), else "Request validation failed"."""
    reasons = [reason for messages in details.values()
               for reason in (messages if isinstance(messages, list) else [messages])]
    only = reasons[0] if len(reasons) == 1 and isinstance(reasons[0], str) else None
    return APIError(400, "VALIDATION_ERROR", only or "Request validation failed", details=details)


def from_http_exception(exc: HTTPException) -> APIError:
    status = exc.code or 500
    data = getattr(exc, "data", None) or {}
    if "messages" in data:
        return invalid(validation_details(data["messages"]))
    headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
    headers.update(data.get("headers") or {})
    message = data.get("message") or exc.description or HTTPStatus(status).phrase
    if status == 429:
        message = f"Rate limit exceeded: {exc.description}"
    return APIError(status, HTTP_CODES.get(status, HTTPStatus(status).name), message,
                    headers=headers)


def handle_http_exception(exc: HTTPException):
    err = from_http_exception(exc)
    if err.status == 401 and envelope() == GENERAL:
        err.code = "AUTH_ERROR"
    return error_response(err)


def handle_outcome(exc: outcomes.Outcome):
    base = next(kind for kind in type(exc).__mro__ if kind in OUTCOMES)
    status, general_code, auth_code = OUTCOMES[base]
    if exc.code is None:  # the base's own answer, with the bearer challenge on a 401
        code = auth_code if envelope() == AUTH else general_code
        headers = dict(BEARER_CHALLENGE) if status == 401 else {}
    else:  # a section's named refusal: the base lends it only the status
        code, headers = exc.code, {}
    headers.update(exc.headers)
    details = exc.details
    if details is None and exc.field:
        details = {exc.field: [exc.message]}
    return error_response(APIError(status, code, exc.message, details=details, headers=headers,
                                   name=exc.name))


def handle_validation_error(exc: ValidationError):
    return error_response(invalid(validation_details(exc.messages)))


def handle_integrity_error(exc: IntegrityError):
    # Services catch the races they expect (e.g. USER_ALREADY_EXISTS); anything else is a conflict.
    db.session.rollback()
    log.warning("integrity error (request %s): %s", g.get("request_id"), exc.orig)
    if _is_foreign_key_violation(exc.orig) and bearer.ended():
        # A row it wrote names a row gone meanwhile, and so is the credential it came with: its
        # account was deleted while it ran (its sessions and keys go with it). Whatever the row,
        # the truthful answer is a dead credential's, not a conflict with existing data.
        return handle_outcome(outcomes.Unauthenticated("Invalid or expired bearer token"))
    return error_response(APIError(409, "CONFLICT", "The request conflicts with existing data"))


def _is_foreign_key_violation(orig) -> bool:
    return (getattr(orig, "sqlstate", None) == FOREIGN_KEY_VIOLATION
            or getattr(orig, "sqlite_errorname", None) == "SQLITE_CONSTRAINT_FOREIGNKEY")


def handle_operational_error(exc: OperationalError):
    if getattr(exc.orig, "sqlstate", None) in TRANSACTION_CONFLICTS:
        # PostgreSQL undid this request's transaction to let a concurrent one go on (a deadlock,
        # or a serialization failure): the database is well, and a 503 would page operators.
        db.session.rollback()
        log.warning("transaction conflict (request %s): %s", g.get("request_id"), exc.orig)
        return handle_outcome(outcomes.Conflict(
            "The request conflicted with a concurrent one and was undone; retry it"))
    return handle_database_unavailable(exc)


def handle_database_unavailable(exc: DBAPIError | PoolTimeout):
    db.session.rollback()
    log.error("database unavailable (request %s): %s", g.get("request_id"),
              getattr(exc, "orig", exc))
    return error_response(APIError(503, "SERVICE_UNAVAILABLE",
                                   "The database is unavailable, retry shortly",
                                   headers={"Retry-After": str(RETRY_AFTER_UNAVAILABLE)}))


def handle_unexpected(exc: Exception):
    db.session.rollback()
    log.exception("unhandled error (request %s)", g.get("request_id"))
    return error_response(APIError(500, "INTERNAL_ERROR", "Internal server error"))


def close_database_session(_exc):
    """End the request's database session. A connection the server dropped after the request's
    last query fails its ROLLBACK here; SQLAlchemy has already discarded it, and the answer
    (often a committed 201) must not turn into the WSGI server's HTML 500."""
    try:
        db.session.remove()
    except DBAPIError as exc:
        db.session.registry.clear()
        log.warning("database connection lost after request %s: %s", g.get("request_id"),
                    exc.orig)


def register_error_handlers(app):
    app.register_error_handler(APIError, error_response)
    for outcome in OUTCOMES:
        app.register_error_handler(outcome, handle_outcome)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(ValidationError, handle_validation_error)
    app.register_error_handler(IntegrityError, handle_integrity_error)
    app.register_error_handler(OperationalError, handle_operational_error)
    # Every pooled connection busy for pool_timeout: overloaded, not broken (docs/how-to/deploy.md).
    app.register_error_handler(PoolTimeout, handle_database_unavailable)
    app.register_error_handler(Exception, handle_unexpected)
    # Registered after db.init_app, so it runs before Flask-SQLAlchemy's own teardown (Flask
    # runs them in reverse), which then finds nothing left to close.
    app.teardown_appcontext(close_database_session)
