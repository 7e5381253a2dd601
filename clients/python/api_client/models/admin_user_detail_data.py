from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.admin_user_detail import AdminUserDetail


T = TypeVar("T", bound="AdminUserDetailData")


@_attrs_define
class AdminUserDetailData:
    """
    Attributes:
        data (AdminUserDetail):
    """

    data: AdminUserDetail

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.admin_user_detail import AdminUserDetail  # noqa: PLC0415

        d = dict(src_dict)
        data = AdminUserDetail.from_dict(d.pop("data"))

        admin_user_detail_data = cls(
            data=data,
        )

        return admin_user_detail_data
