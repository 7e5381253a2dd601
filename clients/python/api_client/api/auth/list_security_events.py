from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_error import AuthError
from ...models.list_security_events_order import (
    ListSecurityEventsOrder,
)
from ...models.list_security_events_sort import (
    ListSecurityEventsSort,
)
from ...models.list_security_events_type import (
    ListSecurityEventsType,
)
from ...models.security_event_page import SecurityEventPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListSecurityEventsSort | Unset = "createdAt",
    order: ListSecurityEventsOrder | Unset = "desc",
    type_: ListSecurityEventsType | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order

    params["order"] = json_order

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/auth/security-events",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuthError | SecurityEventPage:
    if response.status_code == 200:
        response_200 = SecurityEventPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = AuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = AuthError.from_dict(response.json())

        return response_401

    response_default = AuthError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AuthError | SecurityEventPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListSecurityEventsSort | Unset = "createdAt",
    order: ListSecurityEventsOrder | Unset = "desc",
    type_: ListSecurityEventsType | Unset = UNSET,
) -> Response[AuthError | SecurityEventPage]:
    """List the security events of the caller's account, newest first.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | SecurityEventPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        type_=type_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListSecurityEventsSort | Unset = "createdAt",
    order: ListSecurityEventsOrder | Unset = "desc",
    type_: ListSecurityEventsType | Unset = UNSET,
) -> AuthError | SecurityEventPage | None:
    """List the security events of the caller's account, newest first.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | SecurityEventPage
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        type_=type_,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListSecurityEventsSort | Unset = "createdAt",
    order: ListSecurityEventsOrder | Unset = "desc",
    type_: ListSecurityEventsType | Unset = UNSET,
) -> Response[AuthError | SecurityEventPage]:
    """List the security events of the caller's account, newest first.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | SecurityEventPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        type_=type_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListSecurityEventsSort | Unset = "createdAt",
    order: ListSecurityEventsOrder | Unset = "desc",
    type_: ListSecurityEventsType | Unset = UNSET,
) -> AuthError | SecurityEventPage | None:
    """List the security events of the caller's account, newest first.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | SecurityEventPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            type_=type_,
        )
    ).parsed
