from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """
    Attributes:
        id (str):
        email (str):
        name (None | str):
        image (None | str):
        email_verified (bool):
        created_at (datetime.datetime):
        two_factor_enabled (bool):
        role (str): "user" or "admin"
    """

    id: str
    email: str
    name: None | str
    image: None | str
    email_verified: bool
    created_at: datetime.datetime
    two_factor_enabled: bool
    role: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        name: None | str
        name = self.name

        image: None | str
        image = self.image

        email_verified = self.email_verified

        created_at = self.created_at.isoformat()

        two_factor_enabled = self.two_factor_enabled

        role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "image": image,
                "emailVerified": email_verified,
                "createdAt": created_at,
                "twoFactorEnabled": two_factor_enabled,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_image(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        image = _parse_image(d.pop("image"))

        email_verified = d.pop("emailVerified")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        two_factor_enabled = d.pop("twoFactorEnabled")

        role = d.pop("role")

        user = cls(
            id=id,
            email=email,
            name=name,
            image=image,
            email_verified=email_verified,
            created_at=created_at,
            two_factor_enabled=two_factor_enabled,
            role=role,
        )

        return user
