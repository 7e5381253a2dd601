from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_reviews_order import ListReviewsOrder
from ...models.list_reviews_sort import ListReviewsSort
from ...models.list_reviews_status import ListReviewsStatus
from ...models.review_page import ReviewPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListReviewsSort | Unset = "createdAt",
    order: ListReviewsOrder | Unset = "desc",
    festival_id: str | Unset = UNSET,
    status: ListReviewsStatus | Unset = UNSET,
    rating: int | Unset = UNSET,
    author_id: str | Unset = UNSET,
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

    params["festivalId"] = festival_id

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["rating"] = rating

    params["authorId"] = author_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/reviews",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReviewPage:
    if response.status_code == 200:
        response_200 = ReviewPage.from_dict(response.json())

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
) -> Response[Error | ReviewPage]:
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
    sort: ListReviewsSort | Unset = "createdAt",
    order: ListReviewsOrder | Unset = "desc",
    festival_id: str | Unset = UNSET,
    status: ListReviewsStatus | Unset = UNSET,
    rating: int | Unset = UNSET,
    author_id: str | Unset = UNSET,
) -> Response[Error | ReviewPage]:
    """List the reviews the caller may see (APPROVED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListReviewsSort | Unset):  Default: 'createdAt'.
        order (ListReviewsOrder | Unset):  Default: 'desc'.
        festival_id (str | Unset):
        status (ListReviewsStatus | Unset):
        rating (int | Unset):
        author_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReviewPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        festival_id=festival_id,
        status=status,
        rating=rating,
        author_id=author_id,
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
    sort: ListReviewsSort | Unset = "createdAt",
    order: ListReviewsOrder | Unset = "desc",
    festival_id: str | Unset = UNSET,
    status: ListReviewsStatus | Unset = UNSET,
    rating: int | Unset = UNSET,
    author_id: str | Unset = UNSET,
) -> Error | ReviewPage | None:
    """List the reviews the caller may see (APPROVED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListReviewsSort | Unset):  Default: 'createdAt'.
        order (ListReviewsOrder | Unset):  Default: 'desc'.
        festival_id (str | Unset):
        status (ListReviewsStatus | Unset):
        rating (int | Unset):
        author_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReviewPage
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        festival_id=festival_id,
        status=status,
        rating=rating,
        author_id=author_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListReviewsSort | Unset = "createdAt",
    order: ListReviewsOrder | Unset = "desc",
    festival_id: str | Unset = UNSET,
    status: ListReviewsStatus | Unset = UNSET,
    rating: int | Unset = UNSET,
    author_id: str | Unset = UNSET,
) -> Response[Error | ReviewPage]:
    """List the reviews the caller may see (APPROVED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListReviewsSort | Unset):  Default: 'createdAt'.
        order (ListReviewsOrder | Unset):  Default: 'desc'.
        festival_id (str | Unset):
        status (ListReviewsStatus | Unset):
        rating (int | Unset):
        author_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReviewPage]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        festival_id=festival_id,
        status=status,
        rating=rating,
        author_id=author_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListReviewsSort | Unset = "createdAt",
    order: ListReviewsOrder | Unset = "desc",
    festival_id: str | Unset = UNSET,
    status: ListReviewsStatus | Unset = UNSET,
    rating: int | Unset = UNSET,
    author_id: str | Unset = UNSET,
) -> Error | ReviewPage | None:
    """List the reviews the caller may see (APPROVED ones to everyone).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListReviewsSort | Unset):  Default: 'createdAt'.
        order (ListReviewsOrder | Unset):  Default: 'desc'.
        festival_id (str | Unset):
        status (ListReviewsStatus | Unset):
        rating (int | Unset):
        author_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReviewPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            festival_id=festival_id,
            status=status,
            rating=rating,
            author_id=author_id,
        )
    ).parsed
