from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.connection import Connection


T = TypeVar("T", bound="ConnectionData")


@_attrs_define
class ConnectionData:
    """
    Attributes:
        data (Connection):
    """

    data: Connection

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
        from ..models.connection import Connection  # noqa: PLC0415

        d = dict(src_dict)
        data = Connection.from_dict(d.pop("data"))

        connection_data = cls(
            data=data,
        )

        return connection_data
