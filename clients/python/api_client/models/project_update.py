from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectUpdate")


@_attrs_define
class ProjectUpdate:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset):
        sso_required (bool | Unset): Require single sign-on of the members at the project's verified domains (true needs
            an ACTIVE connection and a VERIFIED domain)
        scim_admin_groups (list[str] | Unset): The directory Groups whose members are the project's admins (at most 50
            names of 1-100 characters; case-insensitive)
        oauth_clients (list[str] | None | Unset): The OAuth client ids whose tokens reach the project (at most 50), or
            null for every client
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    sso_required: bool | Unset = UNSET
    scim_admin_groups: list[str] | Unset = UNSET
    oauth_clients: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        sso_required = self.sso_required

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
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if sso_required is not UNSET:
            field_dict["ssoRequired"] = sso_required
        if scim_admin_groups is not UNSET:
            field_dict["scimAdminGroups"] = scim_admin_groups
        if oauth_clients is not UNSET:
            field_dict["oauthClients"] = oauth_clients

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        sso_required = d.pop("ssoRequired", UNSET)

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

        project_update = cls(
            name=name,
            description=description,
            sso_required=sso_required,
            scim_admin_groups=scim_admin_groups,
            oauth_clients=oauth_clients,
        )

        project_update.additional_properties = d
        return project_update

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
