from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_read_registration_response_200 import Oauth2ReadRegistrationResponse200
from ...models.oauth_2_read_registration_response_401 import Oauth2ReadRegistrationResponse401
from ...models.oauth_2_read_registration_response_404 import Oauth2ReadRegistrationResponse404
from ...types import Response


def _get_kwargs(
    client_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/oauth2/register/{client_id}".format(
            client_id=quote(str(client_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Error
    | Oauth2ReadRegistrationResponse200
    | Oauth2ReadRegistrationResponse401
    | Oauth2ReadRegistrationResponse404
):
    if response.status_code == 200:
        response_200 = Oauth2ReadRegistrationResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Oauth2ReadRegistrationResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Oauth2ReadRegistrationResponse404.from_dict(response.json())

        return response_404

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Error
    | Oauth2ReadRegistrationResponse200
    | Oauth2ReadRegistrationResponse401
    | Oauth2ReadRegistrationResponse404
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    client_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    Error
    | Oauth2ReadRegistrationResponse200
    | Oauth2ReadRegistrationResponse401
    | Oauth2ReadRegistrationResponse404
]:
    """Read a registration with its registration access token (RFC 7592 2.1).

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2ReadRegistrationResponse200 | Oauth2ReadRegistrationResponse401 | Oauth2ReadRegistrationResponse404]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    client_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> (
    Error
    | Oauth2ReadRegistrationResponse200
    | Oauth2ReadRegistrationResponse401
    | Oauth2ReadRegistrationResponse404
    | None
):
    """Read a registration with its registration access token (RFC 7592 2.1).

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2ReadRegistrationResponse200 | Oauth2ReadRegistrationResponse401 | Oauth2ReadRegistrationResponse404
    """

    return sync_detailed(
        client_id=client_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    client_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    Error
    | Oauth2ReadRegistrationResponse200
    | Oauth2ReadRegistrationResponse401
    | Oauth2ReadRegistrationResponse404
]:
    """Read a registration with its registration access token (RFC 7592 2.1).

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2ReadRegistrationResponse200 | Oauth2ReadRegistrationResponse401 | Oauth2ReadRegistrationResponse404]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    client_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> (
    Error
    | Oauth2ReadRegistrationResponse200
    | Oauth2ReadRegistrationResponse401
    | Oauth2ReadRegistrationResponse404
    | None
):
    """Read a registration with its registration access token (RFC 7592 2.1).

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2ReadRegistrationResponse200 | Oauth2ReadRegistrationResponse401 | Oauth2ReadRegistrationResponse404
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            client=client,
        )
    ).parsed
