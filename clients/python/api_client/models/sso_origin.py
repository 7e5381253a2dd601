from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SsoOrigin")


@_attrs_define
class SsoOrigin:
    """
    Attributes:
        connection_id (str):
        project_id (str):
    """

    connection_id: str
    project_id: str

    def to_dict(self) -> dict[str, Any]:
        connection_id = self.connection_id

        project_id = self.project_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "connectionId": connection_id,
                "projectId": project_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        connection_id = d.pop("connectionId")

        project_id = d.pop("projectId")

        sso_origin = cls(
            connection_id=connection_id,
            project_id=project_id,
        )

        return sso_origin
