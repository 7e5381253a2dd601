from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.authorization_request import AuthorizationRequest


T = TypeVar("T", bound="AuthorizationRequestAnswer")


@_attrs_define
class AuthorizationRequestAnswer:
    """
    Attributes:
        request (AuthorizationRequest):
    """

    request: AuthorizationRequest

    def to_dict(self) -> dict[str, Any]:
        request = self.request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "request": request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.authorization_request import AuthorizationRequest  # noqa: PLC0415

        d = dict(src_dict)
        request = AuthorizationRequest.from_dict(d.pop("request"))

        authorization_request_answer = cls(
            request=request,
        )

        return authorization_request_answer
