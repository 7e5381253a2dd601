from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.festival_create_status import FestivalCreateStatus, check_festival_create_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="FestivalCreate")


@_attrs_define
class FestivalCreate:
    """
    Attributes:
        name (str):
        starts_at (str):
        ends_at (str):
        project_id (str):
        slug (None | str | Unset):
        description (None | str | Unset):
        location (None | str | Unset):
        capacity (int | None | Unset):
        status (FestivalCreateStatus | Unset):
    """

    name: str
    starts_at: str
    ends_at: str
    project_id: str
    slug: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    location: None | str | Unset = UNSET
    capacity: int | None | Unset = UNSET
    status: FestivalCreateStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        starts_at = self.starts_at

        ends_at = self.ends_at

        project_id = self.project_id

        slug: None | str | Unset
        if isinstance(self.slug, Unset):
            slug = UNSET
        else:
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
        field_dict.update(
            {
                "name": name,
                "startsAt": starts_at,
                "endsAt": ends_at,
                "projectId": project_id,
            }
        )
        if slug is not UNSET:
            field_dict["slug"] = slug
        if description is not UNSET:
            field_dict["description"] = description
        if location is not UNSET:
            field_dict["location"] = location
        if capacity is not UNSET:
            field_dict["capacity"] = capacity
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        starts_at = d.pop("startsAt")

        ends_at = d.pop("endsAt")

        project_id = d.pop("projectId")

        def _parse_slug(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        slug = _parse_slug(d.pop("slug", UNSET))

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

        def _parse_capacity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        capacity = _parse_capacity(d.pop("capacity", UNSET))

        _status = d.pop("status", UNSET)
        status: FestivalCreateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_festival_create_status(_status)

        festival_create = cls(
            name=name,
            starts_at=starts_at,
            ends_at=ends_at,
            project_id=project_id,
            slug=slug,
            description=description,
            location=location,
            capacity=capacity,
            status=status,
        )

        festival_create.additional_properties = d
        return festival_create

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
