from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.review import Review


T = TypeVar("T", bound="ReviewData")


@_attrs_define
class ReviewData:
    """
    Attributes:
        data (Review):
    """

    data: Review

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
        from ..models.review import Review  # noqa: PLC0415

        d = dict(src_dict)
        data = Review.from_dict(d.pop("data"))

        review_data = cls(
            data=data,
        )

        return review_data
