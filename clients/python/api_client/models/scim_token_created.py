from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.scim_token import ScimToken


T = TypeVar("T", bound="ScimTokenCreated")


@_attrs_define
class ScimTokenCreated:
    """
    Attributes:
        data (ScimToken):
        token (str): scim_ and 43 base64url characters: shown only in this answer
    """

    data: ScimToken
    token: str

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scim_token import ScimToken  # noqa: PLC0415

        d = dict(src_dict)
        data = ScimToken.from_dict(d.pop("data"))

        token = d.pop("token")

        scim_token_created = cls(
            data=data,
            token=token,
        )

        return scim_token_created
