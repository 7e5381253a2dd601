from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_register_credential import PasskeyRegisterCredential


T = TypeVar("T", bound="PasskeyRegister")


@_attrs_define
class PasskeyRegister:
    """
    Attributes:
        password (str | Unset): Required when the account has a password
        totp_code (str | Unset): Required when two-factor is on: a current code or a recovery code
        challenge_id (str | Unset): Step 2: the challengeId that step 1 answered
        credential (PasskeyRegisterCredential | Unset): Step 2: the PublicKeyCredential's toJSON() (WebAuthn JSON form)
        name (str | Unset): Step 2: a label for the passkey (default "Passkey")
    """

    password: str | Unset = UNSET
    totp_code: str | Unset = UNSET
    challenge_id: str | Unset = UNSET
    credential: PasskeyRegisterCredential | Unset = UNSET
    name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        password = self.password

        totp_code = self.totp_code

        challenge_id = self.challenge_id

        credential: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credential, Unset):
            credential = self.credential.to_dict()

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if password is not UNSET:
            field_dict["password"] = password
        if totp_code is not UNSET:
            field_dict["totpCode"] = totp_code
        if challenge_id is not UNSET:
            field_dict["challengeId"] = challenge_id
        if credential is not UNSET:
            field_dict["credential"] = credential
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.passkey_register_credential import PasskeyRegisterCredential  # noqa: PLC0415

        d = dict(src_dict)
        password = d.pop("password", UNSET)

        totp_code = d.pop("totpCode", UNSET)

        challenge_id = d.pop("challengeId", UNSET)

        _credential = d.pop("credential", UNSET)
        credential: PasskeyRegisterCredential | Unset
        if isinstance(_credential, Unset):
            credential = UNSET
        else:
            credential = PasskeyRegisterCredential.from_dict(_credential)

        name = d.pop("name", UNSET)

        passkey_register = cls(
            password=password,
            totp_code=totp_code,
            challenge_id=challenge_id,
            credential=credential,
            name=name,
        )

        passkey_register.additional_properties = d
        return passkey_register

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
