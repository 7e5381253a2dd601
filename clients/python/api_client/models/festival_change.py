from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.festival_change_status import FestivalChangeStatus, check_festival_change_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="FestivalChange")


@_attrs_define
class FestivalChange:
    """
    Attributes:
        name (str | Unset):
        slug (str | Unset):
        description (None | str | Unset):
        location (None | str | Unset):
        starts_at (str | Unset):
        ends_at (str | Unset):
        capacity (int | None | Unset):
        status (FestivalChangeStatus | Unset):
    """

    name: str | Unset = UNSET
    slug: str | Unset = UNSET
    description: None | str | Unset = UNSET
    location: None | str | Unset = UNSET
    starts_at: str | Unset = UNSET
    ends_at: str | Unset = UNSET
    capacity: int | None | Unset = UNSET
    status: FestivalChangeStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        slug = self.slug

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        starts_at = self.starts_at

        ends_at = self.ends_at

        capacity: int | None | Unset
        if isinstance(self.capacity, Unset):
            capacity = UNSET
        else:
            capacity = self.capacity

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if slug is not UNSET:
            field_dict["slug"] = slug
        if description is not UNSET:
            field_dict["description"] = description
        if location is not UNSET:
            field_dict["location"] = location
        if starts_at is not UNSET:
            field_dict["startsAt"] = starts_at
        if ends_at is not UNSET:
            field_dict["endsAt"] = ends_at
        if capacity is not UNSET:
            field_dict["capacity"] = capacity
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        slug = d.pop("slug", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        starts_at = d.pop("startsAt", UNSET)

        ends_at = d.pop("endsAt", UNSET)

        def _parse_capacity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        capacity = _parse_capacity(d.pop("capacity", UNSET))

        _status = d.pop("status", UNSET)
        status: FestivalChangeStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_festival_change_status(_status)

        festival_change = cls(
            name=name,
            slug=slug,
            description=description,
            location=location,
            starts_at=starts_at,
            ends_at=ends_at,
            capacity=capacity,
            status=status,
        )

        festival_change.additional_properties = d
        return festival_change

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
