from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.verification_type import VerificationType, check_verification_type

T = TypeVar("T", bound="Verification")


@_attrs_define
class Verification:
    """
    Attributes:
        type_ (VerificationType):
        name (str): Where to publish the TXT record: _saas-verification.<domain>
        value (str): The TXT record's value
    """

    type_: VerificationType
    name: str
    value: str

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        name = self.name

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_verification_type(d.pop("type"))

        name = d.pop("name")

        value = d.pop("value")

        verification = cls(
            type_=type_,
            name=name,
            value=value,
        )

        return verification
