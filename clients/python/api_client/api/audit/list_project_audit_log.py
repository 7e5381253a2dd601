from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.audit_entry_page import AuditEntryPage
from ...models.error import Error
from ...models.list_project_audit_log_order import (
    ListProjectAuditLogOrder,
)
from ...models.list_project_audit_log_sort import (
    ListProjectAuditLogSort,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: str,
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectAuditLogSort | Unset = "createdAt",
    order: ListProjectAuditLogOrder | Unset = "desc",
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
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

    params["actorId"] = actor_id

    params["action"] = action

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/projects/{project_id}/audit-log".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuditEntryPage | Error:
    if response.status_code == 200:
        response_200 = AuditEntryPage.from_dict(response.json())

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
) -> Response[AuditEntryPage | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectAuditLogSort | Unset = "createdAt",
    order: ListProjectAuditLogOrder | Unset = "desc",
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
) -> Response[AuditEntryPage | Error]:
    """List the entries of the project's audit trail (its owner and admins).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectAuditLogSort | Unset):  Default: 'createdAt'.
        order (ListProjectAuditLogOrder | Unset):  Default: 'desc'.
        actor_id (str | Unset):
        action (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditEntryPage | Error]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        actor_id=actor_id,
        action=action,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectAuditLogSort | Unset = "createdAt",
    order: ListProjectAuditLogOrder | Unset = "desc",
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
) -> AuditEntryPage | Error | None:
    """List the entries of the project's audit trail (its owner and admins).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectAuditLogSort | Unset):  Default: 'createdAt'.
        order (ListProjectAuditLogOrder | Unset):  Default: 'desc'.
        actor_id (str | Unset):
        action (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditEntryPage | Error
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        actor_id=actor_id,
        action=action,
    ).parsed


async def asyncio_detailed(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectAuditLogSort | Unset = "createdAt",
    order: ListProjectAuditLogOrder | Unset = "desc",
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
) -> Response[AuditEntryPage | Error]:
    """List the entries of the project's audit trail (its owner and admins).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectAuditLogSort | Unset):  Default: 'createdAt'.
        order (ListProjectAuditLogOrder | Unset):  Default: 'desc'.
        actor_id (str | Unset):
        action (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditEntryPage | Error]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        page=page,
        limit=limit,
        sort=sort,
        order=order,
        actor_id=actor_id,
        action=action,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListProjectAuditLogSort | Unset = "createdAt",
    order: ListProjectAuditLogOrder | Unset = "desc",
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
) -> AuditEntryPage | Error | None:
    """List the entries of the project's audit trail (its owner and admins).

    Args:
        project_id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListProjectAuditLogSort | Unset):  Default: 'createdAt'.
        order (ListProjectAuditLogOrder | Unset):  Default: 'desc'.
        actor_id (str | Unset):
        action (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditEntryPage | Error
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            page=page,
            limit=limit,
            sort=sort,
            order=order,
            actor_id=actor_id,
            action=action,
        )
    ).parsed
