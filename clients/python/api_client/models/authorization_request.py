from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.client_ref import ClientRef
    from ..models.scope import Scope


T = TypeVar("T", bound="AuthorizationRequest")


@_attrs_define
class AuthorizationRequest:
    """
    Attributes:
        id (str):
        client (ClientRef):
        scopes (list[Scope]):
        resources (list[str]):
        prompt (None | str):
        login_hint (None | str):
        granted (bool):
        reauthentication_required (bool):
        expires_at (datetime.datetime):
    """

    id: str
    client: ClientRef
    scopes: list[Scope]
    resources: list[str]
    prompt: None | str
    login_hint: None | str
    granted: bool
    reauthentication_required: bool
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        client = self.client.to_dict()

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.to_dict()
            scopes.append(scopes_item)

        resources = self.resources

        prompt: None | str
        prompt = self.prompt

        login_hint: None | str
        login_hint = self.login_hint

        granted = self.granted

        reauthentication_required = self.reauthentication_required

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "client": client,
                "scopes": scopes,
                "resources": resources,
                "prompt": prompt,
                "loginHint": login_hint,
                "granted": granted,
                "reauthenticationRequired": reauthentication_required,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.client_ref import ClientRef  # noqa: PLC0415
        from ..models.scope import Scope  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        client = ClientRef.from_dict(d.pop("client"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = Scope.from_dict(scopes_item_data)

            scopes.append(scopes_item)

        resources = cast(list[str], d.pop("resources"))

        def _parse_prompt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prompt = _parse_prompt(d.pop("prompt"))

        def _parse_login_hint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        login_hint = _parse_login_hint(d.pop("loginHint"))

        granted = d.pop("granted")

        reauthentication_required = d.pop("reauthenticationRequired")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        authorization_request = cls(
            id=id,
            client=client,
            scopes=scopes,
            resources=resources,
            prompt=prompt,
            login_hint=login_hint,
            granted=granted,
            reauthentication_required=reauthentication_required,
            expires_at=expires_at,
        )

        return authorization_request
