from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Oauth2DeviceAuthorizationBody")


@_attrs_define
class Oauth2DeviceAuthorizationBody:
    """
    Attributes:
        scope (str | Unset): Space-separated scopes (default read)
        resource (str | Unset): The tokens' audiences (RFC 8707; may repeat)
        client_id (str | Unset): The client (its secret by HTTP Basic, or client_secret here)
        client_secret (str | Unset): A confidential client's secret (client_secret_post)
    """

    scope: str | Unset = UNSET
    resource: str | Unset = UNSET
    client_id: str | Unset = UNSET
    client_secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scope = self.scope

        resource = self.resource

        client_id = self.client_id

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if scope is not UNSET:
            field_dict["scope"] = scope
        if resource is not UNSET:
            field_dict["resource"] = resource
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scope = d.pop("scope", UNSET)

        resource = d.pop("resource", UNSET)

        client_id = d.pop("client_id", UNSET)

        client_secret = d.pop("client_secret", UNSET)

        oauth_2_device_authorization_body = cls(
            scope=scope,
            resource=resource,
            client_id=client_id,
            client_secret=client_secret,
        )

        oauth_2_device_authorization_body.additional_properties = d
        return oauth_2_device_authorization_body

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
