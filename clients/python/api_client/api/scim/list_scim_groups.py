from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.scim_error import ScimError
from ...models.scim_list import ScimList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    filter_: str | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["filter"] = filter_

    params["attributes"] = attributes

    params["excludedAttributes"] = excluded_attributes

    params["startIndex"] = start_index

    params["count"] = count

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/scim/v2/Groups",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ScimError | ScimList:
    if response.status_code == 200:
        response_200 = ScimList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ScimError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ScimError.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ScimError.from_dict(response.json())

        return response_404

    response_default = ScimError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ScimError | ScimList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    filter_: str | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
) -> Response[ScimError | ScimList]:
    """List or filter the directory's Groups.

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        filter_ (str | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):
        start_index (int | Unset):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimList]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        attributes=attributes,
        excluded_attributes=excluded_attributes,
        start_index=start_index,
        count=count,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    filter_: str | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
) -> ScimError | ScimList | None:
    """List or filter the directory's Groups.

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        filter_ (str | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):
        start_index (int | Unset):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimList
    """

    return sync_detailed(
        client=client,
        filter_=filter_,
        attributes=attributes,
        excluded_attributes=excluded_attributes,
        start_index=start_index,
        count=count,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    filter_: str | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
) -> Response[ScimError | ScimList]:
    """List or filter the directory's Groups.

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        filter_ (str | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):
        start_index (int | Unset):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimList]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        attributes=attributes,
        excluded_attributes=excluded_attributes,
        start_index=start_index,
        count=count,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    filter_: str | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
) -> ScimError | ScimList | None:
    """List or filter the directory's Groups.

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        filter_ (str | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):
        start_index (int | Unset):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimList
    """

    return (
        await asyncio_detailed(
            client=client,
            filter_=filter_,
            attributes=attributes,
            excluded_attributes=excluded_attributes,
            start_index=start_index,
            count=count,
        )
    ).parsed
