"""The hand-written part of the Python client (clients/generate.sh never touches it): a client
with the base URL and bearer token set once, errors raised as ApiError, and paginate() over the
lists. The operations are the generated modules, `api_client.api.<tag>.<operation_id>`."""
from collections.abc import Callable, Iterator
from typing import Any, overload

import httpx
from api_client import AuthenticatedClient, Client

__all__ = ["ApiError", "connect", "paginate"]


class ApiError(Exception):
    """An error answer, decoded. Outside /api/auth the body is `{error, message, code}` (`error` is
    the reason phrase, e.g. "Not Found"); under /api/auth it is `{error: CODE, message}`, so
    `code` equals `error` there. `details` maps fields to messages for VALIDATION_ERROR."""

    def __init__(self, status: int, error: str, message: str, code: str,
                 details: dict[str, Any] | None = None):
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.error = error
        self.message = message
        self.code = code
        self.details = details

    @classmethod
    def from_response(cls, response: httpx.Response) -> "ApiError":
        try:
            body = response.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            body = {}
        error = str(body.get("error") or response.reason_phrase)
        return cls(response.status_code, error, str(body.get("message") or error),
                   str(body.get("code") or error), body.get("details"))


def _raise_for_error(response: httpx.Response) -> None:
    if response.status_code >= 400:
        response.read()
        raise ApiError.from_response(response)


async def _araise_for_error(response: httpx.Response) -> None:
    if response.status_code >= 400:
        await response.aread()
        raise ApiError.from_response(response)


@overload
def connect(base_url: str, token: None = None, *, timeout: float = 10.0) -> Client: ...
@overload
def connect(base_url: str, token: str, *, timeout: float = 10.0) -> AuthenticatedClient: ...
def connect(base_url: str, token: str | None = None, *, timeout: float = 10.0):
    """A client of the API at `base_url` (e.g. "http://localhost:5000"), sending `token` (a
    session's token) as `Authorization: Bearer` when given. Every operation called with it
    raises ApiError on an error answer, so `sync()` returns the success model."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    common = {"base_url": base_url, "headers": headers, "timeout": httpx.Timeout(timeout)}
    client = (AuthenticatedClient(base_url=base_url, token=token) if token
              else Client(base_url=base_url))
    client.set_httpx_client(httpx.Client(**common, event_hooks={"response": [_raise_for_error]}))
    client.set_async_httpx_client(
        httpx.AsyncClient(**common, event_hooks={"response": [_araise_for_error]}))
    return client


def paginate(list_operation: Callable[..., Any], **arguments: Any) -> Iterator[Any]:
    """Every item of an R1 list, page after page until `meta.pages`, e.g.
    `paginate(list_projects.sync, client=client, limit=50)`. `page` (default 1) is where to
    start; the other arguments (filters, sort, limit) are passed to every call."""
    page = arguments.pop("page", 1)
    while True:
        answer = list_operation(page=page, **arguments)
        yield from answer.data
        if page >= answer.meta.pages:
            return
        page += 1
