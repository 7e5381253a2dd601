from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FestivalRef")


@_attrs_define
class FestivalRef:
    """
    Attributes:
        id (str):
        name (str):
        starts_at (datetime.datetime):
    """

    id: str
    name: str
    starts_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        starts_at = self.starts_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "startsAt": starts_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        starts_at = datetime.datetime.fromisoformat(d.pop("startsAt"))

        festival_ref = cls(
            id=id,
            name=name,
            starts_at=starts_at,
        )

        return festival_ref
