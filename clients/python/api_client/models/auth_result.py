from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.session import Session
    from ..models.user import User


T = TypeVar("T", bound="AuthResult")


@_attrs_define
class AuthResult:
    """
    Attributes:
        user (User):
        session (None | Session):
    """

    user: User
    session: None | Session

    def to_dict(self) -> dict[str, Any]:
        from ..models.session import Session  # noqa: PLC0415

        user = self.user.to_dict()

        session: dict[str, Any] | None
        if isinstance(self.session, Session):
            session = self.session.to_dict()
        else:
            session = self.session

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "session": session,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session import Session  # noqa: PLC0415
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        def _parse_session(data: object) -> None | Session:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                session_type_0 = Session.from_dict(data)

                return session_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Session, data)

        session = _parse_session(d.pop("session"))

        auth_result = cls(
            user=user,
            session=session,
        )

        return auth_result
