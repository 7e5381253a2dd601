from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="Member")


@_attrs_define
class Member:
    """
    Attributes:
        user (UserRef):
        role (str): "owner", "admin" or "member"
        joined_at (datetime.datetime):
    """

    user: UserRef
    role: str
    joined_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        role = self.role

        joined_at = self.joined_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "role": role,
                "joinedAt": joined_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        user = UserRef.from_dict(d.pop("user"))

        role = d.pop("role")

        joined_at = datetime.datetime.fromisoformat(d.pop("joinedAt"))

        member = cls(
            user=user,
            role=role,
            joined_at=joined_at,
        )

        return member
