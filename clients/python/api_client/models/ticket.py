from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ticket_priority import TicketPriority, check_ticket_priority
from ..models.ticket_status import TicketStatus, check_ticket_status

if TYPE_CHECKING:
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="Ticket")


@_attrs_define
class Ticket:
    """
    Attributes:
        id (str):
        subject (str):
        description (str):
        status (TicketStatus):
        priority (TicketPriority):
        requester (None | UserRef):
        assignee (None | UserRef):
        project_id (None | str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        closed_at (datetime.datetime | None):
    """

    id: str
    subject: str
    description: str
    status: TicketStatus
    priority: TicketPriority
    requester: None | UserRef
    assignee: None | UserRef
    project_id: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    closed_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        subject = self.subject

        description = self.description

        status: str = self.status

        priority: str = self.priority

        requester: dict[str, Any] | None
        if isinstance(self.requester, UserRef):
            requester = self.requester.to_dict()
        else:
            requester = self.requester

        assignee: dict[str, Any] | None
        if isinstance(self.assignee, UserRef):
            assignee = self.assignee.to_dict()
        else:
            assignee = self.assignee

        project_id: None | str
        project_id = self.project_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        closed_at: None | str
        if isinstance(self.closed_at, datetime.datetime):
            closed_at = self.closed_at.isoformat()
        else:
            closed_at = self.closed_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "subject": subject,
                "description": description,
                "status": status,
                "priority": priority,
                "requester": requester,
                "assignee": assignee,
                "projectId": project_id,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "closedAt": closed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        subject = d.pop("subject")

        description = d.pop("description")

        status = check_ticket_status(d.pop("status"))

        priority = check_ticket_priority(d.pop("priority"))

        def _parse_requester(data: object) -> None | UserRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                requester_type_0 = UserRef.from_dict(data)

                return requester_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserRef, data)

        requester = _parse_requester(d.pop("requester"))

        def _parse_assignee(data: object) -> None | UserRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                assignee_type_0 = UserRef.from_dict(data)

                return assignee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserRef, data)

        assignee = _parse_assignee(d.pop("assignee"))

        def _parse_project_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_id = _parse_project_id(d.pop("projectId"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_closed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_at_type_0 = datetime.datetime.fromisoformat(data)

                return closed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        closed_at = _parse_closed_at(d.pop("closedAt"))

        ticket = cls(
            id=id,
            subject=subject,
            description=description,
            status=status,
            priority=priority,
            requester=requester,
            assignee=assignee,
            project_id=project_id,
            created_at=created_at,
            updated_at=updated_at,
            closed_at=closed_at,
        )

        return ticket
