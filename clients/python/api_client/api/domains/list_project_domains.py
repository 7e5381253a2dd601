from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.domain_page import DomainPage
from ...models.error import Error
from ...models.list_project_domains_order import (
    ListProjectDomainsOrder,
)
from ...models.list_project_domains_sort import (
    ListProjectDomainsSort,
)
from ...models.list_project_domains_status import (
    ListProjectDomainsStatus,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: str,
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectDomainsSort | Unset = "createdAt",
    order: ListProjectDomainsOrder | Unset = "desc",
    status: ListProjectDomainsStatus | Unset = UNSET,
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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/projects/{project_id}/domains".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DomainPage | Error:
    if response.status_code == 200:
        response_200 = DomainPage.from_dict(response.json())

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
) -> Response[DomainPage | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectDomainsSort | Unset = "createdAt",
    order: ListProjectDomainsOrder | Unset = "desc",
    status: ListProjectDomainsStatus | Unset = UNSET,
) -> Response[DomainPage | Error]:
    """List the project's domains (its owner or an admin).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectDomainsSort | Unset):  Default: 'createdAt'.
        order (ListProjectDomainsOrder | Unset):  Default: 'desc'.
        status (ListProjectDomainsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DomainPage | Error]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectDomainsSort | Unset = "createdAt",
    order: ListProjectDomainsOrder | Unset = "desc",
    status: ListProjectDomainsStatus | Unset = UNSET,
) -> DomainPage | Error | None:
    """List the project's domains (its owner or an admin).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectDomainsSort | Unset):  Default: 'createdAt'.
        order (ListProjectDomainsOrder | Unset):  Default: 'desc'.
        status (ListProjectDomainsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DomainPage | Error
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
    ).parsed


async def asyncio_detailed(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectDomainsSort | Unset = "createdAt",
    order: ListProjectDomainsOrder | Unset = "desc",
    status: ListProjectDomainsStatus | Unset = UNSET,
) -> Response[DomainPage | Error]:
    """List the project's domains (its owner or an admin).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectDomainsSort | Unset):  Default: 'createdAt'.
        order (ListProjectDomainsOrder | Unset):  Default: 'desc'.
        status (ListProjectDomainsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DomainPage | Error]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectDomainsSort | Unset = "createdAt",
    order: ListProjectDomainsOrder | Unset = "desc",
    status: ListProjectDomainsStatus | Unset = UNSET,
) -> DomainPage | Error | None:
    """List the project's domains (its owner or an admin).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectDomainsSort | Unset):  Default: 'createdAt'.
        order (ListProjectDomainsOrder | Unset):  Default: 'desc'.
        status (ListProjectDomainsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DomainPage | Error
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            status=status,
        )
    ).parsed
