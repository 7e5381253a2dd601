from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.project_audit_head import ProjectAuditHead


T = TypeVar("T", bound="ProjectAuditHeadData")


@_attrs_define
class ProjectAuditHeadData:
    """
    Attributes:
        data (ProjectAuditHead):
    """

    data: ProjectAuditHead

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
        from ..models.project_audit_head import ProjectAuditHead  # noqa: PLC0415

        d = dict(src_dict)
        data = ProjectAuditHead.from_dict(d.pop("data"))

        project_audit_head_data = cls(
            data=data,
        )

        return project_audit_head_data
