from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.new_passkey import NewPasskey


T = TypeVar("T", bound="PasskeyCreated")


@_attrs_define
class PasskeyCreated:
    """
    Attributes:
        passkey (NewPasskey | Unset):
    """

    passkey: NewPasskey | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        passkey: dict[str, Any] | Unset = UNSET
        if not isinstance(self.passkey, Unset):
            passkey = self.passkey.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if passkey is not UNSET:
            field_dict["passkey"] = passkey

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.new_passkey import NewPasskey  # noqa: PLC0415

        d = dict(src_dict)
        _passkey = d.pop("passkey", UNSET)
        passkey: NewPasskey | Unset
        if isinstance(_passkey, Unset):
            passkey = UNSET
        else:
            passkey = NewPasskey.from_dict(_passkey)

        passkey_created = cls(
            passkey=passkey,
        )

        return passkey_created
