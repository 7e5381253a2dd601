from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.comment import Comment


T = TypeVar("T", bound="CommentData")


@_attrs_define
class CommentData:
    """
    Attributes:
        data (Comment):
    """

    data: Comment

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.comment import Comment  # noqa: PLC0415

        d = dict(src_dict)
        data = Comment.from_dict(d.pop("data"))

        comment_data = cls(
            data=data,
        )

        return comment_data
