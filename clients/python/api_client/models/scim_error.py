from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ScimError")


@_attrs_define
class ScimError:
    """
    Attributes:
        schemas (list[str]):
        status (str): The HTTP status
        detail (str):
        scim_type (str | Unset): RFC 7644 Table 9 (e.g. uniqueness)
    """

    schemas: list[str]
    status: str
    detail: str
    scim_type: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        schemas = self.schemas

        status = self.status

        detail = self.detail

        scim_type = self.scim_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schemas": schemas,
                "status": status,
                "detail": detail,
            }
        )
        if scim_type is not UNSET:
            field_dict["scimType"] = scim_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        schemas = cast(list[str], d.pop("schemas"))

        status = d.pop("status")

        detail = d.pop("detail")

        scim_type = d.pop("scimType", UNSET)

        scim_error = cls(
            schemas=schemas,
            status=status,
            detail=detail,
            scim_type=scim_type,
        )

        return scim_error
