from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.new_passkey import NewPasskey
    from ..models.passkey_register_step_options import PasskeyRegisterStepOptions


T = TypeVar("T", bound="PasskeyRegisterStep")


@_attrs_define
class PasskeyRegisterStep:
    """
    Attributes:
        passkey (NewPasskey | Unset):
        options (PasskeyRegisterStepOptions | Unset): PublicKeyCredentialCreationOptionsJSON or
            PublicKeyCredentialRequestOptionsJSON
        challenge_id (str | Unset): Send back with the credential
    """

    passkey: NewPasskey | Unset = UNSET
    options: PasskeyRegisterStepOptions | Unset = UNSET
    challenge_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        passkey: dict[str, Any] | Unset = UNSET
        if not isinstance(self.passkey, Unset):
            passkey = self.passkey.to_dict()

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        challenge_id = self.challenge_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if passkey is not UNSET:
            field_dict["passkey"] = passkey
        if options is not UNSET:
            field_dict["options"] = options
        if challenge_id is not UNSET:
            field_dict["challengeId"] = challenge_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.new_passkey import NewPasskey  # noqa: PLC0415
        from ..models.passkey_register_step_options import PasskeyRegisterStepOptions  # noqa: PLC0415

        d = dict(src_dict)
        _passkey = d.pop("passkey", UNSET)
        passkey: NewPasskey | Unset
        if isinstance(_passkey, Unset):
            passkey = UNSET
        else:
            passkey = NewPasskey.from_dict(_passkey)

        _options = d.pop("options", UNSET)
        options: PasskeyRegisterStepOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = PasskeyRegisterStepOptions.from_dict(_options)

        challenge_id = d.pop("challengeId", UNSET)

        passkey_register_step = cls(
            passkey=passkey,
            options=options,
            challenge_id=challenge_id,
        )

        return passkey_register_step
