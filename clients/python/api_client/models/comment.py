from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="Comment")


@_attrs_define
class Comment:
    """
    Attributes:
        id (str):
        ticket_id (str):
        author (None | UserRef):
        body (str):
        internal (bool):
        created_at (datetime.datetime):
    """

    id: str
    ticket_id: str
    author: None | UserRef
    body: str
    internal: bool
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        ticket_id = self.ticket_id

        author: dict[str, Any] | None
        if isinstance(self.author, UserRef):
            author = self.author.to_dict()
        else:
            author = self.author

        body = self.body

        internal = self.internal

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "ticketId": ticket_id,
                "author": author,
                "body": body,
                "internal": internal,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        ticket_id = d.pop("ticketId")

        def _parse_author(data: object) -> None | UserRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                author_type_0 = UserRef.from_dict(data)

                return author_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserRef, data)

        author = _parse_author(d.pop("author"))

        body = d.pop("body")

        internal = d.pop("internal")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        comment = cls(
            id=id,
            ticket_id=ticket_id,
            author=author,
            body=body,
            internal=internal,
            created_at=created_at,
        )

        return comment
