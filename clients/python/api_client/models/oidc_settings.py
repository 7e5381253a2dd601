from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OidcSettings")


@_attrs_define
class OidcSettings:
    """
    Attributes:
        issuer (str):
        client_id (str):
        redirect_uri (str): To register at the provider: {API_BASE_URL}/api/auth/sso/oidc/callback
    """

    issuer: str
    client_id: str
    redirect_uri: str

    def to_dict(self) -> dict[str, Any]:
        issuer = self.issuer

        client_id = self.client_id

        redirect_uri = self.redirect_uri

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "issuer": issuer,
                "clientId": client_id,
                "redirectUri": redirect_uri,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        issuer = d.pop("issuer")

        client_id = d.pop("clientId")

        redirect_uri = d.pop("redirectUri")

        oidc_settings = cls(
            issuer=issuer,
            client_id=client_id,
            redirect_uri=redirect_uri,
        )

        return oidc_settings
