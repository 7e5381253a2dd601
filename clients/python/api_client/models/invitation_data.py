from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.invitation import Invitation


T = TypeVar("T", bound="InvitationData")


@_attrs_define
class InvitationData:
    """
    Attributes:
        data (Invitation):
    """

    data: Invitation

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invitation import Invitation  # noqa: PLC0415

        d = dict(src_dict)
        data = Invitation.from_dict(d.pop("data"))

        invitation_data = cls(
            data=data,
        )

        return invitation_data
