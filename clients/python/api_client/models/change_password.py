from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChangePassword")


@_attrs_define
class ChangePassword:
    """
    Attributes:
        current_password (str):
        new_password (str): 8 to 256 characters, not easily guessed (contract section 3) Example: correct horse battery
            staple.
        revoke_other_sessions (bool | Unset): End every other session of the account (default true); the caller's stays
            Default: True.
    """

    current_password: str
    new_password: str
    revoke_other_sessions: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_password = self.current_password

        new_password = self.new_password

        revoke_other_sessions = self.revoke_other_sessions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "currentPassword": current_password,
                "newPassword": new_password,
            }
        )
        if revoke_other_sessions is not UNSET:
            field_dict["revokeOtherSessions"] = revoke_other_sessions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        current_password = d.pop("currentPassword")

        new_password = d.pop("newPassword")

        revoke_other_sessions = d.pop("revokeOtherSessions", UNSET)

        change_password = cls(
            current_password=current_password,
            new_password=new_password,
            revoke_other_sessions=revoke_other_sessions,
        )

        change_password.additional_properties = d
        return change_password

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
