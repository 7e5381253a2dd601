from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.connection_update_status import ConnectionUpdateStatus, check_connection_update_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.idp_initiated_update import IdpInitiatedUpdate


T = TypeVar("T", bound="ConnectionUpdate")


@_attrs_define
class ConnectionUpdate:
    """
    Attributes:
        name (str | Unset):
        status (ConnectionUpdateStatus | Unset):
        client_secret (str | Unset): OIDC connections only
        idp_metadata_xml (str | Unset): SAML connections only
        idp_initiated (IdpInitiatedUpdate | Unset):
    """

    name: str | Unset = UNSET
    status: ConnectionUpdateStatus | Unset = UNSET
    client_secret: str | Unset = UNSET
    idp_metadata_xml: str | Unset = UNSET
    idp_initiated: IdpInitiatedUpdate | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        client_secret = self.client_secret

        idp_metadata_xml = self.idp_metadata_xml

        idp_initiated: dict[str, Any] | Unset = UNSET
        if not isinstance(self.idp_initiated, Unset):
            idp_initiated = self.idp_initiated.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if status is not UNSET:
            field_dict["status"] = status
        if client_secret is not UNSET:
            field_dict["clientSecret"] = client_secret
        if idp_metadata_xml is not UNSET:
            field_dict["idpMetadataXml"] = idp_metadata_xml
        if idp_initiated is not UNSET:
            field_dict["idpInitiated"] = idp_initiated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.idp_initiated_update import IdpInitiatedUpdate  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _status = d.pop("status", UNSET)
        status: ConnectionUpdateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_connection_update_status(_status)

        client_secret = d.pop("clientSecret", UNSET)

        idp_metadata_xml = d.pop("idpMetadataXml", UNSET)

        _idp_initiated = d.pop("idpInitiated", UNSET)
        idp_initiated: IdpInitiatedUpdate | Unset
        if isinstance(_idp_initiated, Unset):
            idp_initiated = UNSET
        else:
            idp_initiated = IdpInitiatedUpdate.from_dict(_idp_initiated)

        connection_update = cls(
            name=name,
            status=status,
            client_secret=client_secret,
            idp_metadata_xml=idp_metadata_xml,
            idp_initiated=idp_initiated,
        )

        connection_update.additional_properties = d
        return connection_update

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
