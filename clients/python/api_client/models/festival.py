from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.festival_phase import FestivalPhase, check_festival_phase
from ..models.festival_status import FestivalStatus, check_festival_status

if TYPE_CHECKING:
    from ..models.rating import Rating
    from ..models.registration_counts import RegistrationCounts


T = TypeVar("T", bound="Festival")


@_attrs_define
class Festival:
    """
    Attributes:
        id (str):
        project_id (str):
        name (str):
        slug (str):
        description (None | str):
        location (None | str):
        starts_at (datetime.datetime):
        ends_at (datetime.datetime):
        capacity (int | None):
        status (FestivalStatus):
        phase (FestivalPhase):
        registrations (RegistrationCounts):
        rating (Rating):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    project_id: str
    name: str
    slug: str
    description: None | str
    location: None | str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    capacity: int | None
    status: FestivalStatus
    phase: FestivalPhase
    registrations: RegistrationCounts
    rating: Rating
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        project_id = self.project_id

        name = self.name

        slug = self.slug

        description: None | str
        description = self.description

        location: None | str
        location = self.location

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        capacity: int | None
        capacity = self.capacity

        status: str = self.status

        phase: str = self.phase

        registrations = self.registrations.to_dict()

        rating = self.rating.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "projectId": project_id,
                "name": name,
                "slug": slug,
                "description": description,
                "location": location,
                "startsAt": starts_at,
                "endsAt": ends_at,
                "capacity": capacity,
                "status": status,
                "phase": phase,
                "registrations": registrations,
                "rating": rating,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415
        from ..models.registration_counts import RegistrationCounts  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        name = d.pop("name")

        slug = d.pop("slug")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_location(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        location = _parse_location(d.pop("location"))

        starts_at = datetime.datetime.fromisoformat(d.pop("startsAt"))

        ends_at = datetime.datetime.fromisoformat(d.pop("endsAt"))

        def _parse_capacity(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        capacity = _parse_capacity(d.pop("capacity"))

        status = check_festival_status(d.pop("status"))

        phase = check_festival_phase(d.pop("phase"))

        registrations = RegistrationCounts.from_dict(d.pop("registrations"))

        rating = Rating.from_dict(d.pop("rating"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        festival = cls(
            id=id,
            project_id=project_id,
            name=name,
            slug=slug,
            description=description,
            location=location,
            starts_at=starts_at,
            ends_at=ends_at,
            capacity=capacity,
            status=status,
            phase=phase,
            registrations=registrations,
            rating=rating,
            created_at=created_at,
            updated_at=updated_at,
        )

        return festival
