from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.own_registration_status import OwnRegistrationStatus, check_own_registration_status

if TYPE_CHECKING:
    from ..models.festival_ref import FestivalRef
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="OwnRegistration")


@_attrs_define
class OwnRegistration:
    """
    Attributes:
        id (str):
        festival_id (str):
        user (UserRef):
        status (OwnRegistrationStatus):
        position (int | None): The place in the queue (1 is next) of a WAITLISTED registration
        created_at (datetime.datetime):
        festival (FestivalRef):
    """

    id: str
    festival_id: str
    user: UserRef
    status: OwnRegistrationStatus
    position: int | None
    created_at: datetime.datetime
    festival: FestivalRef

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        festival_id = self.festival_id

        user = self.user.to_dict()

        status: str = self.status

        position: int | None
        position = self.position

        created_at = self.created_at.isoformat()

        festival = self.festival.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "festivalId": festival_id,
                "user": user,
                "status": status,
                "position": position,
                "createdAt": created_at,
                "festival": festival,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.festival_ref import FestivalRef  # noqa: PLC0415
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        festival_id = d.pop("festivalId")

        user = UserRef.from_dict(d.pop("user"))

        status = check_own_registration_status(d.pop("status"))

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        festival = FestivalRef.from_dict(d.pop("festival"))

        own_registration = cls(
            id=id,
            festival_id=festival_id,
            user=user,
            status=status,
            position=position,
            created_at=created_at,
            festival=festival,
        )

        return own_registration
