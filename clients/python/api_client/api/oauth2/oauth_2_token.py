from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_token_body import Oauth2TokenBody
from ...models.oauth_2_token_response_200 import Oauth2TokenResponse200
from ...models.oauth_2_token_response_400 import Oauth2TokenResponse400
from ...models.oauth_2_token_response_401 import Oauth2TokenResponse401
from ...models.oauth_2_token_response_429 import Oauth2TokenResponse429
from ...types import Response


def _get_kwargs(
    *,
    body: Oauth2TokenBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/oauth2/token",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Error
    | Oauth2TokenResponse200
    | Oauth2TokenResponse400
    | Oauth2TokenResponse401
    | Oauth2TokenResponse429
):
    if response.status_code == 200:
        response_200 = Oauth2TokenResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Oauth2TokenResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Oauth2TokenResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Oauth2TokenResponse429.from_dict(response.json())

        return response_429

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Error
    | Oauth2TokenResponse200
    | Oauth2TokenResponse400
    | Oauth2TokenResponse401
    | Oauth2TokenResponse429
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2TokenBody,
) -> Response[
    Error
    | Oauth2TokenResponse200
    | Oauth2TokenResponse400
    | Oauth2TokenResponse401
    | Oauth2TokenResponse429
]:
    """Exchange a code or a refresh token for tokens (RFC 6749 4.1.3, 6).

    Args:
        body (Oauth2TokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2TokenResponse200 | Oauth2TokenResponse400 | Oauth2TokenResponse401 | Oauth2TokenResponse429]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2TokenBody,
) -> (
    Error
    | Oauth2TokenResponse200
    | Oauth2TokenResponse400
    | Oauth2TokenResponse401
    | Oauth2TokenResponse429
    | None
):
    """Exchange a code or a refresh token for tokens (RFC 6749 4.1.3, 6).

    Args:
        body (Oauth2TokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2TokenResponse200 | Oauth2TokenResponse400 | Oauth2TokenResponse401 | Oauth2TokenResponse429
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2TokenBody,
) -> Response[
    Error
    | Oauth2TokenResponse200
    | Oauth2TokenResponse400
    | Oauth2TokenResponse401
    | Oauth2TokenResponse429
]:
    """Exchange a code or a refresh token for tokens (RFC 6749 4.1.3, 6).

    Args:
        body (Oauth2TokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2TokenResponse200 | Oauth2TokenResponse400 | Oauth2TokenResponse401 | Oauth2TokenResponse429]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2TokenBody,
) -> (
    Error
    | Oauth2TokenResponse200
    | Oauth2TokenResponse400
    | Oauth2TokenResponse401
    | Oauth2TokenResponse429
    | None
):
    """Exchange a code or a refresh token for tokens (RFC 6749 4.1.3, 6).

    Args:
        body (Oauth2TokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2TokenResponse200 | Oauth2TokenResponse400 | Oauth2TokenResponse401 | Oauth2TokenResponse429
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
