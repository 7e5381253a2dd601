from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_head import AuditHead


T = TypeVar("T", bound="AuditHeadData")


@_attrs_define
class AuditHeadData:
    """
    Attributes:
        data (AuditHead):
    """

    data: AuditHead

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
        from ..models.audit_head import AuditHead  # noqa: PLC0415

        d = dict(src_dict)
        data = AuditHead.from_dict(d.pop("data"))

        audit_head_data = cls(
            data=data,
        )

        return audit_head_data
