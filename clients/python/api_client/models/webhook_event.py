from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookEvent")


@_attrs_define
class WebhookEvent:
    """
    Attributes:
        id (str):
        type_ (str):
        created (datetime.datetime):
        received_at (datetime.datetime):
    """

    id: str
    type_: str
    created: datetime.datetime
    received_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        created = self.created.isoformat()

        received_at = self.received_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "created": created,
                "receivedAt": received_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        received_at = datetime.datetime.fromisoformat(d.pop("receivedAt"))

        webhook_event = cls(
            id=id,
            type_=type_,
            created=created,
            received_at=received_at,
        )

        return webhook_event
