from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_sign_in_step_options import PasskeySignInStepOptions
    from ..models.session import Session
    from ..models.user import User


T = TypeVar("T", bound="PasskeySignInStep")


@_attrs_define
class PasskeySignInStep:
    """
    Attributes:
        options (PasskeySignInStepOptions | Unset): PublicKeyCredentialCreationOptionsJSON or
            PublicKeyCredentialRequestOptionsJSON
        challenge_id (str | Unset): Send back with the credential
        user (User | Unset):
        session (Session | Unset):
    """

    options: PasskeySignInStepOptions | Unset = UNSET
    challenge_id: str | Unset = UNSET
    user: User | Unset = UNSET
    session: Session | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        challenge_id = self.challenge_id

        user: dict[str, Any] | Unset = UNSET
        if not isinstance(self.user, Unset):
            user = self.user.to_dict()

        session: dict[str, Any] | Unset = UNSET
        if not isinstance(self.session, Unset):
            session = self.session.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if options is not UNSET:
            field_dict["options"] = options
        if challenge_id is not UNSET:
            field_dict["challengeId"] = challenge_id
        if user is not UNSET:
            field_dict["user"] = user
        if session is not UNSET:
            field_dict["session"] = session

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.passkey_sign_in_step_options import PasskeySignInStepOptions  # noqa: PLC0415
        from ..models.session import Session  # noqa: PLC0415
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        _options = d.pop("options", UNSET)
        options: PasskeySignInStepOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = PasskeySignInStepOptions.from_dict(_options)

        challenge_id = d.pop("challengeId", UNSET)

        _user = d.pop("user", UNSET)
        user: User | Unset
        if isinstance(_user, Unset):
            user = UNSET
        else:
            user = User.from_dict(_user)

        _session = d.pop("session", UNSET)
        session: Session | Unset
        if isinstance(_session, Unset):
            session = UNSET
        else:
            session = Session.from_dict(_session)

        passkey_sign_in_step = cls(
            options=options,
            challenge_id=challenge_id,
            user=user,
            session=session,
        )

        return passkey_sign_in_step
