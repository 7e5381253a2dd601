from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.domain_data import DomainData
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    project_id: str,
    domain_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/projects/{project_id}/domains/{domain_id}/verify".format(
            project_id=quote(str(project_id), safe=""),
            domain_id=quote(str(domain_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DomainData | Error:
    if response.status_code == 200:
        response_200 = DomainData.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DomainData | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: str,
    domain_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[DomainData | Error]:
    """Verify a domain by its DNS TXT record.

    Args:
        project_id (str):
        domain_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DomainData | Error]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        domain_id=domain_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: str,
    domain_id: str,
    *,
    client: AuthenticatedClient,
) -> DomainData | Error | None:
    """Verify a domain by its DNS TXT record.

    Args:
        project_id (str):
        domain_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DomainData | Error
    """

    return sync_detailed(
        project_id=project_id,
        domain_id=domain_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    project_id: str,
    domain_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[DomainData | Error]:
    """Verify a domain by its DNS TXT record.

    Args:
        project_id (str):
        domain_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DomainData | Error]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        domain_id=domain_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: str,
    domain_id: str,
    *,
    client: AuthenticatedClient,
) -> DomainData | Error | None:
    """Verify a domain by its DNS TXT record.

    Args:
        project_id (str):
        domain_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DomainData | Error
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            domain_id=domain_id,
            client=client,
        )
    ).parsed
