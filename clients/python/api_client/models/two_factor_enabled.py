from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user import User


T = TypeVar("T", bound="TwoFactorEnabled")


@_attrs_define
class TwoFactorEnabled:
    """
    Attributes:
        success (bool):
        user (User):
        recovery_codes (list[str]): 10 single-use recovery codes, shown only in this answer
    """

    success: bool
    user: User
    recovery_codes: list[str]

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        user = self.user.to_dict()

        recovery_codes = self.recovery_codes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "user": user,
                "recoveryCodes": recovery_codes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        user = User.from_dict(d.pop("user"))

        recovery_codes = cast(list[str], d.pop("recoveryCodes"))

        two_factor_enabled = cls(
            success=success,
            user=user,
            recovery_codes=recovery_codes,
        )

        return two_factor_enabled
