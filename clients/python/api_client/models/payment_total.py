from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PaymentTotal")


@_attrs_define
class PaymentTotal:
    """
    Attributes:
        currency (str):
        count (int):
        sum_ (int):
    """

    currency: str
    count: int
    sum_: int

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency

        count = self.count

        sum_ = self.sum_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "currency": currency,
                "count": count,
                "sum": sum_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = d.pop("currency")

        count = d.pop("count")

        sum_ = d.pop("sum")

        payment_total = cls(
            currency=currency,
            count=count,
            sum_=sum_,
        )

        return payment_total
