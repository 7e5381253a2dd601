from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionInfo")


@_attrs_define
class SessionInfo:
    """
    Attributes:
        id (str):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        last_used_at (datetime.datetime): createdAt until the first renewal, then the time of the last renewal (at most
            once a day)
        user_agent (None | str): The first 300 characters of the User-Agent header it was made with
        ip_address (None | str):
        current (bool): True for the session of the bearer token of this request
    """

    id: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    last_used_at: datetime.datetime
    user_agent: None | str
    ip_address: None | str
    current: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        last_used_at = self.last_used_at.isoformat()

        user_agent: None | str
        user_agent = self.user_agent

        ip_address: None | str
        ip_address = self.ip_address

        current = self.current

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "lastUsedAt": last_used_at,
                "userAgent": user_agent,
                "ipAddress": ip_address,
                "current": current,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        last_used_at = datetime.datetime.fromisoformat(d.pop("lastUsedAt"))

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("userAgent"))

        def _parse_ip_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip_address = _parse_ip_address(d.pop("ipAddress"))

        current = d.pop("current")

        session_info = cls(
            id=id,
            created_at=created_at,
            expires_at=expires_at,
            last_used_at=last_used_at,
            user_agent=user_agent,
            ip_address=ip_address,
            current=current,
        )

        return session_info
