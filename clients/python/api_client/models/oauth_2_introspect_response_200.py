from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Oauth2IntrospectResponse200")


@_attrs_define
class Oauth2IntrospectResponse200:
    """
    Attributes:
        active (bool | Unset):
        scope (str | Unset):
        client_id (str | Unset):
        sub (str | Unset):
        exp (int | Unset):
    """

    active: bool | Unset = UNSET
    scope: str | Unset = UNSET
    client_id: str | Unset = UNSET
    sub: str | Unset = UNSET
    exp: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        scope = self.scope

        client_id = self.client_id

        sub = self.sub

        exp = self.exp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if active is not UNSET:
            field_dict["active"] = active
        if scope is not UNSET:
            field_dict["scope"] = scope
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if sub is not UNSET:
            field_dict["sub"] = sub
        if exp is not UNSET:
            field_dict["exp"] = exp

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active", UNSET)

        scope = d.pop("scope", UNSET)

        client_id = d.pop("client_id", UNSET)

        sub = d.pop("sub", UNSET)

        exp = d.pop("exp", UNSET)

        oauth_2_introspect_response_200 = cls(
            active=active,
            scope=scope,
            client_id=client_id,
            sub=sub,
            exp=exp,
        )

        oauth_2_introspect_response_200.additional_properties = d
        return oauth_2_introspect_response_200

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
