from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UserStatsCounts")


@_attrs_define
class UserStatsCounts:
    """
    Attributes:
        total (int):
        verified (int):
        two_factor (int):
        banned (int):
        admins (int):
    """

    total: int
    verified: int
    two_factor: int
    banned: int
    admins: int

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        verified = self.verified

        two_factor = self.two_factor

        banned = self.banned

        admins = self.admins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "verified": verified,
                "twoFactor": two_factor,
                "banned": banned,
                "admins": admins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        verified = d.pop("verified")

        two_factor = d.pop("twoFactor")

        banned = d.pop("banned")

        admins = d.pop("admins")

        user_stats_counts = cls(
            total=total,
            verified=verified,
            two_factor=two_factor,
            banned=banned,
            admins=admins,
        )

        return user_stats_counts
