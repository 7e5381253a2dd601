from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.hit_page import HitPage
from ...models.search_type import SearchType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    q: str,
    type_: SearchType | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit

    params["q"] = q

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/search",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | HitPage:
    if response.status_code == 200:
        response_200 = HitPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | HitPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    q: str,
    type_: SearchType | Unset = UNSET,
) -> Response[Error | HitPage]:
    """Search the articles, festivals and tickets the caller may see.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        q (str):
        type_ (SearchType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HitPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        q=q,
        type_=type_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    q: str,
    type_: SearchType | Unset = UNSET,
) -> Error | HitPage | None:
    """Search the articles, festivals and tickets the caller may see.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        q (str):
        type_ (SearchType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HitPage
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        q=q,
        type_=type_,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    q: str,
    type_: SearchType | Unset = UNSET,
) -> Response[Error | HitPage]:
    """Search the articles, festivals and tickets the caller may see.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        q (str):
        type_ (SearchType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HitPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        q=q,
        type_=type_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    q: str,
    type_: SearchType | Unset = UNSET,
) -> Error | HitPage | None:
    """Search the articles, festivals and tickets the caller may see.

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        q (str):
        type_ (SearchType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HitPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            q=q,
            type_=type_,
        )
    ).parsed
