from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConnectedClient")


@_attrs_define
class ConnectedClient:
    """
    Attributes:
        client_id (str):
        name (str):
        kind (str): app, metadata-document or dynamic
        host (None | str):
    """

    client_id: str
    name: str
    kind: str
    host: None | str

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        name = self.name

        kind = self.kind

        host: None | str
        host = self.host

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "name": name,
                "kind": kind,
                "host": host,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        name = d.pop("name")

        kind = d.pop("kind")

        def _parse_host(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        host = _parse_host(d.pop("host"))

        connected_client = cls(
            client_id=client_id,
            name=name,
            kind=kind,
            host=host,
        )

        return connected_client
