from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """
    Attributes:
        average (float | None):
        count (int):
    """

    average: float | None
    count: int

    def to_dict(self) -> dict[str, Any]:
        average: float | None
        average = self.average

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "average": average,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_average(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average = _parse_average(d.pop("average"))

        count = d.pop("count")

        rating = cls(
            average=average,
            count=count,
        )

        return rating
