from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TwoFactorSetup")


@_attrs_define
class TwoFactorSetup:
    """
    Attributes:
        secret (str): TOTP shared secret, base32
        qr_code (str): data:image/png;base64,... of otpauthUrl
        otpauth_url (str): The otpauth://totp/... key URI
    """

    secret: str
    qr_code: str
    otpauth_url: str

    def to_dict(self) -> dict[str, Any]:
        secret = self.secret

        qr_code = self.qr_code

        otpauth_url = self.otpauth_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "secret": secret,
                "qrCode": qr_code,
                "otpauthUrl": otpauth_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        secret = d.pop("secret")

        qr_code = d.pop("qrCode")

        otpauth_url = d.pop("otpauthUrl")

        two_factor_setup = cls(
            secret=secret,
            qr_code=qr_code,
            otpauth_url=otpauth_url,
        )

        return two_factor_setup
