from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LedgerPayment")


@_attrs_define
class LedgerPayment:
    """
    Attributes:
        id (str):
        amount (int):
        currency (str):
        status (str):
        created_at (datetime.datetime): The provider time of the event that recorded it
    """

    id: str
    amount: int
    currency: str
    status: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        amount = self.amount

        currency = self.currency

        status = self.status

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "amount": amount,
                "currency": currency,
                "status": status,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        amount = d.pop("amount")

        currency = d.pop("currency")

        status = d.pop("status")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        ledger_payment = cls(
            id=id,
            amount=amount,
            currency=currency,
            status=status,
            created_at=created_at,
        )

        return ledger_payment
