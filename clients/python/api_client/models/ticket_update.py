from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ticket_update_priority import TicketUpdatePriority, check_ticket_update_priority
from ..models.ticket_update_status import TicketUpdateStatus, check_ticket_update_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="TicketUpdate")


@_attrs_define
class TicketUpdate:
    """
    Attributes:
        subject (str | Unset):
        description (str | Unset):
        status (TicketUpdateStatus | Unset):
        priority (TicketUpdatePriority | Unset):
        assignee_id (None | str | Unset): A platform admin's id (else 400); null clears it
    """

    subject: str | Unset = UNSET
    description: str | Unset = UNSET
    status: TicketUpdateStatus | Unset = UNSET
    priority: TicketUpdatePriority | Unset = UNSET
    assignee_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        subject = self.subject

        description = self.description

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority

        assignee_id: None | str | Unset
        if isinstance(self.assignee_id, Unset):
            assignee_id = UNSET
        else:
            assignee_id = self.assignee_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if subject is not UNSET:
            field_dict["subject"] = subject
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status
        if priority is not UNSET:
            field_dict["priority"] = priority
        if assignee_id is not UNSET:
            field_dict["assigneeId"] = assignee_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        subject = d.pop("subject", UNSET)

        description = d.pop("description", UNSET)

        _status = d.pop("status", UNSET)
        status: TicketUpdateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_ticket_update_status(_status)

        _priority = d.pop("priority", UNSET)
        priority: TicketUpdatePriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = check_ticket_update_priority(_priority)

        def _parse_assignee_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        assignee_id = _parse_assignee_id(d.pop("assigneeId", UNSET))

        ticket_update = cls(
            subject=subject,
            description=description,
            status=status,
            priority=priority,
            assignee_id=assignee_id,
        )

        ticket_update.additional_properties = d
        return ticket_update

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
