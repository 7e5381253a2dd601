from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LedgerRefund")


@_attrs_define
class LedgerRefund:
    """
    Attributes:
        id (str):
        payment_id (None | str):
        amount (int):
        amount_refunded (int):
        currency (str):
        created_at (datetime.datetime):
    """

    id: str
    payment_id: None | str
    amount: int
    amount_refunded: int
    currency: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        payment_id: None | str
        payment_id = self.payment_id

        amount = self.amount

        amount_refunded = self.amount_refunded

        currency = self.currency

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "paymentId": payment_id,
                "amount": amount,
                "amountRefunded": amount_refunded,
                "currency": currency,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_payment_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment_id = _parse_payment_id(d.pop("paymentId"))

        amount = d.pop("amount")

        amount_refunded = d.pop("amountRefunded")

        currency = d.pop("currency")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        ledger_refund = cls(
            id=id,
            payment_id=payment_id,
            amount=amount,
            amount_refunded=amount_refunded,
            currency=currency,
            created_at=created_at,
        )

        return ledger_refund
