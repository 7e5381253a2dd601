from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.hit_type import HitType, check_hit_type

T = TypeVar("T", bound="Hit")


@_attrs_define
class Hit:
    """
    Attributes:
        type_ (HitType):
        id (str):
        title (str):
        snippet (str):
        project_id (None | str):
    """

    type_: HitType
    id: str
    title: str
    snippet: str
    project_id: None | str

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        id = self.id

        title = self.title

        snippet = self.snippet

        project_id: None | str
        project_id = self.project_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "title": title,
                "snippet": snippet,
                "projectId": project_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_hit_type(d.pop("type"))

        id = d.pop("id")

        title = d.pop("title")

        snippet = d.pop("snippet")

        def _parse_project_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_id = _parse_project_id(d.pop("projectId"))

        hit = cls(
            type_=type_,
            id=id,
            title=title,
            snippet=snippet,
            project_id=project_id,
        )

        return hit
