from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_update_registration_body import Oauth2UpdateRegistrationBody
from ...models.oauth_2_update_registration_response_200 import Oauth2UpdateRegistrationResponse200
from ...models.oauth_2_update_registration_response_400 import Oauth2UpdateRegistrationResponse400
from ...models.oauth_2_update_registration_response_401 import Oauth2UpdateRegistrationResponse401
from ...models.oauth_2_update_registration_response_404 import Oauth2UpdateRegistrationResponse404
from ...types import Response


def _get_kwargs(
    client_id: str,
    *,
    body: Oauth2UpdateRegistrationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/oauth2/register/{client_id}".format(
            client_id=quote(str(client_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Error
    | Oauth2UpdateRegistrationResponse200
    | Oauth2UpdateRegistrationResponse400
    | Oauth2UpdateRegistrationResponse401
    | Oauth2UpdateRegistrationResponse404
):
    if response.status_code == 200:
        response_200 = Oauth2UpdateRegistrationResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Oauth2UpdateRegistrationResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Oauth2UpdateRegistrationResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Oauth2UpdateRegistrationResponse404.from_dict(response.json())

        return response_404

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Error
    | Oauth2UpdateRegistrationResponse200
    | Oauth2UpdateRegistrationResponse400
    | Oauth2UpdateRegistrationResponse401
    | Oauth2UpdateRegistrationResponse404
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
    body: Oauth2UpdateRegistrationBody,
) -> Response[
    Error
    | Oauth2UpdateRegistrationResponse200
    | Oauth2UpdateRegistrationResponse400
    | Oauth2UpdateRegistrationResponse401
    | Oauth2UpdateRegistrationResponse404
]:
    """Replace a registration's metadata (RFC 7592 2.2): the body holds all of it and the
    client_id; a new secret comes when the client becomes confidential or its secret expired.

    Args:
        client_id (str):
        body (Oauth2UpdateRegistrationBody): RFC 7591's client metadata: redirect_uris,
            client_name, token_endpoint_auth_method, grant_types, application_type, logo_uri,
            client_uri, scope, id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2UpdateRegistrationResponse200 | Oauth2UpdateRegistrationResponse400 | Oauth2UpdateRegistrationResponse401 | Oauth2UpdateRegistrationResponse404]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    client_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2UpdateRegistrationBody,
) -> (
    Error
    | Oauth2UpdateRegistrationResponse200
    | Oauth2UpdateRegistrationResponse400
    | Oauth2UpdateRegistrationResponse401
    | Oauth2UpdateRegistrationResponse404
    | None
):
    """Replace a registration's metadata (RFC 7592 2.2): the body holds all of it and the
    client_id; a new secret comes when the client becomes confidential or its secret expired.

    Args:
        client_id (str):
        body (Oauth2UpdateRegistrationBody): RFC 7591's client metadata: redirect_uris,
            client_name, token_endpoint_auth_method, grant_types, application_type, logo_uri,
            client_uri, scope, id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2UpdateRegistrationResponse200 | Oauth2UpdateRegistrationResponse400 | Oauth2UpdateRegistrationResponse401 | Oauth2UpdateRegistrationResponse404
    """

    return sync_detailed(
        client_id=client_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    client_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2UpdateRegistrationBody,
) -> Response[
    Error
    | Oauth2UpdateRegistrationResponse200
    | Oauth2UpdateRegistrationResponse400
    | Oauth2UpdateRegistrationResponse401
    | Oauth2UpdateRegistrationResponse404
]:
    """Replace a registration's metadata (RFC 7592 2.2): the body holds all of it and the
    client_id; a new secret comes when the client becomes confidential or its secret expired.

    Args:
        client_id (str):
        body (Oauth2UpdateRegistrationBody): RFC 7591's client metadata: redirect_uris,
            client_name, token_endpoint_auth_method, grant_types, application_type, logo_uri,
            client_uri, scope, id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2UpdateRegistrationResponse200 | Oauth2UpdateRegistrationResponse400 | Oauth2UpdateRegistrationResponse401 | Oauth2UpdateRegistrationResponse404]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    client_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2UpdateRegistrationBody,
) -> (
    Error
    | Oauth2UpdateRegistrationResponse200
    | Oauth2UpdateRegistrationResponse400
    | Oauth2UpdateRegistrationResponse401
    | Oauth2UpdateRegistrationResponse404
    | None
):
    """Replace a registration's metadata (RFC 7592 2.2): the body holds all of it and the
    client_id; a new secret comes when the client becomes confidential or its secret expired.

    Args:
        client_id (str):
        body (Oauth2UpdateRegistrationBody): RFC 7591's client metadata: redirect_uris,
            client_name, token_endpoint_auth_method, grant_types, application_type, logo_uri,
            client_uri, scope, id_token_signed_response_alg (other members ignored)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2UpdateRegistrationResponse200 | Oauth2UpdateRegistrationResponse400 | Oauth2UpdateRegistrationResponse401 | Oauth2UpdateRegistrationResponse404
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            client=client,
            body=body,
        )
    ).parsed
