from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_error import AuthError
from ...models.start_o_auth_provider import StartOAuthProvider
from ...types import UNSET, Response, Unset


def _get_kwargs(
    provider: StartOAuthProvider,
    *,
    redirect_url: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["redirectUrl"] = redirect_url

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/auth/oauth/{provider}".format(
            provider=quote(str(provider), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | AuthError:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = AuthError.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = AuthError.from_dict(response.json())

        return response_404

    if response.status_code == 502:
        response_502 = AuthError.from_dict(response.json())

        return response_502

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
    provider: StartOAuthProvider,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
) -> Response[Any | AuthError]:
    """Redirect to the provider to sign in.

    Args:
        provider (StartOAuthProvider):
        redirect_url (str | Unset):  Example: https://app.example.com/signed-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError]
    """

    kwargs = _get_kwargs(
        provider=provider,
        redirect_url=redirect_url,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    provider: StartOAuthProvider,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
) -> Any | AuthError | None:
    """Redirect to the provider to sign in.

    Args:
        provider (StartOAuthProvider):
        redirect_url (str | Unset):  Example: https://app.example.com/signed-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError
    """

    return sync_detailed(
        provider=provider,
        client=client,
        redirect_url=redirect_url,
    ).parsed


async def asyncio_detailed(
    provider: StartOAuthProvider,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
) -> Response[Any | AuthError]:
    """Redirect to the provider to sign in.

    Args:
        provider (StartOAuthProvider):
        redirect_url (str | Unset):  Example: https://app.example.com/signed-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError]
    """

    kwargs = _get_kwargs(
        provider=provider,
        redirect_url=redirect_url,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    provider: StartOAuthProvider,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
) -> Any | AuthError | None:
    """Redirect to the provider to sign in.

    Args:
        provider (StartOAuthProvider):
        redirect_url (str | Unset):  Example: https://app.example.com/signed-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError
    """

    return (
        await asyncio_detailed(
            provider=provider,
            client=client,
            redirect_url=redirect_url,
        )
    ).parsed
