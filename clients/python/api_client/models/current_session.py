from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.api_key import ApiKey
    from ..models.current_session_info import CurrentSessionInfo
    from ..models.o_auth_token_info import OAuthTokenInfo
    from ..models.user import User


T = TypeVar("T", bound="CurrentSession")


@_attrs_define
class CurrentSession:
    """
    Attributes:
        user (User):
        session (CurrentSessionInfo | None):
        api_key (ApiKey | None):
        oauth (OAuthTokenInfo | Unset):
    """

    user: User
    session: CurrentSessionInfo | None
    api_key: ApiKey | None
    oauth: OAuthTokenInfo | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.api_key import ApiKey  # noqa: PLC0415
        from ..models.current_session_info import CurrentSessionInfo  # noqa: PLC0415

        user = self.user.to_dict()

        session: dict[str, Any] | None
        if isinstance(self.session, CurrentSessionInfo):
            session = self.session.to_dict()
        else:
            session = self.session

        api_key: dict[str, Any] | None
        if isinstance(self.api_key, ApiKey):
            api_key = self.api_key.to_dict()
        else:
            api_key = self.api_key

        oauth: dict[str, Any] | Unset = UNSET
        if not isinstance(self.oauth, Unset):
            oauth = self.oauth.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "session": session,
                "apiKey": api_key,
            }
        )
        if oauth is not UNSET:
            field_dict["oauth"] = oauth

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.api_key import ApiKey  # noqa: PLC0415
        from ..models.current_session_info import CurrentSessionInfo  # noqa: PLC0415
        from ..models.o_auth_token_info import OAuthTokenInfo  # noqa: PLC0415
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        def _parse_session(data: object) -> CurrentSessionInfo | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                session_type_0 = CurrentSessionInfo.from_dict(data)

                return session_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CurrentSessionInfo | None, data)

        session = _parse_session(d.pop("session"))

        def _parse_api_key(data: object) -> ApiKey | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                api_key_type_0 = ApiKey.from_dict(data)

                return api_key_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApiKey | None, data)

        api_key = _parse_api_key(d.pop("apiKey"))

        _oauth = d.pop("oauth", UNSET)
        oauth: OAuthTokenInfo | Unset
        if isinstance(_oauth, Unset):
            oauth = UNSET
        else:
            oauth = OAuthTokenInfo.from_dict(_oauth)

        current_session = cls(
            user=user,
            session=session,
            api_key=api_key,
            oauth=oauth,
        )

        return current_session
