from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_delete_registration_response_401 import Oauth2DeleteRegistrationResponse401
from ...models.oauth_2_delete_registration_response_404 import Oauth2DeleteRegistrationResponse404
from ...types import Response


def _get_kwargs(
    client_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/oauth2/register/{client_id}".format(
            client_id=quote(str(client_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 401:
        response_401 = Oauth2DeleteRegistrationResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Oauth2DeleteRegistrationResponse404.from_dict(response.json())

        return response_404

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404
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
    Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404
]:
    """Delete a registration (RFC 7592 2.3): the client, its grants and its tokens go.

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404]
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
) -> Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404 | None:
    """Delete a registration (RFC 7592 2.3): the client, its grants and its tokens go.

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404
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
    Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404
]:
    """Delete a registration (RFC 7592 2.3): the client, its grants and its tokens go.

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404]
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
) -> Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404 | None:
    """Delete a registration (RFC 7592 2.3): the client, its grants and its tokens go.

    Args:
        client_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Oauth2DeleteRegistrationResponse401 | Oauth2DeleteRegistrationResponse404
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            client=client,
        )
    ).parsed
