from http import HTTPStatus
from typing import Any, cast

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.oauth_2_user_info_by_post_body import Oauth2UserInfoByPostBody
from ...models.oauth_2_user_info_by_post_response_200 import Oauth2UserInfoByPostResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Oauth2UserInfoByPostBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/oauth2/userinfo",
    }

    if not isinstance(body, Unset):
        _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | Oauth2UserInfoByPostResponse200:
    if response.status_code == 200:
        response_200 = Oauth2UserInfoByPostResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = cast(Any, None)
        return response_401

    if response.status_code == 403:
        response_403 = cast(Any, None)
        return response_403

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | Oauth2UserInfoByPostResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2UserInfoByPostBody | Unset = UNSET,
) -> Response[Any | Error | Oauth2UserInfoByPostResponse200]:
    """The same claims, asked by POST (OpenID Connect Core 5.3.1).

    Args:
        body (Oauth2UserInfoByPostBody | Unset): Nothing: the token is the Authorization header's

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Oauth2UserInfoByPostResponse200]
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
    body: Oauth2UserInfoByPostBody | Unset = UNSET,
) -> Any | Error | Oauth2UserInfoByPostResponse200 | None:
    """The same claims, asked by POST (OpenID Connect Core 5.3.1).

    Args:
        body (Oauth2UserInfoByPostBody | Unset): Nothing: the token is the Authorization header's

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Oauth2UserInfoByPostResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2UserInfoByPostBody | Unset = UNSET,
) -> Response[Any | Error | Oauth2UserInfoByPostResponse200]:
    """The same claims, asked by POST (OpenID Connect Core 5.3.1).

    Args:
        body (Oauth2UserInfoByPostBody | Unset): Nothing: the token is the Authorization header's

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Oauth2UserInfoByPostResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Oauth2UserInfoByPostBody | Unset = UNSET,
) -> Any | Error | Oauth2UserInfoByPostResponse200 | None:
    """The same claims, asked by POST (OpenID Connect Core 5.3.1).

    Args:
        body (Oauth2UserInfoByPostBody | Unset): Nothing: the token is the Authorization header's

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Oauth2UserInfoByPostResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
