from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.connection_create_type import ConnectionCreateType, check_connection_create_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="ConnectionCreate")


@_attrs_define
class ConnectionCreate:
    """
    Attributes:
        type_ (ConnectionCreateType):
        name (str):
        issuer (str | Unset): OIDC: the provider's issuer; {issuer}/.well-known/openid-configuration is read at creation
        client_id (str | Unset): OIDC
        client_secret (str | Unset): OIDC: kept encrypted, never answered
        idp_metadata_xml (str | Unset): SAML: the identity provider's metadata (no DOCTYPE)
    """

    type_: ConnectionCreateType
    name: str
    issuer: str | Unset = UNSET
    client_id: str | Unset = UNSET
    client_secret: str | Unset = UNSET
    idp_metadata_xml: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        name = self.name

        issuer = self.issuer

        client_id = self.client_id

        client_secret = self.client_secret

        idp_metadata_xml = self.idp_metadata_xml

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "name": name,
            }
        )
        if issuer is not UNSET:
            field_dict["issuer"] = issuer
        if client_id is not UNSET:
            field_dict["clientId"] = client_id
        if client_secret is not UNSET:
            field_dict["clientSecret"] = client_secret
        if idp_metadata_xml is not UNSET:
            field_dict["idpMetadataXml"] = idp_metadata_xml

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_connection_create_type(d.pop("type"))

        name = d.pop("name")

        issuer = d.pop("issuer", UNSET)

        client_id = d.pop("clientId", UNSET)

        client_secret = d.pop("clientSecret", UNSET)

        idp_metadata_xml = d.pop("idpMetadataXml", UNSET)

        connection_create = cls(
            type_=type_,
            name=name,
            issuer=issuer,
            client_id=client_id,
            client_secret=client_secret,
            idp_metadata_xml=idp_metadata_xml,
        )

        connection_create.additional_properties = d
        return connection_create

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
