from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Distribution")


@_attrs_define
class Distribution:
    """
    Attributes:
        field_1 (int):
        field_2 (int):
        field_3 (int):
        field_4 (int):
        field_5 (int):
    """

    field_1: int
    field_2: int
    field_3: int
    field_4: int
    field_5: int

    def to_dict(self) -> dict[str, Any]:
        field_1 = self.field_1

        field_2 = self.field_2

        field_3 = self.field_3

        field_4 = self.field_4

        field_5 = self.field_5

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "1": field_1,
                "2": field_2,
                "3": field_3,
                "4": field_4,
                "5": field_5,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_1 = d.pop("1")

        field_2 = d.pop("2")

        field_3 = d.pop("3")

        field_4 = d.pop("4")

        field_5 = d.pop("5")

        distribution = cls(
            field_1=field_1,
            field_2=field_2,
            field_3=field_3,
            field_4=field_4,
            field_5=field_5,
        )

        return distribution
