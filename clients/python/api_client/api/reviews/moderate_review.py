from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.moderation import Moderation
from ...models.review_data import ReviewData
from ...types import Response


def _get_kwargs(
    review_id: str,
    *,
    body: Moderation,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/reviews/{review_id}/moderation".format(
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
    body: Moderation,
) -> Response[Error | ReviewData]:
    """Approve or reject a review (members of the festival's project and admins).

    Args:
        review_id (str):
        body (Moderation):

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
    body: Moderation,
) -> Error | ReviewData | None:
    """Approve or reject a review (members of the festival's project and admins).

    Args:
        review_id (str):
        body (Moderation):

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
    body: Moderation,
) -> Response[Error | ReviewData]:
    """Approve or reject a review (members of the festival's project and admins).

    Args:
        review_id (str):
        body (Moderation):

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
    body: Moderation,
) -> Error | ReviewData | None:
    """Approve or reject a review (members of the festival's project and admins).

    Args:
        review_id (str):
        body (Moderation):

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
