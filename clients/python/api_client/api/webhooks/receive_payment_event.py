from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.payment_event import PaymentEvent
from ...models.received import Received
from ...types import Response


def _get_kwargs(
    *,
    body: PaymentEvent,
    payment_signature: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["Payment-Signature"] = payment_signature

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/webhooks/payment",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Received:
    if response.status_code == 200:
        response_200 = Received.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Received]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentEvent,
    payment_signature: str,
) -> Response[Error | Received]:
    """Verify, store and apply a payment provider event (once, however often delivered).

    Args:
        payment_signature (str):
        body (PaymentEvent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Received]
    """

    kwargs = _get_kwargs(
        body=body,
        payment_signature=payment_signature,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentEvent,
    payment_signature: str,
) -> Error | Received | None:
    """Verify, store and apply a payment provider event (once, however often delivered).

    Args:
        payment_signature (str):
        body (PaymentEvent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Received
    """

    return sync_detailed(
        client=client,
        body=body,
        payment_signature=payment_signature,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentEvent,
    payment_signature: str,
) -> Response[Error | Received]:
    """Verify, store and apply a payment provider event (once, however often delivered).

    Args:
        payment_signature (str):
        body (PaymentEvent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Received]
    """

    kwargs = _get_kwargs(
        body=body,
        payment_signature=payment_signature,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PaymentEvent,
    payment_signature: str,
) -> Error | Received | None:
    """Verify, store and apply a payment provider event (once, however often delivered).

    Args:
        payment_signature (str):
        body (PaymentEvent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Received
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            payment_signature=payment_signature,
        )
    ).parsed
