from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.registration_data import RegistrationData
from ...types import Response


def _get_kwargs(
    festival_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/festivals/{festival_id}/registrations".format(
            festival_id=quote(str(festival_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RegistrationData:
    if response.status_code == 201:
        response_201 = RegistrationData.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | RegistrationData]:
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
) -> Response[Error | RegistrationData]:
    """Register for a festival: CONFIRMED while places last, else WAITLISTED.

    Args:
        festival_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RegistrationData]
    """

    kwargs = _get_kwargs(
        festival_id=festival_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    festival_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | RegistrationData | None:
    """Register for a festival: CONFIRMED while places last, else WAITLISTED.

    Args:
        festival_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RegistrationData
    """

    return sync_detailed(
        festival_id=festival_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    festival_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | RegistrationData]:
    """Register for a festival: CONFIRMED while places last, else WAITLISTED.

    Args:
        festival_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RegistrationData]
    """

    kwargs = _get_kwargs(
        festival_id=festival_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    festival_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | RegistrationData | None:
    """Register for a festival: CONFIRMED while places last, else WAITLISTED.

    Args:
        festival_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RegistrationData
    """

    return (
        await asyncio_detailed(
            festival_id=festival_id,
            client=client,
        )
    ).parsed
