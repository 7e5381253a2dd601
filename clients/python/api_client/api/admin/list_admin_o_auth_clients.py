from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.admin_client_page import AdminClientPage
from ...models.error import Error
from ...models.list_admin_o_auth_clients_kind import (
    ListAdminOAuthClientsKind,
)
from ...models.list_admin_o_auth_clients_order import (
    ListAdminOAuthClientsOrder,
)
from ...models.list_admin_o_auth_clients_sort import (
    ListAdminOAuthClientsSort,
)
from ...models.list_admin_o_auth_clients_status import (
    ListAdminOAuthClientsStatus,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAdminOAuthClientsSort | Unset = "createdAt",
    order: ListAdminOAuthClientsOrder | Unset = "desc",
    kind: ListAdminOAuthClientsKind | Unset = UNSET,
    status: ListAdminOAuthClientsStatus | Unset = UNSET,
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

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind

    params["kind"] = json_kind

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["q"] = q

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/oauth-clients",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AdminClientPage | Error:
    if response.status_code == 200:
        response_200 = AdminClientPage.from_dict(response.json())

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

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AdminClientPage | Error]:
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
    sort: ListAdminOAuthClientsSort | Unset = "createdAt",
    order: ListAdminOAuthClientsOrder | Unset = "desc",
    kind: ListAdminOAuthClientsKind | Unset = UNSET,
    status: ListAdminOAuthClientsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[AdminClientPage | Error]:
    """List every OAuth client, of every kind, with its number of live grants.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminOAuthClientsSort | Unset):  Default: 'createdAt'.
        order (ListAdminOAuthClientsOrder | Unset):  Default: 'desc'.
        kind (ListAdminOAuthClientsKind | Unset):
        status (ListAdminOAuthClientsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminClientPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        kind=kind,
        status=status,
        q=q,
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
    sort: ListAdminOAuthClientsSort | Unset = "createdAt",
    order: ListAdminOAuthClientsOrder | Unset = "desc",
    kind: ListAdminOAuthClientsKind | Unset = UNSET,
    status: ListAdminOAuthClientsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> AdminClientPage | Error | None:
    """List every OAuth client, of every kind, with its number of live grants.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminOAuthClientsSort | Unset):  Default: 'createdAt'.
        order (ListAdminOAuthClientsOrder | Unset):  Default: 'desc'.
        kind (ListAdminOAuthClientsKind | Unset):
        status (ListAdminOAuthClientsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminClientPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        kind=kind,
        status=status,
        q=q,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAdminOAuthClientsSort | Unset = "createdAt",
    order: ListAdminOAuthClientsOrder | Unset = "desc",
    kind: ListAdminOAuthClientsKind | Unset = UNSET,
    status: ListAdminOAuthClientsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[AdminClientPage | Error]:
    """List every OAuth client, of every kind, with its number of live grants.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminOAuthClientsSort | Unset):  Default: 'createdAt'.
        order (ListAdminOAuthClientsOrder | Unset):  Default: 'desc'.
        kind (ListAdminOAuthClientsKind | Unset):
        status (ListAdminOAuthClientsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminClientPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        kind=kind,
        status=status,
        q=q,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAdminOAuthClientsSort | Unset = "createdAt",
    order: ListAdminOAuthClientsOrder | Unset = "desc",
    kind: ListAdminOAuthClientsKind | Unset = UNSET,
    status: ListAdminOAuthClientsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> AdminClientPage | Error | None:
    """List every OAuth client, of every kind, with its number of live grants.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminOAuthClientsSort | Unset):  Default: 'createdAt'.
        order (ListAdminOAuthClientsOrder | Unset):  Default: 'desc'.
        kind (ListAdminOAuthClientsKind | Unset):
        status (ListAdminOAuthClientsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminClientPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            kind=kind,
            status=status,
            q=q,
        )
    ).parsed
