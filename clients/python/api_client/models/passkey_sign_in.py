from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_sign_in_credential import PasskeySignInCredential


T = TypeVar("T", bound="PasskeySignIn")


@_attrs_define
class PasskeySignIn:
    """
    Attributes:
        challenge_id (str | Unset): Step 2: the challengeId that step 1 answered
        credential (PasskeySignInCredential | Unset): Step 2: the PublicKeyCredential's toJSON() (WebAuthn JSON form)
        email (str | Unset): Step 1: offer only this account's passkeys; without it any discoverable passkey signs in
    """

    challenge_id: str | Unset = UNSET
    credential: PasskeySignInCredential | Unset = UNSET
    email: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenge_id = self.challenge_id

        credential: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credential, Unset):
            credential = self.credential.to_dict()

        email = self.email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if challenge_id is not UNSET:
            field_dict["challengeId"] = challenge_id
        if credential is not UNSET:
            field_dict["credential"] = credential
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.passkey_sign_in_credential import PasskeySignInCredential  # noqa: PLC0415

        d = dict(src_dict)
        challenge_id = d.pop("challengeId", UNSET)

        _credential = d.pop("credential", UNSET)
        credential: PasskeySignInCredential | Unset
        if isinstance(_credential, Unset):
            credential = UNSET
        else:
            credential = PasskeySignInCredential.from_dict(_credential)

        email = d.pop("email", UNSET)

        passkey_sign_in = cls(
            challenge_id=challenge_id,
            credential=credential,
            email=email,
        )

        passkey_sign_in.additional_properties = d
        return passkey_sign_in

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
