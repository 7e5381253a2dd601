from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.festival_page import FestivalPage
from ...models.list_festivals_order import ListFestivalsOrder
from ...models.list_festivals_phase import ListFestivalsPhase
from ...models.list_festivals_sort import ListFestivalsSort
from ...models.list_festivals_status import ListFestivalsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalsSort | Unset = "createdAt",
    order: ListFestivalsOrder | Unset = "desc",
    status: ListFestivalsStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    phase: ListFestivalsPhase | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    q: str | Unset = UNSET,
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

    params["projectId"] = project_id

    json_phase: str | Unset = UNSET
    if not isinstance(phase, Unset):
        json_phase = phase

    params["phase"] = json_phase

    params["from"] = from_

    params["to"] = to

    params["q"] = q

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/festivals",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | FestivalPage:
    if response.status_code == 200:
        response_200 = FestivalPage.from_dict(response.json())

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
) -> Response[Error | FestivalPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalsSort | Unset = "createdAt",
    order: ListFestivalsOrder | Unset = "desc",
    status: ListFestivalsStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    phase: ListFestivalsPhase | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | FestivalPage]:
    """List the festivals the caller may see (PUBLISHED and CANCELLED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalsOrder | Unset):  Default: 'desc'.
        status (ListFestivalsStatus | Unset):
        project_id (str | Unset):
        phase (ListFestivalsPhase | Unset):
        from_ (str | Unset):
        to (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FestivalPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        project_id=project_id,
        phase=phase,
        from_=from_,
        to=to,
        q=q,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalsSort | Unset = "createdAt",
    order: ListFestivalsOrder | Unset = "desc",
    status: ListFestivalsStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    phase: ListFestivalsPhase | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | FestivalPage | None:
    """List the festivals the caller may see (PUBLISHED and CANCELLED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalsOrder | Unset):  Default: 'desc'.
        status (ListFestivalsStatus | Unset):
        project_id (str | Unset):
        phase (ListFestivalsPhase | Unset):
        from_ (str | Unset):
        to (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FestivalPage
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        project_id=project_id,
        phase=phase,
        from_=from_,
        to=to,
        q=q,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalsSort | Unset = "createdAt",
    order: ListFestivalsOrder | Unset = "desc",
    status: ListFestivalsStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    phase: ListFestivalsPhase | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | FestivalPage]:
    """List the festivals the caller may see (PUBLISHED and CANCELLED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalsOrder | Unset):  Default: 'desc'.
        status (ListFestivalsStatus | Unset):
        project_id (str | Unset):
        phase (ListFestivalsPhase | Unset):
        from_ (str | Unset):
        to (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FestivalPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        project_id=project_id,
        phase=phase,
        from_=from_,
        to=to,
        q=q,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalsSort | Unset = "createdAt",
    order: ListFestivalsOrder | Unset = "desc",
    status: ListFestivalsStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    phase: ListFestivalsPhase | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | FestivalPage | None:
    """List the festivals the caller may see (PUBLISHED and CANCELLED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalsOrder | Unset):  Default: 'desc'.
        status (ListFestivalsStatus | Unset):
        project_id (str | Unset):
        phase (ListFestivalsPhase | Unset):
        from_ (str | Unset):
        to (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FestivalPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            status=status,
            project_id=project_id,
            phase=phase,
            from_=from_,
            to=to,
            q=q,
        )
    ).parsed
