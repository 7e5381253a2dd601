from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Meta")


@_attrs_define
class Meta:
    """
    Attributes:
        total (int):
        page (int):
        limit (int):
        pages (int):
    """

    total: int
    page: int
    limit: int
    pages: int

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        page = self.page

        limit = self.limit

        pages = self.pages

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "page": page,
                "limit": limit,
                "pages": pages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        page = d.pop("page")

        limit = d.pop("limit")

        pages = d.pop("pages")

        meta = cls(
            total=total,
            page=page,
            limit=limit,
            pages=pages,
        )

        return meta
