from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.admin_user_page import AdminUserPage
from ...models.error import Error
from ...models.list_admin_users_order import ListAdminUsersOrder
from ...models.list_admin_users_role import ListAdminUsersRole
from ...models.list_admin_users_sort import ListAdminUsersSort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAdminUsersSort | Unset = "createdAt",
    order: ListAdminUsersOrder | Unset = "desc",
    role: ListAdminUsersRole | Unset = UNSET,
    banned: bool | Unset = UNSET,
    email_verified: bool | Unset = UNSET,
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

    json_role: str | Unset = UNSET
    if not isinstance(role, Unset):
        json_role = role

    params["role"] = json_role

    params["banned"] = banned

    params["emailVerified"] = email_verified

    params["q"] = q

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/users",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AdminUserPage | Error:
    if response.status_code == 200:
        response_200 = AdminUserPage.from_dict(response.json())

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
) -> Response[AdminUserPage | Error]:
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
    sort: ListAdminUsersSort | Unset = "createdAt",
    order: ListAdminUsersOrder | Unset = "desc",
    role: ListAdminUsersRole | Unset = UNSET,
    banned: bool | Unset = UNSET,
    email_verified: bool | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[AdminUserPage | Error]:
    """List users.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminUsersSort | Unset):  Default: 'createdAt'.
        order (ListAdminUsersOrder | Unset):  Default: 'desc'.
        role (ListAdminUsersRole | Unset):
        banned (bool | Unset):
        email_verified (bool | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminUserPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        role=role,
        banned=banned,
        email_verified=email_verified,
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
    sort: ListAdminUsersSort | Unset = "createdAt",
    order: ListAdminUsersOrder | Unset = "desc",
    role: ListAdminUsersRole | Unset = UNSET,
    banned: bool | Unset = UNSET,
    email_verified: bool | Unset = UNSET,
    q: str | Unset = UNSET,
) -> AdminUserPage | Error | None:
    """List users.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminUsersSort | Unset):  Default: 'createdAt'.
        order (ListAdminUsersOrder | Unset):  Default: 'desc'.
        role (ListAdminUsersRole | Unset):
        banned (bool | Unset):
        email_verified (bool | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminUserPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        role=role,
        banned=banned,
        email_verified=email_verified,
        q=q,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAdminUsersSort | Unset = "createdAt",
    order: ListAdminUsersOrder | Unset = "desc",
    role: ListAdminUsersRole | Unset = UNSET,
    banned: bool | Unset = UNSET,
    email_verified: bool | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[AdminUserPage | Error]:
    """List users.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminUsersSort | Unset):  Default: 'createdAt'.
        order (ListAdminUsersOrder | Unset):  Default: 'desc'.
        role (ListAdminUsersRole | Unset):
        banned (bool | Unset):
        email_verified (bool | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminUserPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        role=role,
        banned=banned,
        email_verified=email_verified,
        q=q,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAdminUsersSort | Unset = "createdAt",
    order: ListAdminUsersOrder | Unset = "desc",
    role: ListAdminUsersRole | Unset = UNSET,
    banned: bool | Unset = UNSET,
    email_verified: bool | Unset = UNSET,
    q: str | Unset = UNSET,
) -> AdminUserPage | Error | None:
    """List users.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAdminUsersSort | Unset):  Default: 'createdAt'.
        order (ListAdminUsersOrder | Unset):  Default: 'desc'.
        role (ListAdminUsersRole | Unset):
        banned (bool | Unset):
        email_verified (bool | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminUserPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            role=role,
            banned=banned,
            email_verified=email_verified,
            q=q,
        )
    ).parsed
