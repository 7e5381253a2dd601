from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.article_page import ArticlePage
from ...models.error import Error
from ...models.list_articles_order import ListArticlesOrder
from ...models.list_articles_sort import ListArticlesSort
from ...models.list_articles_status import ListArticlesStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListArticlesSort | Unset = "createdAt",
    order: ListArticlesOrder | Unset = "desc",
    status: ListArticlesStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    author_id: str | Unset = UNSET,
    tag: str | Unset = UNSET,
    slug: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order

    params["order"] = json_order

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["projectId"] = project_id

    params["authorId"] = author_id

    params["tag"] = tag

    params["slug"] = slug

    params["q"] = q

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/articles",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ArticlePage | Error:
    if response.status_code == 200:
        response_200 = ArticlePage.from_dict(response.json())

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
) -> Response[ArticlePage | Error]:
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
    sort: ListArticlesSort | Unset = "createdAt",
    order: ListArticlesOrder | Unset = "desc",
    status: ListArticlesStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    author_id: str | Unset = UNSET,
    tag: str | Unset = UNSET,
    slug: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[ArticlePage | Error]:
    """List the articles the caller may see (PUBLISHED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListArticlesSort | Unset):  Default: 'createdAt'.
        order (ListArticlesOrder | Unset):  Default: 'desc'.
        status (ListArticlesStatus | Unset):
        project_id (str | Unset):
        author_id (str | Unset):
        tag (str | Unset):
        slug (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArticlePage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        project_id=project_id,
        author_id=author_id,
        tag=tag,
        slug=slug,
        q=q,
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
    sort: ListArticlesSort | Unset = "createdAt",
    order: ListArticlesOrder | Unset = "desc",
    status: ListArticlesStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    author_id: str | Unset = UNSET,
    tag: str | Unset = UNSET,
    slug: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> ArticlePage | Error | None:
    """List the articles the caller may see (PUBLISHED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListArticlesSort | Unset):  Default: 'createdAt'.
        order (ListArticlesOrder | Unset):  Default: 'desc'.
        status (ListArticlesStatus | Unset):
        project_id (str | Unset):
        author_id (str | Unset):
        tag (str | Unset):
        slug (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArticlePage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        project_id=project_id,
        author_id=author_id,
        tag=tag,
        slug=slug,
        q=q,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListArticlesSort | Unset = "createdAt",
    order: ListArticlesOrder | Unset = "desc",
    status: ListArticlesStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    author_id: str | Unset = UNSET,
    tag: str | Unset = UNSET,
    slug: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[ArticlePage | Error]:
    """List the articles the caller may see (PUBLISHED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListArticlesSort | Unset):  Default: 'createdAt'.
        order (ListArticlesOrder | Unset):  Default: 'desc'.
        status (ListArticlesStatus | Unset):
        project_id (str | Unset):
        author_id (str | Unset):
        tag (str | Unset):
        slug (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArticlePage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        status=status,
        project_id=project_id,
        author_id=author_id,
        tag=tag,
        slug=slug,
        q=q,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListArticlesSort | Unset = "createdAt",
    order: ListArticlesOrder | Unset = "desc",
    status: ListArticlesStatus | Unset = UNSET,
    project_id: str | Unset = UNSET,
    author_id: str | Unset = UNSET,
    tag: str | Unset = UNSET,
    slug: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> ArticlePage | Error | None:
    """List the articles the caller may see (PUBLISHED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListArticlesSort | Unset):  Default: 'createdAt'.
        order (ListArticlesOrder | Unset):  Default: 'desc'.
        status (ListArticlesStatus | Unset):
        project_id (str | Unset):
        author_id (str | Unset):
        tag (str | Unset):
        slug (str | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArticlePage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            status=status,
            project_id=project_id,
            author_id=author_id,
            tag=tag,
            slug=slug,
            q=q,
        )
    ).parsed
