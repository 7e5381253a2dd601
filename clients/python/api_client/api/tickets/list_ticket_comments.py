from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.comment_page import CommentPage
from ...models.error import Error
from ...models.list_ticket_comments_order import (
    ListTicketCommentsOrder,
)
from ...models.list_ticket_comments_sort import (
    ListTicketCommentsSort,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ticket_id: str,
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketCommentsSort | Unset = "createdAt",
    order: ListTicketCommentsOrder | Unset = "asc",
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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/tickets/{ticket_id}/comments".format(
            ticket_id=quote(str(ticket_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommentPage | Error:
    if response.status_code == 200:
        response_200 = CommentPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CommentPage | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ticket_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketCommentsSort | Unset = "createdAt",
    order: ListTicketCommentsOrder | Unset = "asc",
) -> Response[CommentPage | Error]:
    """List a ticket's comments, oldest first (the requester never sees internal ones).

    Args:
        ticket_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketCommentsSort | Unset):  Default: 'createdAt'.
        order (ListTicketCommentsOrder | Unset):  Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommentPage | Error]
    """

    kwargs = _get_kwargs(
        ticket_id=ticket_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ticket_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketCommentsSort | Unset = "createdAt",
    order: ListTicketCommentsOrder | Unset = "asc",
) -> CommentPage | Error | None:
    """List a ticket's comments, oldest first (the requester never sees internal ones).

    Args:
        ticket_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketCommentsSort | Unset):  Default: 'createdAt'.
        order (ListTicketCommentsOrder | Unset):  Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommentPage | Error
    """

    return sync_detailed(
        ticket_id=ticket_id,
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
    ).parsed


async def asyncio_detailed(
    ticket_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketCommentsSort | Unset = "createdAt",
    order: ListTicketCommentsOrder | Unset = "asc",
) -> Response[CommentPage | Error]:
    """List a ticket's comments, oldest first (the requester never sees internal ones).

    Args:
        ticket_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketCommentsSort | Unset):  Default: 'createdAt'.
        order (ListTicketCommentsOrder | Unset):  Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommentPage | Error]
    """

    kwargs = _get_kwargs(
        ticket_id=ticket_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ticket_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketCommentsSort | Unset = "createdAt",
    order: ListTicketCommentsOrder | Unset = "asc",
) -> CommentPage | Error | None:
    """List a ticket's comments, oldest first (the requester never sees internal ones).

    Args:
        ticket_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketCommentsSort | Unset):  Default: 'createdAt'.
        order (ListTicketCommentsOrder | Unset):  Default: 'asc'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommentPage | Error
    """

    return (
        await asyncio_detailed(
            ticket_id=ticket_id,
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
        )
    ).parsed
