from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.certificate import Certificate
    from ..models.idp_initiated import IdpInitiated


T = TypeVar("T", bound="SamlSettings")


@_attrs_define
class SamlSettings:
    """
    Attributes:
        idp_entity_id (str):
        idp_sso_url (str):
        sp_entity_id (str):
        acs_url (str):
        metadata_url (str):
        certificates (list[Certificate]):
        idp_initiated (IdpInitiated):
    """

    idp_entity_id: str
    idp_sso_url: str
    sp_entity_id: str
    acs_url: str
    metadata_url: str
    certificates: list[Certificate]
    idp_initiated: IdpInitiated

    def to_dict(self) -> dict[str, Any]:
        idp_entity_id = self.idp_entity_id

        idp_sso_url = self.idp_sso_url

        sp_entity_id = self.sp_entity_id

        acs_url = self.acs_url

        metadata_url = self.metadata_url

        certificates = []
        for certificates_item_data in self.certificates:
            certificates_item = certificates_item_data.to_dict()
            certificates.append(certificates_item)

        idp_initiated = self.idp_initiated.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "idpEntityId": idp_entity_id,
                "idpSsoUrl": idp_sso_url,
                "spEntityId": sp_entity_id,
                "acsUrl": acs_url,
                "metadataUrl": metadata_url,
                "certificates": certificates,
                "idpInitiated": idp_initiated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.certificate import Certificate  # noqa: PLC0415
        from ..models.idp_initiated import IdpInitiated  # noqa: PLC0415

        d = dict(src_dict)
        idp_entity_id = d.pop("idpEntityId")

        idp_sso_url = d.pop("idpSsoUrl")

        sp_entity_id = d.pop("spEntityId")

        acs_url = d.pop("acsUrl")

        metadata_url = d.pop("metadataUrl")

        certificates = []
        _certificates = d.pop("certificates")
        for certificates_item_data in _certificates:
            certificates_item = Certificate.from_dict(certificates_item_data)

            certificates.append(certificates_item)

        idp_initiated = IdpInitiated.from_dict(d.pop("idpInitiated"))

        saml_settings = cls(
            idp_entity_id=idp_entity_id,
            idp_sso_url=idp_sso_url,
            sp_entity_id=sp_entity_id,
            acs_url=acs_url,
            metadata_url=metadata_url,
            certificates=certificates,
            idp_initiated=idp_initiated,
        )

        return saml_settings
