"""SCIM on the wire (RFC 7644 section 3): its media type, its errors and the reading of its
request bodies, whatever this API's own conventions are. Payloads are read and written by
scim2-models under one policy: the deviations of real identity providers it accepts."""
import json
import re

from flask import Response, current_app, request
from pydantic import ValidationError
from scim2_models import (
    Error,
    InvalidSyntaxException,
    SCIMException,
    ScimPolicy,
)

MEDIA_TYPE = "application/scim+json"
_PYDANTIC_REPORT = re.compile(r"\d+ validation errors? for ")
_PYDANTIC_TYPE = re.compile(r"\s*\[type=[^\]]*\]$")
PREFIX = "/api/scim/v2"
ERROR = "urn:ietf:params:scim:api:messages:2.0:Error"
TOKEN_REQUIRED = "A SCIM token of the project is required (Authorization: Bearer scim_...)"
# Microsoft Entra ID removes a member by a `remove` whose `value` names it, and replaces
# `emails[type eq "work"].value` on a User that has no work address yet (creating it); both
# are refused by the strict reading. Its capitalised ops ("Replace") and booleans written as
# strings ("False") are read by scim2-models as they come (docs/how-to/scim-entra-id.md).
POLICY = ScimPolicy(remove_value_as_filter=ScimPolicy.RemoveValue.apply,
                    unmatched_path_filter=ScimPolicy.UnmatchedPathFilter.create)


def base_url() -> str:
    """The service's address, from which `meta.location` is made (E4.3)."""
    return current_app.config["API_BASE_URL"].rstrip("/") + PREFIX


def reply(body, status: int = 200, headers: dict | None = None) -> Response:
    text = current_app.json.dumps(body) if body is not None else ""
    response = Response(text, status=status, mimetype=MEDIA_TYPE if body is not None else None)
    response.headers.update(headers or {})
    return response


def error_reply(status: int, detail: str, scim_type: str | None = None,
                headers: dict | None = None) -> Response:
    body = {"schemas": [ERROR], "status": str(status), "detail": detail}
    if scim_type:
        body["scimType"] = scim_type
    return reply(body, status, headers)


def render_api_error(err) -> Response:
    """The error envelope of the SCIM blueprint (core/errors.py `use_envelope`): every answer
    the framework or the pipeline gives there (401, 404, 405, 413, 415, 429, 503) in SCIM's
    form, with the headers it carries (Retry-After, the bearer challenge). A 401 here is the
    access step's for want of a SCIM token: its detail says which token."""
    detail = TOKEN_REQUIRED if err.status == 401 else err.message
    return error_reply(err.status, detail, headers=err.headers)


def render_exception(exc: SCIMException) -> Response:
    error = exc.to_error()
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    return error_reply(int(exc.status), one_line(str(error.detail or "")),
                       error.scim_type or None, headers)


def one_line(detail: str) -> str:
    """A detail in one line: scim2-models passes pydantic's report of a value a PATCH writes
    as it is ("1 validation error for EnterpriseUser\nmanager\n  Input should be ...
    [type=...]\n    For further information visit ..."); its attribute and complaint remain."""
    lines = [line.strip() for line in detail.splitlines() if line.strip()]
    if len(lines) >= 3 and _PYDANTIC_REPORT.match(lines[0]):
        return f"{lines[1]}: {_PYDANTIC_TYPE.sub('', lines[2])}"
    return lines[0] if lines else ""


def invalid(exc: ValidationError) -> SCIMException:
    """The SCIM error of a payload scim2-models refused (its first complaint)."""
    return SCIMException.from_error(Error.from_validation_errors(exc)[0])


def validate(model, payload, context):
    """`payload` as `model` in the SCIM `context`, or the SCIM error it deserves."""
    try:
        return model.model_validate(payload, scim_ctx=context, scim_policy=POLICY)
    except ValidationError as exc:
        raise invalid(exc) from exc
    except (ValueError, TypeError) as exc:
        raise InvalidSyntaxException(detail=str(exc)[:200]) from exc


def read_body() -> dict:
    """The request's JSON object (1 MiB at most: MAX_CONTENT_LENGTH answers 413 before)."""
    raw = request.get_data(cache=True)
    try:
        payload = json.loads(raw) if raw else None
    except (ValueError, RecursionError) as exc:
        raise InvalidSyntaxException(detail="The body is not valid JSON") from exc
    if not isinstance(payload, dict):
        raise InvalidSyntaxException(detail="The body must be a JSON object")
    return payload
