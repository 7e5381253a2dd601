from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Oauth2DeviceAuthorizationResponse200")


@_attrs_define
class Oauth2DeviceAuthorizationResponse200:
    """
    Attributes:
        device_code (str | Unset):
        user_code (str | Unset):
        verification_uri (str | Unset):
        verification_uri_complete (str | Unset):
        expires_in (int | Unset):
        interval (int | Unset):
    """

    device_code: str | Unset = UNSET
    user_code: str | Unset = UNSET
    verification_uri: str | Unset = UNSET
    verification_uri_complete: str | Unset = UNSET
    expires_in: int | Unset = UNSET
    interval: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        device_code = self.device_code

        user_code = self.user_code

        verification_uri = self.verification_uri

        verification_uri_complete = self.verification_uri_complete

        expires_in = self.expires_in

        interval = self.interval

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if device_code is not UNSET:
            field_dict["device_code"] = device_code
        if user_code is not UNSET:
            field_dict["user_code"] = user_code
        if verification_uri is not UNSET:
            field_dict["verification_uri"] = verification_uri
        if verification_uri_complete is not UNSET:
            field_dict["verification_uri_complete"] = verification_uri_complete
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in
        if interval is not UNSET:
            field_dict["interval"] = interval

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        device_code = d.pop("device_code", UNSET)

        user_code = d.pop("user_code", UNSET)

        verification_uri = d.pop("verification_uri", UNSET)

        verification_uri_complete = d.pop("verification_uri_complete", UNSET)

        expires_in = d.pop("expires_in", UNSET)

        interval = d.pop("interval", UNSET)

        oauth_2_device_authorization_response_200 = cls(
            device_code=device_code,
            user_code=user_code,
            verification_uri=verification_uri,
            verification_uri_complete=verification_uri_complete,
            expires_in=expires_in,
            interval=interval,
        )

        oauth_2_device_authorization_response_200.additional_properties = d
        return oauth_2_device_authorization_response_200

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
