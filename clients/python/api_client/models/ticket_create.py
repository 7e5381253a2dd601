from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ticket_create_priority import TicketCreatePriority, check_ticket_create_priority
from ..types import UNSET, Unset

T = TypeVar("T", bound="TicketCreate")


@_attrs_define
class TicketCreate:
    """
    Attributes:
        subject (str):
        description (str):
        priority (TicketCreatePriority | Unset):  Default: 'NORMAL'.
        project_id (None | str | Unset): A project the requester can see (404 otherwise); set at creation only
    """

    subject: str
    description: str
    priority: TicketCreatePriority | Unset = "NORMAL"
    project_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        subject = self.subject

        description = self.description

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority

        project_id: None | str | Unset
        if isinstance(self.project_id, Unset):
            project_id = UNSET
        else:
            project_id = self.project_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "subject": subject,
                "description": description,
            }
        )
        if priority is not UNSET:
            field_dict["priority"] = priority
        if project_id is not UNSET:
            field_dict["projectId"] = project_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        subject = d.pop("subject")

        description = d.pop("description")

        _priority = d.pop("priority", UNSET)
        priority: TicketCreatePriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = check_ticket_create_priority(_priority)

        def _parse_project_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        project_id = _parse_project_id(d.pop("projectId", UNSET))

        ticket_create = cls(
            subject=subject,
            description=description,
            priority=priority,
            project_id=project_id,
        )

        ticket_create.additional_properties = d
        return ticket_create

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
