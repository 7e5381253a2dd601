from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.article_status import ArticleStatus, check_article_status

if TYPE_CHECKING:
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="Article")


@_attrs_define
class Article:
    """
    Attributes:
        id (str):
        project_id (str):
        author (None | UserRef):
        title (str):
        slug (str):
        excerpt (None | str):
        content (str):
        status (ArticleStatus):
        tags (list[str]):
        published_at (datetime.datetime | None):
        publish_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    project_id: str
    author: None | UserRef
    title: str
    slug: str
    excerpt: None | str
    content: str
    status: ArticleStatus
    tags: list[str]
    published_at: datetime.datetime | None
    publish_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        project_id = self.project_id

        author: dict[str, Any] | None
        if isinstance(self.author, UserRef):
            author = self.author.to_dict()
        else:
            author = self.author

        title = self.title

        slug = self.slug

        excerpt: None | str
        excerpt = self.excerpt

        content = self.content

        status: str = self.status

        tags = self.tags

        published_at: None | str
        if isinstance(self.published_at, datetime.datetime):
            published_at = self.published_at.isoformat()
        else:
            published_at = self.published_at

        publish_at: None | str
        if isinstance(self.publish_at, datetime.datetime):
            publish_at = self.publish_at.isoformat()
        else:
            publish_at = self.publish_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "projectId": project_id,
                "author": author,
                "title": title,
                "slug": slug,
                "excerpt": excerpt,
                "content": content,
                "status": status,
                "tags": tags,
                "publishedAt": published_at,
                "publishAt": publish_at,
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

        project_id = d.pop("projectId")

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

        title = d.pop("title")

        slug = d.pop("slug")

        def _parse_excerpt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        excerpt = _parse_excerpt(d.pop("excerpt"))

        content = d.pop("content")

        status = check_article_status(d.pop("status"))

        tags = cast(list[str], d.pop("tags"))

        def _parse_published_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                published_at_type_0 = datetime.datetime.fromisoformat(data)

                return published_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        published_at = _parse_published_at(d.pop("publishedAt"))

        def _parse_publish_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                publish_at_type_0 = datetime.datetime.fromisoformat(data)

                return publish_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        publish_at = _parse_publish_at(d.pop("publishAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        article = cls(
            id=id,
            project_id=project_id,
            author=author,
            title=title,
            slug=slug,
            excerpt=excerpt,
            content=content,
            status=status,
            tags=tags,
            published_at=published_at,
            publish_at=publish_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return article
