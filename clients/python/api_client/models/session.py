from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """
    Attributes:
        id (str):
        token (str): Bearer token for the Authorization header
        expires_at (datetime.datetime):
    """

    id: str
    token: str
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        token = self.token

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "token": token,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        token = d.pop("token")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        session = cls(
            id=id,
            token=token,
            expires_at=expires_at,
        )

        return session
