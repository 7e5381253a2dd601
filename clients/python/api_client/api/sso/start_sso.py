from http import HTTPStatus
from typing import Any, cast

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_error import AuthError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    email: str | Unset = UNSET,
    connection_id: str | Unset = UNSET,
    redirect_url: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["email"] = email

    params["connectionId"] = connection_id

    params["redirectUrl"] = redirect_url

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/auth/sso",
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
    *,
    client: AuthenticatedClient | Client,
    email: str | Unset = UNSET,
    connection_id: str | Unset = UNSET,
    redirect_url: str | Unset = UNSET,
) -> Response[Any | AuthError]:
    """Redirect to the identity provider of an address's project, or of a connection.

    Args:
        email (str | Unset):
        connection_id (str | Unset):
        redirect_url (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError]
    """

    kwargs = _get_kwargs(
        email=email,
        connection_id=connection_id,
        redirect_url=redirect_url,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    email: str | Unset = UNSET,
    connection_id: str | Unset = UNSET,
    redirect_url: str | Unset = UNSET,
) -> Any | AuthError | None:
    """Redirect to the identity provider of an address's project, or of a connection.

    Args:
        email (str | Unset):
        connection_id (str | Unset):
        redirect_url (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError
    """

    return sync_detailed(
        client=client,
        email=email,
        connection_id=connection_id,
        redirect_url=redirect_url,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    email: str | Unset = UNSET,
    connection_id: str | Unset = UNSET,
    redirect_url: str | Unset = UNSET,
) -> Response[Any | AuthError]:
    """Redirect to the identity provider of an address's project, or of a connection.

    Args:
        email (str | Unset):
        connection_id (str | Unset):
        redirect_url (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError]
    """

    kwargs = _get_kwargs(
        email=email,
        connection_id=connection_id,
        redirect_url=redirect_url,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    email: str | Unset = UNSET,
    connection_id: str | Unset = UNSET,
    redirect_url: str | Unset = UNSET,
) -> Any | AuthError | None:
    """Redirect to the identity provider of an address's project, or of a connection.

    Args:
        email (str | Unset):
        connection_id (str | Unset):
        redirect_url (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError
    """

    return (
        await asyncio_detailed(
            client=client,
            email=email,
            connection_id=connection_id,
            redirect_url=redirect_url,
        )
    ).parsed
