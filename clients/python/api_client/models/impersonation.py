from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.session import Session
    from ..models.user import User


T = TypeVar("T", bound="Impersonation")


@_attrs_define
class Impersonation:
    """
    Attributes:
        session (Session):
        user (User):
    """

    session: Session
    user: User

    def to_dict(self) -> dict[str, Any]:
        session = self.session.to_dict()

        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "session": session,
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session import Session  # noqa: PLC0415
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        session = Session.from_dict(d.pop("session"))

        user = User.from_dict(d.pop("user"))

        impersonation = cls(
            session=session,
            user=user,
        )

        return impersonation
