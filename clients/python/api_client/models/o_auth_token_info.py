from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OAuthTokenInfo")


@_attrs_define
class OAuthTokenInfo:
    """
    Attributes:
        client_id (str):
        client_name (str):
        scope (str): Its scopes, space-separated
        expires_at (datetime.datetime):
    """

    client_id: str
    client_name: str
    scope: str
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_name = self.client_name

        scope = self.scope

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "clientName": client_name,
                "scope": scope,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        client_name = d.pop("clientName")

        scope = d.pop("scope")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        o_auth_token_info = cls(
            client_id=client_id,
            client_name=client_name,
            scope=scope,
            expires_at=expires_at,
        )

        return o_auth_token_info
