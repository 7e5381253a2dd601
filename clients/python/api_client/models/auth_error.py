from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.auth_error_details import AuthErrorDetails


T = TypeVar("T", bound="AuthError")


@_attrs_define
class AuthError:
    """
    Attributes:
        error (str): Upper-case error code
        message (str):
        details (AuthErrorDetails | Unset):
    """

    error: str
    message: str
    details: AuthErrorDetails | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        error = self.error

        message = self.message

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
                "message": message,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auth_error_details import AuthErrorDetails  # noqa: PLC0415

        d = dict(src_dict)
        error = d.pop("error")

        message = d.pop("message")

        _details = d.pop("details", UNSET)
        details: AuthErrorDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = AuthErrorDetails.from_dict(_details)

        auth_error = cls(
            error=error,
            message=message,
            details=details,
        )

        return auth_error
