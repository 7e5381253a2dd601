from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_tickets_order import ListTicketsOrder
from ...models.list_tickets_priority import ListTicketsPriority
from ...models.list_tickets_sort import ListTicketsSort
from ...models.list_tickets_status import ListTicketsStatus
from ...models.ticket_page import TicketPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketsSort | Unset = "createdAt",
    order: ListTicketsOrder | Unset = "desc",
    status: ListTicketsStatus | Unset = UNSET,
    priority: ListTicketsPriority | Unset = UNSET,
    assignee_id: str | Unset = UNSET,
    project_id: str | Unset = UNSET,
    requester_id: str | Unset = UNSET,
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

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_priority: str | Unset = UNSET
    if not isinstance(priority, Unset):
        json_priority = priority

    params["priority"] = json_priority

    params["assigneeId"] = assignee_id

    params["projectId"] = project_id

    params["requesterId"] = requester_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/tickets",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | TicketPage:
    if response.status_code == 200:
        response_200 = TicketPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | TicketPage]:
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
    sort: ListTicketsSort | Unset = "createdAt",
    order: ListTicketsOrder | Unset = "desc",
    status: ListTicketsStatus | Unset = UNSET,
    priority: ListTicketsPriority | Unset = UNSET,
    assignee_id: str | Unset = UNSET,
    project_id: str | Unset = UNSET,
    requester_id: str | Unset = UNSET,
) -> Response[Error | TicketPage]:
    """List the caller's tickets (the staff: every ticket).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketsSort | Unset):  Default: 'createdAt'.
        order (ListTicketsOrder | Unset):  Default: 'desc'.
        status (ListTicketsStatus | Unset):
        priority (ListTicketsPriority | Unset):
        assignee_id (str | Unset):
        project_id (str | Unset):
        requester_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TicketPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        priority=priority,
        assignee_id=assignee_id,
        project_id=project_id,
        requester_id=requester_id,
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
    sort: ListTicketsSort | Unset = "createdAt",
    order: ListTicketsOrder | Unset = "desc",
    status: ListTicketsStatus | Unset = UNSET,
    priority: ListTicketsPriority | Unset = UNSET,
    assignee_id: str | Unset = UNSET,
    project_id: str | Unset = UNSET,
    requester_id: str | Unset = UNSET,
) -> Error | TicketPage | None:
    """List the caller's tickets (the staff: every ticket).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketsSort | Unset):  Default: 'createdAt'.
        order (ListTicketsOrder | Unset):  Default: 'desc'.
        status (ListTicketsStatus | Unset):
        priority (ListTicketsPriority | Unset):
        assignee_id (str | Unset):
        project_id (str | Unset):
        requester_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TicketPage
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        priority=priority,
        assignee_id=assignee_id,
        project_id=project_id,
        requester_id=requester_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketsSort | Unset = "createdAt",
    order: ListTicketsOrder | Unset = "desc",
    status: ListTicketsStatus | Unset = UNSET,
    priority: ListTicketsPriority | Unset = UNSET,
    assignee_id: str | Unset = UNSET,
    project_id: str | Unset = UNSET,
    requester_id: str | Unset = UNSET,
) -> Response[Error | TicketPage]:
    """List the caller's tickets (the staff: every ticket).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketsSort | Unset):  Default: 'createdAt'.
        order (ListTicketsOrder | Unset):  Default: 'desc'.
        status (ListTicketsStatus | Unset):
        priority (ListTicketsPriority | Unset):
        assignee_id (str | Unset):
        project_id (str | Unset):
        requester_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TicketPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        priority=priority,
        assignee_id=assignee_id,
        project_id=project_id,
        requester_id=requester_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListTicketsSort | Unset = "createdAt",
    order: ListTicketsOrder | Unset = "desc",
    status: ListTicketsStatus | Unset = UNSET,
    priority: ListTicketsPriority | Unset = UNSET,
    assignee_id: str | Unset = UNSET,
    project_id: str | Unset = UNSET,
    requester_id: str | Unset = UNSET,
) -> Error | TicketPage | None:
    """List the caller's tickets (the staff: every ticket).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListTicketsSort | Unset):  Default: 'createdAt'.
        order (ListTicketsOrder | Unset):  Default: 'desc'.
        status (ListTicketsStatus | Unset):
        priority (ListTicketsPriority | Unset):
        assignee_id (str | Unset):
        project_id (str | Unset):
        requester_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TicketPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            status=status,
            priority=priority,
            assignee_id=assignee_id,
            project_id=project_id,
            requester_id=requester_id,
        )
    ).parsed
