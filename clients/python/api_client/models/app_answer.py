from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.app import App


T = TypeVar("T", bound="AppAnswer")


@_attrs_define
class AppAnswer:
    """
    Attributes:
        app (App):
    """

    app: App

    def to_dict(self) -> dict[str, Any]:
        app = self.app.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "app": app,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app import App  # noqa: PLC0415

        d = dict(src_dict)
        app = App.from_dict(d.pop("app"))

        app_answer = cls(
            app=app,
        )

        return app_answer
