"""The process's log: plain text, or one JSON object per line (LOG_FORMAT=json), each record
with its request; and the access line of every request (ACCESS_LOG). docs/how-to/operations.md
lists the fields."""
import logging
import re
import sys

from flask import g, has_request_context, request
from pythonjsonlogger.json import JsonFormatter

FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# The JSON fields every line has; the request's (request_id, user_id, method, route) are added
# by RequestFields when there is one, the access line's (status, duration_ms) by `access`.
JSON_FIELDS = ("levelname", "name", "message")
RENAMED = {"levelname": "level", "name": "logger"}
access_log = logging.getLogger("app.access")
# A terminal's colour codes (ANSI CSI sequences), which Werkzeug's development server puts into
# its own lines ("WARNING: This is a development server", the request lines).
COLOUR_CODES = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class RequestFields(logging.Filter):
    """Adds the current request's id, method, route and user (when signed in) to a record."""

    def filter(self, record):
        if has_request_context() and not hasattr(record, "request_id"):
            record.request_id = g.get("request_id")
            record.method = request.method
            record.route = route()
            session = g.get("bearer_session")
            if session is not None:
                record.user_id = session.user_id
        return True


# Nothing here reads a body, a query string or a header other than the request id: the
# route is the URL rule (`/api/projects/<project_id>`), never the path, so no token reaches a line.
def route() -> str:
    rule = request.url_rule
    return rule.rule if rule is not None else "unmatched"


class NoColourCodes(logging.Filter):
    """A JSON line's message without a terminal's colour codes: it is read by programs."""

    def filter(self, record):
        message = record.getMessage()
        if "\x1b[" in message:
            record.msg, record.args = COLOUR_CODES.sub("", message), ()
        return True


def json_formatter() -> logging.Formatter:
    return JsonFormatter(" ".join(f"%({name})s" for name in JSON_FIELDS),
                         rename_fields=RENAMED, timestamp=True)


def handler_for(log_format: str, stream=None) -> logging.Handler:
    """A handler writing the chosen format, with the request's fields on every record."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(json_formatter() if log_format == "json"
                         else logging.Formatter(TEXT_FORMAT))
    handler.addFilter(RequestFields())
    if log_format == "json":
        handler.addFilter(NoColourCodes())
    return handler


def configure(app) -> None:
    """The root logger at INFO with one handler of LOG_FORMAT, once per process (a process
    that already logs somewhere, such as a test run, keeps its own handlers)."""
    if app.config["LOG_FORMAT"] not in FORMATS:
        raise SystemExit(f"error: LOG_FORMAT must be one of {', '.join(FORMATS)}")
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(handler_for(app.config["LOG_FORMAT"]))
        root.setLevel(logging.INFO)


def access(status: int, seconds: float) -> None:
    """The access line of the current request (pipeline.finish_response)."""
    if access_log.isEnabledFor(logging.INFO):
        access_log.info("%s %s %s %.1fms", request.method, route(), status, seconds * 1000,
                        extra={"status": status, "duration_ms": round(seconds * 1000, 2)})
