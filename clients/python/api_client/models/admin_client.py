from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AdminClient")


@_attrs_define
class AdminClient:
    """
    Attributes:
        id (str):
        client_id (str):
        kind (str): app, metadata-document or dynamic
        name (str):
        status (str): ACTIVE or DISABLED
        may_introspect (bool):
        grants (int): its live grants
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None):
    """

    id: str
    client_id: str
    kind: str
    name: str
    status: str
    may_introspect: bool
    grants: int
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        client_id = self.client_id

        kind = self.kind

        name = self.name

        status = self.status

        may_introspect = self.may_introspect

        grants = self.grants

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
                "clientId": client_id,
                "kind": kind,
                "name": name,
                "status": status,
                "mayIntrospect": may_introspect,
                "grants": grants,
                "createdAt": created_at,
                "lastUsedAt": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        client_id = d.pop("clientId")

        kind = d.pop("kind")

        name = d.pop("name")

        status = d.pop("status")

        may_introspect = d.pop("mayIntrospect")

        grants = d.pop("grants")

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

        admin_client = cls(
            id=id,
            client_id=client_id,
            kind=kind,
            name=name,
            status=status,
            may_introspect=may_introspect,
            grants=grants,
            created_at=created_at,
            last_used_at=last_used_at,
        )

        return admin_client
