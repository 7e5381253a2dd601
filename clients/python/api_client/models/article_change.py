from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.article_change_status import ArticleChangeStatus, check_article_change_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="ArticleChange")


@_attrs_define
class ArticleChange:
    """
    Attributes:
        title (str | Unset):
        content (str | Unset):
        excerpt (None | str | Unset):
        slug (str | Unset):
        status (ArticleChangeStatus | Unset):
        publish_at (None | str | Unset): When a SCHEDULED article becomes PUBLISHED (future; that status only)
        tags (list[str] | Unset):
    """

    title: str | Unset = UNSET
    content: str | Unset = UNSET
    excerpt: None | str | Unset = UNSET
    slug: str | Unset = UNSET
    status: ArticleChangeStatus | Unset = UNSET
    publish_at: None | str | Unset = UNSET
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        content = self.content

        excerpt: None | str | Unset
        if isinstance(self.excerpt, Unset):
            excerpt = UNSET
        else:
            excerpt = self.excerpt

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
        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if content is not UNSET:
            field_dict["content"] = content
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
        title = d.pop("title", UNSET)

        content = d.pop("content", UNSET)

        def _parse_excerpt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        excerpt = _parse_excerpt(d.pop("excerpt", UNSET))

        slug = d.pop("slug", UNSET)

        _status = d.pop("status", UNSET)
        status: ArticleChangeStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_article_change_status(_status)

        def _parse_publish_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        publish_at = _parse_publish_at(d.pop("publishAt", UNSET))

        tags = cast(list[str], d.pop("tags", UNSET))

        article_change = cls(
            title=title,
            content=content,
            excerpt=excerpt,
            slug=slug,
            status=status,
            publish_at=publish_at,
            tags=tags,
        )

        article_change.additional_properties = d
        return article_change

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
