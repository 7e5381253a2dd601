from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LedgerSubscription")


@_attrs_define
class LedgerSubscription:
    """
    Attributes:
        id (str):
        customer (str):
        status (str):
        current_period_end (datetime.datetime | None):
        created_at (datetime.datetime):
    """

    id: str
    customer: str
    status: str
    current_period_end: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        customer = self.customer

        status = self.status

        current_period_end: None | str
        if isinstance(self.current_period_end, datetime.datetime):
            current_period_end = self.current_period_end.isoformat()
        else:
            current_period_end = self.current_period_end

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "customer": customer,
                "status": status,
                "currentPeriodEnd": current_period_end,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        customer = d.pop("customer")

        status = d.pop("status")

        def _parse_current_period_end(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                current_period_end_type_0 = datetime.datetime.fromisoformat(data)

                return current_period_end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        current_period_end = _parse_current_period_end(d.pop("currentPeriodEnd"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        ledger_subscription = cls(
            id=id,
            customer=customer,
            status=status,
            current_period_end=current_period_end,
            created_at=created_at,
        )

        return ledger_subscription
