from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_error import AuthError
from ...models.passkey_created import PasskeyCreated
from ...models.passkey_register import PasskeyRegister
from ...models.passkey_register_step import PasskeyRegisterStep
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PasskeyRegister | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/passkey/register",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuthError | PasskeyCreated | PasskeyRegisterStep:
    if response.status_code == 200:
        response_200 = PasskeyRegisterStep.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = PasskeyCreated.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = AuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = AuthError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = AuthError.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = AuthError.from_dict(response.json())

        return response_429

    response_default = AuthError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AuthError | PasskeyCreated | PasskeyRegisterStep]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PasskeyRegister | Unset = UNSET,
) -> Response[AuthError | PasskeyCreated | PasskeyRegisterStep]:
    """Start (with {}) or finish (with challengeId and credential) adding a passkey.

    Args:
        body (PasskeyRegister | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | PasskeyCreated | PasskeyRegisterStep]
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
    body: PasskeyRegister | Unset = UNSET,
) -> AuthError | PasskeyCreated | PasskeyRegisterStep | None:
    """Start (with {}) or finish (with challengeId and credential) adding a passkey.

    Args:
        body (PasskeyRegister | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | PasskeyCreated | PasskeyRegisterStep
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PasskeyRegister | Unset = UNSET,
) -> Response[AuthError | PasskeyCreated | PasskeyRegisterStep]:
    """Start (with {}) or finish (with challengeId and credential) adding a passkey.

    Args:
        body (PasskeyRegister | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | PasskeyCreated | PasskeyRegisterStep]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PasskeyRegister | Unset = UNSET,
) -> AuthError | PasskeyCreated | PasskeyRegisterStep | None:
    """Start (with {}) or finish (with challengeId and credential) adding a passkey.

    Args:
        body (PasskeyRegister | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | PasskeyCreated | PasskeyRegisterStep
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
