from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_error import AuthError
from ...models.proof import Proof
from ...models.two_factor_setup import TwoFactorSetup
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Proof | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/two-factor/enable",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuthError | TwoFactorSetup:
    if response.status_code == 200:
        response_200 = TwoFactorSetup.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = AuthError.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = AuthError.from_dict(response.json())

        return response_429

    response_default = AuthError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AuthError | TwoFactorSetup]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: Proof | Unset = UNSET,
) -> Response[AuthError | TwoFactorSetup]:
    """Start two-factor enrolment: a new pending TOTP secret and its QR code.

    Args:
        body (Proof | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | TwoFactorSetup]
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
    body: Proof | Unset = UNSET,
) -> AuthError | TwoFactorSetup | None:
    """Start two-factor enrolment: a new pending TOTP secret and its QR code.

    Args:
        body (Proof | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | TwoFactorSetup
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: Proof | Unset = UNSET,
) -> Response[AuthError | TwoFactorSetup]:
    """Start two-factor enrolment: a new pending TOTP secret and its QR code.

    Args:
        body (Proof | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthError | TwoFactorSetup]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: Proof | Unset = UNSET,
) -> AuthError | TwoFactorSetup | None:
    """Start two-factor enrolment: a new pending TOTP secret and its QR code.

    Args:
        body (Proof | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthError | TwoFactorSetup
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
