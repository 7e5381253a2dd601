from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.connection_status import ConnectionStatus, check_connection_status
from ..models.connection_type import ConnectionType, check_connection_type

if TYPE_CHECKING:
    from ..models.oidc_settings import OidcSettings
    from ..models.saml_settings import SamlSettings


T = TypeVar("T", bound="Connection")


@_attrs_define
class Connection:
    """
    Attributes:
        id (str):
        project_id (str):
        type_ (ConnectionType):
        name (str):
        status (ConnectionStatus):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        oidc (None | OidcSettings):
        saml (None | SamlSettings):
    """

    id: str
    project_id: str
    type_: ConnectionType
    name: str
    status: ConnectionStatus
    created_at: datetime.datetime
    updated_at: datetime.datetime
    oidc: None | OidcSettings
    saml: None | SamlSettings

    def to_dict(self) -> dict[str, Any]:
        from ..models.oidc_settings import OidcSettings  # noqa: PLC0415
        from ..models.saml_settings import SamlSettings  # noqa: PLC0415

        id = self.id

        project_id = self.project_id

        type_: str = self.type_

        name = self.name

        status: str = self.status

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        oidc: dict[str, Any] | None
        if isinstance(self.oidc, OidcSettings):
            oidc = self.oidc.to_dict()
        else:
            oidc = self.oidc

        saml: dict[str, Any] | None
        if isinstance(self.saml, SamlSettings):
            saml = self.saml.to_dict()
        else:
            saml = self.saml

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "projectId": project_id,
                "type": type_,
                "name": name,
                "status": status,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "oidc": oidc,
                "saml": saml,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.oidc_settings import OidcSettings  # noqa: PLC0415
        from ..models.saml_settings import SamlSettings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        type_ = check_connection_type(d.pop("type"))

        name = d.pop("name")

        status = check_connection_status(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_oidc(data: object) -> None | OidcSettings:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                oidc_type_0 = OidcSettings.from_dict(data)

                return oidc_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OidcSettings, data)

        oidc = _parse_oidc(d.pop("oidc"))

        def _parse_saml(data: object) -> None | SamlSettings:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                saml_type_0 = SamlSettings.from_dict(data)

                return saml_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SamlSettings, data)

        saml = _parse_saml(d.pop("saml"))

        connection = cls(
            id=id,
            project_id=project_id,
            type_=type_,
            name=name,
            status=status,
            created_at=created_at,
            updated_at=updated_at,
            oidc=oidc,
            saml=saml,
        )

        return connection
