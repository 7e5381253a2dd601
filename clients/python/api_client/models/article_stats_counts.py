from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArticleStatsCounts")


@_attrs_define
class ArticleStatsCounts:
    """
    Attributes:
        draft (int):
        published (int):
        archived (int):
        scheduled (int):
    """

    draft: int
    published: int
    archived: int
    scheduled: int

    def to_dict(self) -> dict[str, Any]:
        draft = self.draft

        published = self.published

        archived = self.archived

        scheduled = self.scheduled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "DRAFT": draft,
                "PUBLISHED": published,
                "ARCHIVED": archived,
                "SCHEDULED": scheduled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        draft = d.pop("DRAFT")

        published = d.pop("PUBLISHED")

        archived = d.pop("ARCHIVED")

        scheduled = d.pop("SCHEDULED")

        article_stats_counts = cls(
            draft=draft,
            published=published,
            archived=archived,
            scheduled=scheduled,
        )

        return article_stats_counts
