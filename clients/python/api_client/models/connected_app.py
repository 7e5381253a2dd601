from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.connected_client import ConnectedClient


T = TypeVar("T", bound="ConnectedApp")


@_attrs_define
class ConnectedApp:
    """
    Attributes:
        id (str):
        client (ConnectedClient):
        scopes (list[str]):
        resources (list[str]):
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None): when tokens were last issued from the grant
    """

    id: str
    client: ConnectedClient
    scopes: list[str]
    resources: list[str]
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        client = self.client.to_dict()

        scopes = self.scopes

        resources = self.resources

        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "client": client,
                "scopes": scopes,
                "resources": resources,
                "createdAt": created_at,
                "lastUsedAt": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.connected_client import ConnectedClient  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        client = ConnectedClient.from_dict(d.pop("client"))

        scopes = cast(list[str], d.pop("scopes"))

        resources = cast(list[str], d.pop("resources"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))

        connected_app = cls(
            id=id,
            client=client,
            scopes=scopes,
            resources=resources,
            created_at=created_at,
            last_used_at=last_used_at,
        )

        return connected_app
