from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="IdpInitiated")


@_attrs_define
class IdpInitiated:
    """
    Attributes:
        allowed (bool): Whether a Response that answers no request is accepted (false by default: it allows a login
            CSRF)
        redirect_url (None | str): Where an IdP-initiated sign-in completes with a one-time `code`
    """

    allowed: bool
    redirect_url: None | str

    def to_dict(self) -> dict[str, Any]:
        allowed = self.allowed

        redirect_url: None | str
        redirect_url = self.redirect_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "allowed": allowed,
                "redirectUrl": redirect_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allowed = d.pop("allowed")

        def _parse_redirect_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redirect_url = _parse_redirect_url(d.pop("redirectUrl"))

        idp_initiated = cls(
            allowed=allowed,
            redirect_url=redirect_url,
        )

        return idp_initiated
