from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_error import AuthError
from ...models.authorization_request_answer import AuthorizationRequestAnswer
from ...models.device_code import DeviceCode
from ...types import Response


def _get_kwargs(
    *,
    body: DeviceCode,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/device",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuthError | AuthorizationRequestAnswer:
    if response.status_code == 200:
        response_200 = AuthorizationRequestAnswer.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = AuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = AuthError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = AuthError.from_dict(response.json())

        return response_403

    response_default = AuthError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AuthError | AuthorizationRequestAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: DeviceCode,
) -> Response[AuthError | AuthorizationRequestAnswer]:
    """Enter the code a device shows: its authorization request, decided as any other.

    Args:
        body (DeviceCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | AuthorizationRequestAnswer]
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
    client: AuthenticatedClient,
    body: DeviceCode,
) -> AuthError | AuthorizationRequestAnswer | None:
    """Enter the code a device shows: its authorization request, decided as any other.

    Args:
        body (DeviceCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | AuthorizationRequestAnswer
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: DeviceCode,
) -> Response[AuthError | AuthorizationRequestAnswer]:
    """Enter the code a device shows: its authorization request, decided as any other.

    Args:
        body (DeviceCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | AuthorizationRequestAnswer]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: DeviceCode,
) -> AuthError | AuthorizationRequestAnswer | None:
    """Enter the code a device shows: its authorization request, decided as any other.

    Args:
        body (DeviceCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | AuthorizationRequestAnswer
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
