from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.app import App


T = TypeVar("T", bound="AppSecretAnswer")


@_attrs_define
class AppSecretAnswer:
    """
    Attributes:
        app (App):
        client_secret (None | str): ocs_ and 43 base64url characters, shown only in this answer; null for a public app
    """

    app: App
    client_secret: None | str

    def to_dict(self) -> dict[str, Any]:
        app = self.app.to_dict()

        client_secret: None | str
        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "app": app,
                "clientSecret": client_secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app import App  # noqa: PLC0415

        d = dict(src_dict)
        app = App.from_dict(d.pop("app"))

        def _parse_client_secret(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_secret = _parse_client_secret(d.pop("clientSecret"))

        app_secret_answer = cls(
            app=app,
            client_secret=client_secret,
        )

        return app_secret_answer
