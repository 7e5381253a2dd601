from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.acs_form import AcsForm
from ...models.auth_error import AuthError
from ...models.auth_result import AuthResult
from ...types import Response


def _get_kwargs(
    connection_id: str,
    *,
    body: AcsForm,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/sso/saml/{connection_id}/acs".format(
            connection_id=quote(str(connection_id), safe=""),
        ),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | AuthError | AuthResult:
    if response.status_code == 200:
        response_200 = AuthResult.from_dict(response.json())

        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = AuthError.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = AuthError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = AuthError.from_dict(response.json())

        return response_404

    response_default = AuthError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | AuthError | AuthResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AcsForm,
) -> Response[Any | AuthError | AuthResult]:
    """The assertion consumer: the identity provider's page posts SAMLResponse and RelayState
    (an IdP-initiated Response, answering no request, where the connection allows it).

    Args:
        connection_id (str):
        body (AcsForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError | AuthResult]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AcsForm,
) -> Any | AuthError | AuthResult | None:
    """The assertion consumer: the identity provider's page posts SAMLResponse and RelayState
    (an IdP-initiated Response, answering no request, where the connection allows it).

    Args:
        connection_id (str):
        body (AcsForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError | AuthResult
    """

    return sync_detailed(
        connection_id=connection_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AcsForm,
) -> Response[Any | AuthError | AuthResult]:
    """The assertion consumer: the identity provider's page posts SAMLResponse and RelayState
    (an IdP-initiated Response, answering no request, where the connection allows it).

    Args:
        connection_id (str):
        body (AcsForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthError | AuthResult]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AcsForm,
) -> Any | AuthError | AuthResult | None:
    """The assertion consumer: the identity provider's page posts SAMLResponse and RelayState
    (an IdP-initiated Response, answering no request, where the connection allows it).

    Args:
        connection_id (str):
        body (AcsForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthError | AuthResult
    """

    return (
        await asyncio_detailed(
            connection_id=connection_id,
            client=client,
            body=body,
        )
    ).parsed
