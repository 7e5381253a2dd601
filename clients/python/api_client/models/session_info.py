from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.impersonator import Impersonator


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
        impersonated_by (Impersonator | None): The admin who opened it to see what the user sees (extensions.md E2.3);
            null for every other session
    """

    id: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    last_used_at: datetime.datetime
    user_agent: None | str
    ip_address: None | str
    current: bool
    impersonated_by: Impersonator | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.impersonator import Impersonator  # noqa: PLC0415

        id = self.id

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        last_used_at = self.last_used_at.isoformat()

        user_agent: None | str
        user_agent = self.user_agent

        ip_address: None | str
        ip_address = self.ip_address

        current = self.current

        impersonated_by: dict[str, Any] | None
        if isinstance(self.impersonated_by, Impersonator):
            impersonated_by = self.impersonated_by.to_dict()
        else:
            impersonated_by = self.impersonated_by

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
                "impersonatedBy": impersonated_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.impersonator import Impersonator  # noqa: PLC0415

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

        def _parse_impersonated_by(data: object) -> Impersonator | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                impersonated_by_type_0 = Impersonator.from_dict(data)

                return impersonated_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Impersonator | None, data)

        impersonated_by = _parse_impersonated_by(d.pop("impersonatedBy"))

        session_info = cls(
            id=id,
            created_at=created_at,
            expires_at=expires_at,
            last_used_at=last_used_at,
            user_agent=user_agent,
            ip_address=ip_address,
            current=current,
            impersonated_by=impersonated_by,
        )

        return session_info
