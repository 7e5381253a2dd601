from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.distribution import Distribution


T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """
    Attributes:
        average (float | None):
        count (int):
        distribution (Distribution):
    """

    average: float | None
    count: int
    distribution: Distribution

    def to_dict(self) -> dict[str, Any]:
        average: float | None
        average = self.average

        count = self.count

        distribution = self.distribution.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "average": average,
                "count": count,
                "distribution": distribution,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.distribution import Distribution  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_average(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average = _parse_average(d.pop("average"))

        count = d.pop("count")

        distribution = Distribution.from_dict(d.pop("distribution"))

        rating = cls(
            average=average,
            count=count,
            distribution=distribution,
        )

        return rating
