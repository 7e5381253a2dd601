from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FestivalStatsCounts")


@_attrs_define
class FestivalStatsCounts:
    """
    Attributes:
        draft (int):
        published (int):
        cancelled (int):
    """

    draft: int
    published: int
    cancelled: int

    def to_dict(self) -> dict[str, Any]:
        draft = self.draft

        published = self.published

        cancelled = self.cancelled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "DRAFT": draft,
                "PUBLISHED": published,
                "CANCELLED": cancelled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        draft = d.pop("DRAFT")

        published = d.pop("PUBLISHED")

        cancelled = d.pop("CANCELLED")

        festival_stats_counts = cls(
            draft=draft,
            published=published,
            cancelled=cancelled,
        )

        return festival_stats_counts
