from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.review_change import ReviewChange
from ...models.review_data import ReviewData
from ...types import Response


def _get_kwargs(
    review_id: str,
    *,
    body: ReviewChange,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/reviews/{review_id}".format(
            review_id=quote(str(review_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReviewData:
    if response.status_code == 200:
        response_200 = ReviewData.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ReviewData]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    review_id: str,
    *,
    client: AuthenticatedClient,
    body: ReviewChange,
) -> Response[Error | ReviewData]:
    """Change one's review; it goes back to PENDING.

    Args:
        review_id (str):
        body (ReviewChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReviewData]
    """

    kwargs = _get_kwargs(
        review_id=review_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    review_id: str,
    *,
    client: AuthenticatedClient,
    body: ReviewChange,
) -> Error | ReviewData | None:
    """Change one's review; it goes back to PENDING.

    Args:
        review_id (str):
        body (ReviewChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReviewData
    """

    return sync_detailed(
        review_id=review_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    review_id: str,
    *,
    client: AuthenticatedClient,
    body: ReviewChange,
) -> Response[Error | ReviewData]:
    """Change one's review; it goes back to PENDING.

    Args:
        review_id (str):
        body (ReviewChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReviewData]
    """

    kwargs = _get_kwargs(
        review_id=review_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    review_id: str,
    *,
    client: AuthenticatedClient,
    body: ReviewChange,
) -> Error | ReviewData | None:
    """Change one's review; it goes back to PENDING.

    Args:
        review_id (str):
        body (ReviewChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReviewData
    """

    return (
        await asyncio_detailed(
            review_id=review_id,
            client=client,
            body=body,
        )
    ).parsed
