from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Oauth2TokenBody")


@_attrs_define
class Oauth2TokenBody:
    """
    Attributes:
        grant_type (str): authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code
        code (str | Unset): The code
        device_code (str | Unset): The device code (RFC 8628 3.4)
        redirect_uri (str | Unset): Exactly the authorization's
        code_verifier (str | Unset): PKCE's
        refresh_token (str | Unset): ort_...
        scope (str | Unset): Fewer scopes (a refresh)
        resource (str | Unset): The token's audience (RFC 8707)
        client_id (str | Unset): The client (its secret by HTTP Basic, or client_secret here)
        client_secret (str | Unset): A confidential client's secret (client_secret_post)
    """

    grant_type: str
    code: str | Unset = UNSET
    device_code: str | Unset = UNSET
    redirect_uri: str | Unset = UNSET
    code_verifier: str | Unset = UNSET
    refresh_token: str | Unset = UNSET
    scope: str | Unset = UNSET
    resource: str | Unset = UNSET
    client_id: str | Unset = UNSET
    client_secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grant_type = self.grant_type

        code = self.code

        device_code = self.device_code

        redirect_uri = self.redirect_uri

        code_verifier = self.code_verifier

        refresh_token = self.refresh_token

        scope = self.scope

        resource = self.resource

        client_id = self.client_id

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grant_type": grant_type,
            }
        )
        if code is not UNSET:
            field_dict["code"] = code
        if device_code is not UNSET:
            field_dict["device_code"] = device_code
        if redirect_uri is not UNSET:
            field_dict["redirect_uri"] = redirect_uri
        if code_verifier is not UNSET:
            field_dict["code_verifier"] = code_verifier
        if refresh_token is not UNSET:
            field_dict["refresh_token"] = refresh_token
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
        grant_type = d.pop("grant_type")

        code = d.pop("code", UNSET)

        device_code = d.pop("device_code", UNSET)

        redirect_uri = d.pop("redirect_uri", UNSET)

        code_verifier = d.pop("code_verifier", UNSET)

        refresh_token = d.pop("refresh_token", UNSET)

        scope = d.pop("scope", UNSET)

        resource = d.pop("resource", UNSET)

        client_id = d.pop("client_id", UNSET)

        client_secret = d.pop("client_secret", UNSET)

        oauth_2_token_body = cls(
            grant_type=grant_type,
            code=code,
            device_code=device_code,
            redirect_uri=redirect_uri,
            code_verifier=code_verifier,
            refresh_token=refresh_token,
            scope=scope,
            resource=resource,
            client_id=client_id,
            client_secret=client_secret,
        )

        oauth_2_token_body.additional_properties = d
        return oauth_2_token_body

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
