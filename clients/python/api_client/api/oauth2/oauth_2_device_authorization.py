from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_device_authorization_body import Oauth2DeviceAuthorizationBody
from ...models.oauth_2_device_authorization_response_200 import Oauth2DeviceAuthorizationResponse200
from ...models.oauth_2_device_authorization_response_400 import Oauth2DeviceAuthorizationResponse400
from ...models.oauth_2_device_authorization_response_401 import Oauth2DeviceAuthorizationResponse401
from ...models.oauth_2_device_authorization_response_429 import Oauth2DeviceAuthorizationResponse429
from ...types import Response


def _get_kwargs(
    *,
    body: Oauth2DeviceAuthorizationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/oauth2/device_authorization",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Error
    | Oauth2DeviceAuthorizationResponse200
    | Oauth2DeviceAuthorizationResponse400
    | Oauth2DeviceAuthorizationResponse401
    | Oauth2DeviceAuthorizationResponse429
):
    if response.status_code == 200:
        response_200 = Oauth2DeviceAuthorizationResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Oauth2DeviceAuthorizationResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Oauth2DeviceAuthorizationResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Oauth2DeviceAuthorizationResponse429.from_dict(response.json())

        return response_429

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Error
    | Oauth2DeviceAuthorizationResponse200
    | Oauth2DeviceAuthorizationResponse400
    | Oauth2DeviceAuthorizationResponse401
    | Oauth2DeviceAuthorizationResponse429
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
    body: Oauth2DeviceAuthorizationBody,
) -> Response[
    Error
    | Oauth2DeviceAuthorizationResponse200
    | Oauth2DeviceAuthorizationResponse400
    | Oauth2DeviceAuthorizationResponse401
    | Oauth2DeviceAuthorizationResponse429
]:
    """Start a device authorization (RFC 8628 3.1): the codes, where the user enters the user code, how
    often to poll.

    Args:
        body (Oauth2DeviceAuthorizationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2DeviceAuthorizationResponse200 | Oauth2DeviceAuthorizationResponse400 | Oauth2DeviceAuthorizationResponse401 | Oauth2DeviceAuthorizationResponse429]
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
    body: Oauth2DeviceAuthorizationBody,
) -> (
    Error
    | Oauth2DeviceAuthorizationResponse200
    | Oauth2DeviceAuthorizationResponse400
    | Oauth2DeviceAuthorizationResponse401
    | Oauth2DeviceAuthorizationResponse429
    | None
):
    """Start a device authorization (RFC 8628 3.1): the codes, where the user enters the user code, how
    often to poll.

    Args:
        body (Oauth2DeviceAuthorizationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2DeviceAuthorizationResponse200 | Oauth2DeviceAuthorizationResponse400 | Oauth2DeviceAuthorizationResponse401 | Oauth2DeviceAuthorizationResponse429
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2DeviceAuthorizationBody,
) -> Response[
    Error
    | Oauth2DeviceAuthorizationResponse200
    | Oauth2DeviceAuthorizationResponse400
    | Oauth2DeviceAuthorizationResponse401
    | Oauth2DeviceAuthorizationResponse429
]:
    """Start a device authorization (RFC 8628 3.1): the codes, where the user enters the user code, how
    often to poll.

    Args:
        body (Oauth2DeviceAuthorizationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Oauth2DeviceAuthorizationResponse200 | Oauth2DeviceAuthorizationResponse400 | Oauth2DeviceAuthorizationResponse401 | Oauth2DeviceAuthorizationResponse429]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2DeviceAuthorizationBody,
) -> (
    Error
    | Oauth2DeviceAuthorizationResponse200
    | Oauth2DeviceAuthorizationResponse400
    | Oauth2DeviceAuthorizationResponse401
    | Oauth2DeviceAuthorizationResponse429
    | None
):
    """Start a device authorization (RFC 8628 3.1): the codes, where the user enters the user code, how
    often to poll.

    Args:
        body (Oauth2DeviceAuthorizationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Oauth2DeviceAuthorizationResponse200 | Oauth2DeviceAuthorizationResponse400 | Oauth2DeviceAuthorizationResponse401 | Oauth2DeviceAuthorizationResponse429
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
