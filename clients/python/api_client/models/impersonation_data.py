from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.impersonation import Impersonation


T = TypeVar("T", bound="ImpersonationData")


@_attrs_define
class ImpersonationData:
    """
    Attributes:
        data (Impersonation):
    """

    data: Impersonation

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
        from ..models.impersonation import Impersonation  # noqa: PLC0415

        d = dict(src_dict)
        data = Impersonation.from_dict(d.pop("data"))

        impersonation_data = cls(
            data=data,
        )

        return impersonation_data
