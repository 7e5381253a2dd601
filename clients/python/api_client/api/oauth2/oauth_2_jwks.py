from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_jwks_response_200 import Oauth2JwksResponse200
from ...models.oauth_2_jwks_response_429 import Oauth2JwksResponse429
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/oauth2/jwks",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Oauth2JwksResponse200 | Oauth2JwksResponse429:
    if response.status_code == 200:
        response_200 = Oauth2JwksResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 429:
        response_429 = Oauth2JwksResponse429.from_dict(response.json())

        return response_429

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Oauth2JwksResponse200 | Oauth2JwksResponse429]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | Oauth2JwksResponse200 | Oauth2JwksResponse429]:
    """The public keys that sign the service's tokens (RFC 7517), retired ones included until
    the tokens they signed have expired.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2JwksResponse200 | Oauth2JwksResponse429]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | Oauth2JwksResponse200 | Oauth2JwksResponse429 | None:
    """The public keys that sign the service's tokens (RFC 7517), retired ones included until
    the tokens they signed have expired.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2JwksResponse200 | Oauth2JwksResponse429
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | Oauth2JwksResponse200 | Oauth2JwksResponse429]:
    """The public keys that sign the service's tokens (RFC 7517), retired ones included until
    the tokens they signed have expired.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2JwksResponse200 | Oauth2JwksResponse429]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | Oauth2JwksResponse200 | Oauth2JwksResponse429 | None:
    """The public keys that sign the service's tokens (RFC 7517), retired ones included until
    the tokens they signed have expired.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2JwksResponse200 | Oauth2JwksResponse429
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
