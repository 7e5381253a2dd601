from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RegistrationCounts")


@_attrs_define
class RegistrationCounts:
    """
    Attributes:
        confirmed (int):
        waitlisted (int):
    """

    confirmed: int
    waitlisted: int

    def to_dict(self) -> dict[str, Any]:
        confirmed = self.confirmed

        waitlisted = self.waitlisted

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "confirmed": confirmed,
                "waitlisted": waitlisted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        confirmed = d.pop("confirmed")

        waitlisted = d.pop("waitlisted")

        registration_counts = cls(
            confirmed=confirmed,
            waitlisted=waitlisted,
        )

        return registration_counts
