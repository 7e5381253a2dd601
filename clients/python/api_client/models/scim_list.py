from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.scim_resource import ScimResource


T = TypeVar("T", bound="ScimList")


@_attrs_define
class ScimList:
    """
    Attributes:
        schemas (list[str]):
        total_results (int):
        start_index (int):
        items_per_page (int):
        resources (list[ScimResource]):
    """

    schemas: list[str]
    total_results: int
    start_index: int
    items_per_page: int
    resources: list[ScimResource]

    def to_dict(self) -> dict[str, Any]:
        schemas = self.schemas

        total_results = self.total_results

        start_index = self.start_index

        items_per_page = self.items_per_page

        resources = []
        for resources_item_data in self.resources:
            resources_item = resources_item_data.to_dict()
            resources.append(resources_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schemas": schemas,
                "totalResults": total_results,
                "startIndex": start_index,
                "itemsPerPage": items_per_page,
                "Resources": resources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scim_resource import ScimResource  # noqa: PLC0415

        d = dict(src_dict)
        schemas = cast(list[str], d.pop("schemas"))

        total_results = d.pop("totalResults")

        start_index = d.pop("startIndex")

        items_per_page = d.pop("itemsPerPage")

        resources = []
        _resources = d.pop("Resources")
        for resources_item_data in _resources:
            resources_item = ScimResource.from_dict(resources_item_data)

            resources.append(resources_item)

        scim_list = cls(
            schemas=schemas,
            total_results=total_results,
            start_index=start_index,
            items_per_page=items_per_page,
            resources=resources,
        )

        return scim_list
