from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TicketStatsCounts")


@_attrs_define
class TicketStatsCounts:
    """
    Attributes:
        open_ (int):
        in_progress (int):
        resolved (int):
        closed (int):
    """

    open_: int
    in_progress: int
    resolved: int
    closed: int

    def to_dict(self) -> dict[str, Any]:
        open_ = self.open_

        in_progress = self.in_progress

        resolved = self.resolved

        closed = self.closed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "OPEN": open_,
                "IN_PROGRESS": in_progress,
                "RESOLVED": resolved,
                "CLOSED": closed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        open_ = d.pop("OPEN")

        in_progress = d.pop("IN_PROGRESS")

        resolved = d.pop("RESOLVED")

        closed = d.pop("CLOSED")

        ticket_stats_counts = cls(
            open_=open_,
            in_progress=in_progress,
            resolved=resolved,
            closed=closed,
        )

        return ticket_stats_counts
