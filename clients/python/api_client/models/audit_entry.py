from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_entry_details import AuditEntryDetails
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="AuditEntry")


@_attrs_define
class AuditEntry:
    """
    Attributes:
        id (str):
        actor (None | UserRef):
        action (str):
        target_type (str):
        target_id (str):
        details (AuditEntryDetails):
        created_at (datetime.datetime):
    """

    id: str
    actor: None | UserRef
    action: str
    target_type: str
    target_id: str
    details: AuditEntryDetails
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        actor: dict[str, Any] | None
        if isinstance(self.actor, UserRef):
            actor = self.actor.to_dict()
        else:
            actor = self.actor

        action = self.action

        target_type = self.target_type

        target_id = self.target_id

        details = self.details.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "actor": actor,
                "action": action,
                "targetType": target_type,
                "targetId": target_id,
                "details": details,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_entry_details import AuditEntryDetails  # noqa: PLC0415
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_actor(data: object) -> None | UserRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                actor_type_0 = UserRef.from_dict(data)

                return actor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserRef, data)

        actor = _parse_actor(d.pop("actor"))

        action = d.pop("action")

        target_type = d.pop("targetType")

        target_id = d.pop("targetId")

        details = AuditEntryDetails.from_dict(d.pop("details"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        audit_entry = cls(
            id=id,
            actor=actor,
            action=action,
            target_type=target_type,
            target_id=target_id,
            details=details,
            created_at=created_at,
        )

        return audit_entry
