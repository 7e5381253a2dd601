from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AuditHead")


@_attrs_define
class AuditHead:
    """
    Attributes:
        seq (int):
        hash_ (str):
        created_at (datetime.datetime | None):
    """

    seq: int
    hash_: str
    created_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        hash_ = self.hash_

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "hash": hash_,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        hash_ = d.pop("hash")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        audit_head = cls(
            seq=seq,
            hash_=hash_,
            created_at=created_at,
        )

        return audit_head
