from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="Project")


@_attrs_define
class Project:
    """
    Attributes:
        id (str):
        name (str):
        description (None | str):
        owner_id (None | str):
        owner (None | UserRef):
        role (None | str): The caller's role: "owner", "admin", "member", or null (a platform admin who is not a member)
        member_count (int):
        sso_required (bool): Whether members at the project's verified domains must sign in through its single sign-on
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        scim_admin_groups (list[str] | Unset): The directory Groups whose members are admins; shown to the owner and
            admins only
        oauth_clients (list[str] | None | Unset): The OAuth client ids whose tokens reach the project, null for every
            client; shown to the owner and admins only
    """

    id: str
    name: str
    description: None | str
    owner_id: None | str
    owner: None | UserRef
    role: None | str
    member_count: int
    sso_required: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    scim_admin_groups: list[str] | Unset = UNSET
    oauth_clients: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        name = self.name

        description: None | str
        description = self.description

        owner_id: None | str
        owner_id = self.owner_id

        owner: dict[str, Any] | None
        if isinstance(self.owner, UserRef):
            owner = self.owner.to_dict()
        else:
            owner = self.owner

        role: None | str
        role = self.role

        member_count = self.member_count

        sso_required = self.sso_required

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        scim_admin_groups: list[str] | Unset = UNSET
        if not isinstance(self.scim_admin_groups, Unset):
            scim_admin_groups = self.scim_admin_groups

        oauth_clients: list[str] | None | Unset
        if isinstance(self.oauth_clients, Unset):
            oauth_clients = UNSET
        elif isinstance(self.oauth_clients, list):
            oauth_clients = self.oauth_clients

        else:
            oauth_clients = self.oauth_clients

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "ownerId": owner_id,
                "owner": owner,
                "role": role,
                "memberCount": member_count,
                "ssoRequired": sso_required,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )
        if scim_admin_groups is not UNSET:
            field_dict["scimAdminGroups"] = scim_admin_groups
        if oauth_clients is not UNSET:
            field_dict["oauthClients"] = oauth_clients

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_owner_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner_id = _parse_owner_id(d.pop("ownerId"))

        def _parse_owner(data: object) -> None | UserRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                owner_type_0 = UserRef.from_dict(data)

                return owner_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserRef, data)

        owner = _parse_owner(d.pop("owner"))

        def _parse_role(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        role = _parse_role(d.pop("role"))

        member_count = d.pop("memberCount")

        sso_required = d.pop("ssoRequired")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        scim_admin_groups = cast(list[str], d.pop("scimAdminGroups", UNSET))

        def _parse_oauth_clients(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                oauth_clients_type_0 = cast(list[str], data)

                return oauth_clients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        oauth_clients = _parse_oauth_clients(d.pop("oauthClients", UNSET))

        project = cls(
            id=id,
            name=name,
            description=description,
            owner_id=owner_id,
            owner=owner,
            role=role,
            member_count=member_count,
            sso_required=sso_required,
            created_at=created_at,
            updated_at=updated_at,
            scim_admin_groups=scim_admin_groups,
            oauth_clients=oauth_clients,
        )

        return project
