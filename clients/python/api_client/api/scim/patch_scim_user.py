from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.patch_scim_user_json_body import PatchScimUserJsonBody
from ...models.scim_error import ScimError
from ...models.scim_resource import ScimResource
from ...types import Response


def _get_kwargs(
    resource_id: str,
    *,
    body: PatchScimUserJsonBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/scim/v2/Users/{resource_id}".format(
            resource_id=quote(str(resource_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/scim+json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ScimError | ScimResource:
    if response.status_code == 200:
        response_200 = ScimResource.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ScimError.from_dict(response.json())

        return response_409

    response_default = ScimError.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ScimError | ScimResource]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    resource_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PatchScimUserJsonBody,
) -> Response[ScimError | ScimResource]:
    """Change a User (PATCH: add, remove, replace).

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        resource_id (str):
        body (PatchScimUserJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimResource]
    """

    kwargs = _get_kwargs(
        resource_id=resource_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    resource_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PatchScimUserJsonBody,
) -> ScimError | ScimResource | None:
    """Change a User (PATCH: add, remove, replace).

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        resource_id (str):
        body (PatchScimUserJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimResource
    """

    return sync_detailed(
        resource_id=resource_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    resource_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PatchScimUserJsonBody,
) -> Response[ScimError | ScimResource]:
    """Change a User (PATCH: add, remove, replace).

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        resource_id (str):
        body (PatchScimUserJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimResource]
    """

    kwargs = _get_kwargs(
        resource_id=resource_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    resource_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PatchScimUserJsonBody,
) -> ScimError | ScimResource | None:
    """Change a User (PATCH: add, remove, replace).

     Authorization: Bearer scim_... (a SCIM token of the project: /api/projects/{id}/scim-tokens);
    sessions and API keys are 401 here

    Args:
        resource_id (str):
        body (PatchScimUserJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimResource
    """

    return (
        await asyncio_detailed(
            resource_id=resource_id,
            client=client,
            body=body,
        )
    ).parsed
