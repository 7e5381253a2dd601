from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.admin_user_detail_role import AdminUserDetailRole, check_admin_user_detail_role

if TYPE_CHECKING:
    from ..models.user_counts import UserCounts


T = TypeVar("T", bound="AdminUserDetail")


@_attrs_define
class AdminUserDetail:
    """
    Attributes:
        id (str):
        email (str):
        name (None | str):
        image (None | str):
        email_verified (bool):
        created_at (datetime.datetime):
        two_factor_enabled (bool):
        role (AdminUserDetailRole):
        banned (bool):
        ban_reason (None | str):
        ban_expires_at (datetime.datetime | None):
        counts (UserCounts):
    """

    id: str
    email: str
    name: None | str
    image: None | str
    email_verified: bool
    created_at: datetime.datetime
    two_factor_enabled: bool
    role: AdminUserDetailRole
    banned: bool
    ban_reason: None | str
    ban_expires_at: datetime.datetime | None
    counts: UserCounts

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

        role: str = self.role

        banned = self.banned

        ban_reason: None | str
        ban_reason = self.ban_reason

        ban_expires_at: None | str
        if isinstance(self.ban_expires_at, datetime.datetime):
            ban_expires_at = self.ban_expires_at.isoformat()
        else:
            ban_expires_at = self.ban_expires_at

        counts = self.counts.to_dict()

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
                "banned": banned,
                "banReason": ban_reason,
                "banExpiresAt": ban_expires_at,
                "counts": counts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_counts import UserCounts  # noqa: PLC0415

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

        role = check_admin_user_detail_role(d.pop("role"))

        banned = d.pop("banned")

        def _parse_ban_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ban_reason = _parse_ban_reason(d.pop("banReason"))

        def _parse_ban_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ban_expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return ban_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ban_expires_at = _parse_ban_expires_at(d.pop("banExpiresAt"))

        counts = UserCounts.from_dict(d.pop("counts"))

        admin_user_detail = cls(
            id=id,
            email=email,
            name=name,
            image=image,
            email_verified=email_verified,
            created_at=created_at,
            two_factor_enabled=two_factor_enabled,
            role=role,
            banned=banned,
            ban_reason=ban_reason,
            ban_expires_at=ban_expires_at,
            counts=counts,
        )

        return admin_user_detail
