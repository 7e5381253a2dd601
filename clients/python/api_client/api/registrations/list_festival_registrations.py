from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_festival_registrations_order import (
    ListFestivalRegistrationsOrder,
)
from ...models.list_festival_registrations_sort import (
    ListFestivalRegistrationsSort,
)
from ...models.list_festival_registrations_status import (
    ListFestivalRegistrationsStatus,
)
from ...models.registration_page import RegistrationPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    festival_id: str,
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalRegistrationsSort | Unset = "createdAt",
    order: ListFestivalRegistrationsOrder | Unset = "desc",
    status: ListFestivalRegistrationsStatus | Unset = UNSET,
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
        "url": "/api/festivals/{festival_id}/registrations".format(
            festival_id=quote(str(festival_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RegistrationPage:
    if response.status_code == 200:
        response_200 = RegistrationPage.from_dict(response.json())

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
) -> Response[Error | RegistrationPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    festival_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalRegistrationsSort | Unset = "createdAt",
    order: ListFestivalRegistrationsOrder | Unset = "desc",
    status: ListFestivalRegistrationsStatus | Unset = UNSET,
) -> Response[Error | RegistrationPage]:
    """List a festival's registrations (members of its project).

    Args:
        festival_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListFestivalRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RegistrationPage]
    """

    kwargs = _get_kwargs(
        festival_id=festival_id,
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
    festival_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalRegistrationsSort | Unset = "createdAt",
    order: ListFestivalRegistrationsOrder | Unset = "desc",
    status: ListFestivalRegistrationsStatus | Unset = UNSET,
) -> Error | RegistrationPage | None:
    """List a festival's registrations (members of its project).

    Args:
        festival_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListFestivalRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RegistrationPage
    """

    return sync_detailed(
        festival_id=festival_id,
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
    ).parsed


async def asyncio_detailed(
    festival_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalRegistrationsSort | Unset = "createdAt",
    order: ListFestivalRegistrationsOrder | Unset = "desc",
    status: ListFestivalRegistrationsStatus | Unset = UNSET,
) -> Response[Error | RegistrationPage]:
    """List a festival's registrations (members of its project).

    Args:
        festival_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListFestivalRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RegistrationPage]
    """

    kwargs = _get_kwargs(
        festival_id=festival_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    festival_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListFestivalRegistrationsSort | Unset = "createdAt",
    order: ListFestivalRegistrationsOrder | Unset = "desc",
    status: ListFestivalRegistrationsStatus | Unset = UNSET,
) -> Error | RegistrationPage | None:
    """List a festival's registrations (members of its project).

    Args:
        festival_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListFestivalRegistrationsSort | Unset):  Default: 'createdAt'.
        order (ListFestivalRegistrationsOrder | Unset):  Default: 'desc'.
        status (ListFestivalRegistrationsStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RegistrationPage
    """

    return (
        await asyncio_detailed(
            festival_id=festival_id,
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            status=status,
        )
    ).parsed
