from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user import User


T = TypeVar("T", bound="VerifiedUser")


@_attrs_define
class VerifiedUser:
    """
    Attributes:
        success (bool):
        user (User):
    """

    success: bool
    user: User

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        user = User.from_dict(d.pop("user"))

        verified_user = cls(
            success=success,
            user=user,
        )

        return verified_user
