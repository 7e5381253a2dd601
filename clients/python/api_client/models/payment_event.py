from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_event_object import PaymentEventObject, check_payment_event_object
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.payment_event_data import PaymentEventData


T = TypeVar("T", bound="PaymentEvent")


@_attrs_define
class PaymentEvent:
    """
    Attributes:
        id (str): Event id, e.g. evt_...
        type_ (str): e.g. charge.refunded
        created (int): Unix time, seconds
        object_ (PaymentEventObject | Unset):
        data (PaymentEventData | Unset):
    """

    id: str
    type_: str
    created: int
    object_: PaymentEventObject | Unset = UNSET
    data: PaymentEventData | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        created = self.created

        object_: str | Unset = UNSET
        if not isinstance(self.object_, Unset):
            object_ = self.object_

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "created": created,
            }
        )
        if object_ is not UNSET:
            field_dict["object"] = object_
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payment_event_data import PaymentEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        created = d.pop("created")

        _object_ = d.pop("object", UNSET)
        object_: PaymentEventObject | Unset
        if isinstance(_object_, Unset):
            object_ = UNSET
        else:
            object_ = check_payment_event_object(_object_)

        _data = d.pop("data", UNSET)
        data: PaymentEventData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = PaymentEventData.from_dict(_data)

        payment_event = cls(
            id=id,
            type_=type_,
            created=created,
            object_=object_,
            data=data,
        )

        payment_event.additional_properties = d
        return payment_event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
