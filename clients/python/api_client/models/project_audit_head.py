from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProjectAuditHead")


@_attrs_define
class ProjectAuditHead:
    """
    Attributes:
        project_seq (int): 0 before the project's first entry
        project_hash (str): 64 zeros before the project's first entry
        created_at (datetime.datetime | None):
    """

    project_seq: int
    project_hash: str
    created_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        project_seq = self.project_seq

        project_hash = self.project_hash

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "projectSeq": project_seq,
                "projectHash": project_hash,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        project_seq = d.pop("projectSeq")

        project_hash = d.pop("projectHash")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        project_audit_head = cls(
            project_seq=project_seq,
            project_hash=project_hash,
            created_at=created_at,
        )

        return project_audit_head
