from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.connected_app import ConnectedApp
    from ..models.meta import Meta


T = TypeVar("T", bound="ConnectedAppPage")


@_attrs_define
class ConnectedAppPage:
    """
    Attributes:
        data (list[ConnectedApp]):
        meta (Meta):
    """

    data: list[ConnectedApp]
    meta: Meta

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.connected_app import ConnectedApp  # noqa: PLC0415
        from ..models.meta import Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ConnectedApp.from_dict(data_item_data)

            data.append(data_item)

        meta = Meta.from_dict(d.pop("meta"))

        connected_app_page = cls(
            data=data,
            meta=meta,
        )

        return connected_app_page
