from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.review_status import ReviewStatus, check_review_status

if TYPE_CHECKING:
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="Review")


@_attrs_define
class Review:
    """
    Attributes:
        id (str):
        festival_id (str):
        author (None | UserRef):
        rating (int):
        title (None | str):
        body (str):
        status (ReviewStatus):
        moderation_note (None | str): Shown only to the author and moderators (null otherwise)
        moderated_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    festival_id: str
    author: None | UserRef
    rating: int
    title: None | str
    body: str
    status: ReviewStatus
    moderation_note: None | str
    moderated_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        festival_id = self.festival_id

        author: dict[str, Any] | None
        if isinstance(self.author, UserRef):
            author = self.author.to_dict()
        else:
            author = self.author

        rating = self.rating

        title: None | str
        title = self.title

        body = self.body

        status: str = self.status

        moderation_note: None | str
        moderation_note = self.moderation_note

        moderated_at: None | str
        if isinstance(self.moderated_at, datetime.datetime):
            moderated_at = self.moderated_at.isoformat()
        else:
            moderated_at = self.moderated_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "festivalId": festival_id,
                "author": author,
                "rating": rating,
                "title": title,
                "body": body,
                "status": status,
                "moderationNote": moderation_note,
                "moderatedAt": moderated_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        festival_id = d.pop("festivalId")

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

        rating = d.pop("rating")

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        body = d.pop("body")

        status = check_review_status(d.pop("status"))

        def _parse_moderation_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        moderation_note = _parse_moderation_note(d.pop("moderationNote"))

        def _parse_moderated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                moderated_at_type_0 = datetime.datetime.fromisoformat(data)

                return moderated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        moderated_at = _parse_moderated_at(d.pop("moderatedAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        review = cls(
            id=id,
            festival_id=festival_id,
            author=author,
            rating=rating,
            title=title,
            body=body,
            status=status,
            moderation_note=moderation_note,
            moderated_at=moderated_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return review
