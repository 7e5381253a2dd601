from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.security_event_type import SecurityEventType, check_security_event_type

if TYPE_CHECKING:
    from ..models.security_event_details import SecurityEventDetails


T = TypeVar("T", bound="SecurityEvent")


@_attrs_define
class SecurityEvent:
    """
    Attributes:
        id (str):
        type_ (SecurityEventType):
        created_at (datetime.datetime):
        ip_address (None | str):
        user_agent (None | str): The first 300 characters of the request's User-Agent header
        details (SecurityEventDetails): What the type adds (sign_in: method; sign_in_failed: reason; email_change: from,
            to; session_revoke: count); {} when nothing
    """

    id: str
    type_: SecurityEventType
    created_at: datetime.datetime
    ip_address: None | str
    user_agent: None | str
    details: SecurityEventDetails

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        created_at = self.created_at.isoformat()

        ip_address: None | str
        ip_address = self.ip_address

        user_agent: None | str
        user_agent = self.user_agent

        details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "createdAt": created_at,
                "ipAddress": ip_address,
                "userAgent": user_agent,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.security_event_details import SecurityEventDetails  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_security_event_type(d.pop("type"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_ip_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip_address = _parse_ip_address(d.pop("ipAddress"))

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("userAgent"))

        details = SecurityEventDetails.from_dict(d.pop("details"))

        security_event = cls(
            id=id,
            type_=type_,
            created_at=created_at,
            ip_address=ip_address,
            user_agent=user_agent,
            details=details,
        )

        return security_event
