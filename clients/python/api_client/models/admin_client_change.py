from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.admin_client_change_status import (
    AdminClientChangeStatus,
    check_admin_client_change_status,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AdminClientChange")


@_attrs_define
class AdminClientChange:
    """
    Attributes:
        status (AdminClientChangeStatus | Unset):
        may_introspect (bool | Unset):
    """

    status: AdminClientChangeStatus | Unset = UNSET
    may_introspect: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        may_introspect = self.may_introspect

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if status is not UNSET:
            field_dict["status"] = status
        if may_introspect is not UNSET:
            field_dict["mayIntrospect"] = may_introspect

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: AdminClientChangeStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_admin_client_change_status(_status)

        may_introspect = d.pop("mayIntrospect", UNSET)

        admin_client_change = cls(
            status=status,
            may_introspect=may_introspect,
        )

        admin_client_change.additional_properties = d
        return admin_client_change

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
