from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DecisionAnswer")


@_attrs_define
class DecisionAnswer:
    """
    Attributes:
        redirect_to (None | str): Where the browser goes: the redirect URI with the code, or the error
    """

    redirect_to: None | str

    def to_dict(self) -> dict[str, Any]:
        redirect_to: None | str
        redirect_to = self.redirect_to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "redirectTo": redirect_to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_redirect_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redirect_to = _parse_redirect_to(d.pop("redirectTo"))

        decision_answer = cls(
            redirect_to=redirect_to,
        )

        return decision_answer
