from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.api_key import ApiKey


T = TypeVar("T", bound="ApiKeyCreated")


@_attrs_define
class ApiKeyCreated:
    """
    Attributes:
        api_key (ApiKey):
        key (str): sk_ and 43 base64url characters: shown only in this answer
    """

    api_key: ApiKey
    key: str

    def to_dict(self) -> dict[str, Any]:
        api_key = self.api_key.to_dict()

        key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "apiKey": api_key,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.api_key import ApiKey  # noqa: PLC0415

        d = dict(src_dict)
        api_key = ApiKey.from_dict(d.pop("apiKey"))

        key = d.pop("key")

        api_key_created = cls(
            api_key=api_key,
            key=key,
        )

        return api_key_created
