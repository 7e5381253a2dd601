from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.admin_user_update_role import AdminUserUpdateRole, check_admin_user_update_role
from ..types import UNSET, Unset

T = TypeVar("T", bound="AdminUserUpdate")


@_attrs_define
class AdminUserUpdate:
    """
    Attributes:
        role (AdminUserUpdateRole | Unset):
        name (None | str | Unset):
        email_verified (bool | Unset):
    """

    role: AdminUserUpdateRole | Unset = UNSET
    name: None | str | Unset = UNSET
    email_verified: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        email_verified = self.email_verified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if role is not UNSET:
            field_dict["role"] = role
        if name is not UNSET:
            field_dict["name"] = name
        if email_verified is not UNSET:
            field_dict["emailVerified"] = email_verified

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _role = d.pop("role", UNSET)
        role: AdminUserUpdateRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_admin_user_update_role(_role)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        email_verified = d.pop("emailVerified", UNSET)

        admin_user_update = cls(
            role=role,
            name=name,
            email_verified=email_verified,
        )

        admin_user_update.additional_properties = d
        return admin_user_update

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
