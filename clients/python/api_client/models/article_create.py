from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.article_create_status import ArticleCreateStatus, check_article_create_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="ArticleCreate")


@_attrs_define
class ArticleCreate:
    """
    Attributes:
        title (str):
        content (str):
        project_id (str):
        excerpt (None | str | Unset):
        slug (None | str | Unset):
        status (ArticleCreateStatus | Unset):
        publish_at (None | str | Unset): When a SCHEDULED article becomes PUBLISHED (future; that status only)
        tags (list[str] | Unset):
    """

    title: str
    content: str
    project_id: str
    excerpt: None | str | Unset = UNSET
    slug: None | str | Unset = UNSET
    status: ArticleCreateStatus | Unset = UNSET
    publish_at: None | str | Unset = UNSET
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        content = self.content

        project_id = self.project_id

        excerpt: None | str | Unset
        if isinstance(self.excerpt, Unset):
            excerpt = UNSET
        else:
            excerpt = self.excerpt

        slug: None | str | Unset
        if isinstance(self.slug, Unset):
            slug = UNSET
        else:
            slug = self.slug

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        publish_at: None | str | Unset
        if isinstance(self.publish_at, Unset):
            publish_at = UNSET
        else:
            publish_at = self.publish_at

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
                "content": content,
                "projectId": project_id,
            }
        )
        if excerpt is not UNSET:
            field_dict["excerpt"] = excerpt
        if slug is not UNSET:
            field_dict["slug"] = slug
        if status is not UNSET:
            field_dict["status"] = status
        if publish_at is not UNSET:
            field_dict["publishAt"] = publish_at
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        content = d.pop("content")

        project_id = d.pop("projectId")

        def _parse_excerpt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        excerpt = _parse_excerpt(d.pop("excerpt", UNSET))

        def _parse_slug(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        slug = _parse_slug(d.pop("slug", UNSET))

        _status = d.pop("status", UNSET)
        status: ArticleCreateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_article_create_status(_status)

        def _parse_publish_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        publish_at = _parse_publish_at(d.pop("publishAt", UNSET))

        tags = cast(list[str], d.pop("tags", UNSET))

        article_create = cls(
            title=title,
            content=content,
            project_id=project_id,
            excerpt=excerpt,
            slug=slug,
            status=status,
            publish_at=publish_at,
            tags=tags,
        )

        article_create.additional_properties = d
        return article_create

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
