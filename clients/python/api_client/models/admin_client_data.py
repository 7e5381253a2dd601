from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.admin_client import AdminClient


T = TypeVar("T", bound="AdminClientData")


@_attrs_define
class AdminClientData:
    """
    Attributes:
        data (AdminClient):
    """

    data: AdminClient

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
        from ..models.admin_client import AdminClient  # noqa: PLC0415

        d = dict(src_dict)
        data = AdminClient.from_dict(d.pop("data"))

        admin_client_data = cls(
            data=data,
        )

        return admin_client_data
