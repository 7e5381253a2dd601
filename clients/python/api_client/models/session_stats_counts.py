from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionStatsCounts")


@_attrs_define
class SessionStatsCounts:
    """
    Attributes:
        live (int):
    """

    live: int

    def to_dict(self) -> dict[str, Any]:
        live = self.live

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "live": live,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        live = d.pop("live")

        session_stats_counts = cls(
            live=live,
        )

        return session_stats_counts
