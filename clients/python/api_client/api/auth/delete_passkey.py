from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_error import AuthError
from ...models.proof import Proof
from ...types import Response


def _get_kwargs(
    passkey_id: str,
    *,
    body: Proof,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/auth/passkeys/{passkey_id}".format(
            passkey_id=quote(str(passkey_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | AuthError:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = AuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = AuthError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = AuthError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = AuthError.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = AuthError.from_dict(response.json())

        return response_429

    response_default = AuthError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | AuthError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    passkey_id: str,
    *,
    client: AuthenticatedClient,
    body: Proof,
) -> Response[Any | AuthError]:
    """Remove one of the caller's passkeys, with the proof of a sensitive change.

    Args:
        passkey_id (str):
        body (Proof):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError]
    """

    kwargs = _get_kwargs(
        passkey_id=passkey_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    passkey_id: str,
    *,
    client: AuthenticatedClient,
    body: Proof,
) -> Any | AuthError | None:
    """Remove one of the caller's passkeys, with the proof of a sensitive change.

    Args:
        passkey_id (str):
        body (Proof):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError
    """

    return sync_detailed(
        passkey_id=passkey_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    passkey_id: str,
    *,
    client: AuthenticatedClient,
    body: Proof,
) -> Response[Any | AuthError]:
    """Remove one of the caller's passkeys, with the proof of a sensitive change.

    Args:
        passkey_id (str):
        body (Proof):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError]
    """

    kwargs = _get_kwargs(
        passkey_id=passkey_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    passkey_id: str,
    *,
    client: AuthenticatedClient,
    body: Proof,
) -> Any | AuthError | None:
    """Remove one of the caller's passkeys, with the proof of a sensitive change.

    Args:
        passkey_id (str):
        body (Proof):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError
    """

    return (
        await asyncio_detailed(
            passkey_id=passkey_id,
            client=client,
            body=body,
        )
    ).parsed
