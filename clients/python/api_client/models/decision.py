from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_decision import DecisionDecision, check_decision_decision
from ..types import UNSET, Unset

T = TypeVar("T", bound="Decision")


@_attrs_define
class Decision:
    """
    Attributes:
        decision (DecisionDecision):
        password (str | Unset):
        totp_code (str | Unset):
    """

    decision: DecisionDecision
    password: str | Unset = UNSET
    totp_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        decision: str = self.decision

        password = self.password

        totp_code = self.totp_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
            }
        )
        if password is not UNSET:
            field_dict["password"] = password
        if totp_code is not UNSET:
            field_dict["totpCode"] = totp_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        decision = check_decision_decision(d.pop("decision"))

        password = d.pop("password", UNSET)

        totp_code = d.pop("totpCode", UNSET)

        decision = cls(
            decision=decision,
            password=password,
            totp_code=totp_code,
        )

        decision.additional_properties = d
        return decision

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
