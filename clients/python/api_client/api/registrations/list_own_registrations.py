from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_own_registrations_order import (
    ListOwnRegistrationsOrder,
)
from ...models.list_own_registrations_sort import (
    ListOwnRegistrationsSort,
)
from ...models.list_own_registrations_status import (
    ListOwnRegistrationsStatus,
)
from ...models.own_registration_page import OwnRegistrationPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListOwnRegistrationsSort | Unset = "createdAt",
    order: ListOwnRegistrationsOrder | Unset = "desc",
    status: ListOwnRegistrationsStatus | Unset = UNSET,
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
        "url": "/api/registrations",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | OwnRegistrationPage:
    if response.status_code == 200:
        response_200 = OwnRegistrationPage.from_dict(response.json())

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
) -> Response[Error | OwnRegistrationPage]:
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
    sort: ListOwnRegistrationsSort | Unset = "createdAt",
    order: ListOwnRegistrationsOrder | Unset = "desc",
    status: ListOwnRegistrationsStatus | Unset = UNSET,
) -> Response[Error | OwnRegistrationPage]:
    """List the caller's registrations, each with its festival.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListOwnRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListOwnRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListOwnRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OwnRegistrationPage]
    """

    kwargs = _get_kwargs(
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
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListOwnRegistrationsSort | Unset = "createdAt",
    order: ListOwnRegistrationsOrder | Unset = "desc",
    status: ListOwnRegistrationsStatus | Unset = UNSET,
) -> Error | OwnRegistrationPage | None:
    """List the caller's registrations, each with its festival.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListOwnRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListOwnRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListOwnRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OwnRegistrationPage
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListOwnRegistrationsSort | Unset = "createdAt",
    order: ListOwnRegistrationsOrder | Unset = "desc",
    status: ListOwnRegistrationsStatus | Unset = UNSET,
) -> Response[Error | OwnRegistrationPage]:
    """List the caller's registrations, each with its festival.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListOwnRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListOwnRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListOwnRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OwnRegistrationPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListOwnRegistrationsSort | Unset = "createdAt",
    order: ListOwnRegistrationsOrder | Unset = "desc",
    status: ListOwnRegistrationsStatus | Unset = UNSET,
) -> Error | OwnRegistrationPage | None:
    """List the caller's registrations, each with its festival.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListOwnRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListOwnRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListOwnRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OwnRegistrationPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            status=status,
        )
    ).parsed
