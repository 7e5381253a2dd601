from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.project_ref import ProjectRef
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="MyInvitation")


@_attrs_define
class MyInvitation:
    """
    Attributes:
        id (str):
        project_id (str):
        email (str):
        status (str): PENDING, ACCEPTED, DECLINED, REVOKED or EXPIRED
        invited_by (None | UserRef):
        role (str): "member" or "admin": the role accepting it gives
        expires_at (datetime.datetime):
        created_at (datetime.datetime):
        project (ProjectRef):
    """

    id: str
    project_id: str
    email: str
    status: str
    invited_by: None | UserRef
    role: str
    expires_at: datetime.datetime
    created_at: datetime.datetime
    project: ProjectRef

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        project_id = self.project_id

        email = self.email

        status = self.status

        invited_by: dict[str, Any] | None
        if isinstance(self.invited_by, UserRef):
            invited_by = self.invited_by.to_dict()
        else:
            invited_by = self.invited_by

        role = self.role

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        project = self.project.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "projectId": project_id,
                "email": email,
                "status": status,
                "invitedBy": invited_by,
                "role": role,
                "expiresAt": expires_at,
                "createdAt": created_at,
                "project": project,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.project_ref import ProjectRef  # noqa: PLC0415
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        email = d.pop("email")

        status = d.pop("status")

        def _parse_invited_by(data: object) -> None | UserRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                invited_by_type_0 = UserRef.from_dict(data)

                return invited_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserRef, data)

        invited_by = _parse_invited_by(d.pop("invitedBy"))

        role = d.pop("role")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        project = ProjectRef.from_dict(d.pop("project"))

        my_invitation = cls(
            id=id,
            project_id=project_id,
            email=email,
            status=status,
            invited_by=invited_by,
            role=role,
            expires_at=expires_at,
            created_at=created_at,
            project=project,
        )

        return my_invitation
