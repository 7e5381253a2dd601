from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_register_body import Oauth2RegisterBody
from ...models.oauth_2_register_response_201 import Oauth2RegisterResponse201
from ...models.oauth_2_register_response_400 import Oauth2RegisterResponse400
from ...models.oauth_2_register_response_404 import Oauth2RegisterResponse404
from ...models.oauth_2_register_response_429 import Oauth2RegisterResponse429
from ...types import Response


def _get_kwargs(
    *,
    body: Oauth2RegisterBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/oauth2/register",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Error
    | Oauth2RegisterResponse201
    | Oauth2RegisterResponse400
    | Oauth2RegisterResponse404
    | Oauth2RegisterResponse429
):
    if response.status_code == 201:
        response_201 = Oauth2RegisterResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Oauth2RegisterResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Oauth2RegisterResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Oauth2RegisterResponse429.from_dict(response.json())

        return response_429

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Error
    | Oauth2RegisterResponse201
    | Oauth2RegisterResponse400
    | Oauth2RegisterResponse404
    | Oauth2RegisterResponse429
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
    body: Oauth2RegisterBody,
) -> Response[
    Error
    | Oauth2RegisterResponse201
    | Oauth2RegisterResponse400
    | Oauth2RegisterResponse404
    | Oauth2RegisterResponse429
]:
    """Register a client with no prior registration (RFC 7591): its id, a secret for a
    confidential one, and the registration access token that manages it (RFC 7592).

    Args:
        body (Oauth2RegisterBody): RFC 7591's client metadata: redirect_uris, client_name,
            token_endpoint_auth_method, grant_types, application_type, logo_uri, client_uri, scope,
            id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2RegisterResponse201 | Oauth2RegisterResponse400 | Oauth2RegisterResponse404 | Oauth2RegisterResponse429]
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
    body: Oauth2RegisterBody,
) -> (
    Error
    | Oauth2RegisterResponse201
    | Oauth2RegisterResponse400
    | Oauth2RegisterResponse404
    | Oauth2RegisterResponse429
    | None
):
    """Register a client with no prior registration (RFC 7591): its id, a secret for a
    confidential one, and the registration access token that manages it (RFC 7592).

    Args:
        body (Oauth2RegisterBody): RFC 7591's client metadata: redirect_uris, client_name,
            token_endpoint_auth_method, grant_types, application_type, logo_uri, client_uri, scope,
            id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2RegisterResponse201 | Oauth2RegisterResponse400 | Oauth2RegisterResponse404 | Oauth2RegisterResponse429
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2RegisterBody,
) -> Response[
    Error
    | Oauth2RegisterResponse201
    | Oauth2RegisterResponse400
    | Oauth2RegisterResponse404
    | Oauth2RegisterResponse429
]:
    """Register a client with no prior registration (RFC 7591): its id, a secret for a
    confidential one, and the registration access token that manages it (RFC 7592).

    Args:
        body (Oauth2RegisterBody): RFC 7591's client metadata: redirect_uris, client_name,
            token_endpoint_auth_method, grant_types, application_type, logo_uri, client_uri, scope,
            id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2RegisterResponse201 | Oauth2RegisterResponse400 | Oauth2RegisterResponse404 | Oauth2RegisterResponse429]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2RegisterBody,
) -> (
    Error
    | Oauth2RegisterResponse201
    | Oauth2RegisterResponse400
    | Oauth2RegisterResponse404
    | Oauth2RegisterResponse429
    | None
):
    """Register a client with no prior registration (RFC 7591): its id, a secret for a
    confidential one, and the registration access token that manages it (RFC 7592).

    Args:
        body (Oauth2RegisterBody): RFC 7591's client metadata: redirect_uris, client_name,
            token_endpoint_auth_method, grant_types, application_type, logo_uri, client_uri, scope,
            id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2RegisterResponse201 | Oauth2RegisterResponse400 | Oauth2RegisterResponse404 | Oauth2RegisterResponse429
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
