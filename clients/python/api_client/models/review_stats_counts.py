from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReviewStatsCounts")


@_attrs_define
class ReviewStatsCounts:
    """
    Attributes:
        pending (int):
        approved (int):
        rejected (int):
    """

    pending: int
    approved: int
    rejected: int

    def to_dict(self) -> dict[str, Any]:
        pending = self.pending

        approved = self.approved

        rejected = self.rejected

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "PENDING": pending,
                "APPROVED": approved,
                "REJECTED": rejected,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pending = d.pop("PENDING")

        approved = d.pop("APPROVED")

        rejected = d.pop("REJECTED")

        review_stats_counts = cls(
            pending=pending,
            approved=approved,
            rejected=rejected,
        )

        return review_stats_counts
