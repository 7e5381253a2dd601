from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_user_security_events_order import (
    ListUserSecurityEventsOrder,
)
from ...models.list_user_security_events_sort import (
    ListUserSecurityEventsSort,
)
from ...models.list_user_security_events_type import (
    ListUserSecurityEventsType,
)
from ...models.security_event_page import SecurityEventPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    user_id: str,
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListUserSecurityEventsSort | Unset = "createdAt",
    order: ListUserSecurityEventsOrder | Unset = "desc",
    type_: ListUserSecurityEventsType | Unset = UNSET,
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
        "url": "/api/admin/users/{user_id}/security-events".format(
            user_id=quote(str(user_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SecurityEventPage:
    if response.status_code == 200:
        response_200 = SecurityEventPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | SecurityEventPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListUserSecurityEventsSort | Unset = "createdAt",
    order: ListUserSecurityEventsOrder | Unset = "desc",
    type_: ListUserSecurityEventsType | Unset = UNSET,
) -> Response[Error | SecurityEventPage]:
    """List a user's security events, newest first.

    Args:
        user_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListUserSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListUserSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListUserSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SecurityEventPage]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
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
    user_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListUserSecurityEventsSort | Unset = "createdAt",
    order: ListUserSecurityEventsOrder | Unset = "desc",
    type_: ListUserSecurityEventsType | Unset = UNSET,
) -> Error | SecurityEventPage | None:
    """List a user's security events, newest first.

    Args:
        user_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListUserSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListUserSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListUserSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SecurityEventPage
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        type_=type_,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListUserSecurityEventsSort | Unset = "createdAt",
    order: ListUserSecurityEventsOrder | Unset = "desc",
    type_: ListUserSecurityEventsType | Unset = UNSET,
) -> Response[Error | SecurityEventPage]:
    """List a user's security events, newest first.

    Args:
        user_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListUserSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListUserSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListUserSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SecurityEventPage]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        type_=type_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListUserSecurityEventsSort | Unset = "createdAt",
    order: ListUserSecurityEventsOrder | Unset = "desc",
    type_: ListUserSecurityEventsType | Unset = UNSET,
) -> Error | SecurityEventPage | None:
    """List a user's security events, newest first.

    Args:
        user_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListUserSecurityEventsSort | Unset):  Default: 'createdAt'.
        order (ListUserSecurityEventsOrder | Unset):  Default: 'desc'.
        type_ (ListUserSecurityEventsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SecurityEventPage
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            type_=type_,
        )
    ).parsed
