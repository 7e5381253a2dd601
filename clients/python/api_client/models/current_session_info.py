from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.impersonator import Impersonator
    from ..models.sso_origin import SsoOrigin


T = TypeVar("T", bound="CurrentSessionInfo")


@_attrs_define
class CurrentSessionInfo:
    """
    Attributes:
        id (str):
        token (str): Bearer token for the Authorization header
        expires_at (datetime.datetime):
        impersonated_by (Impersonator | None): The admin seeing what the user sees; null for every other session
        sso (None | SsoOrigin): The single sign-on connection (and its project) that made this session; null for every
            other session (extensions.md E4.2)
    """

    id: str
    token: str
    expires_at: datetime.datetime
    impersonated_by: Impersonator | None
    sso: None | SsoOrigin

    def to_dict(self) -> dict[str, Any]:
        from ..models.impersonator import Impersonator  # noqa: PLC0415
        from ..models.sso_origin import SsoOrigin  # noqa: PLC0415

        id = self.id

        token = self.token

        expires_at = self.expires_at.isoformat()

        impersonated_by: dict[str, Any] | None
        if isinstance(self.impersonated_by, Impersonator):
            impersonated_by = self.impersonated_by.to_dict()
        else:
            impersonated_by = self.impersonated_by

        sso: dict[str, Any] | None
        if isinstance(self.sso, SsoOrigin):
            sso = self.sso.to_dict()
        else:
            sso = self.sso

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "token": token,
                "expiresAt": expires_at,
                "impersonatedBy": impersonated_by,
                "sso": sso,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.impersonator import Impersonator  # noqa: PLC0415
        from ..models.sso_origin import SsoOrigin  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        token = d.pop("token")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        def _parse_impersonated_by(data: object) -> Impersonator | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                impersonated_by_type_0 = Impersonator.from_dict(data)

                return impersonated_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Impersonator | None, data)

        impersonated_by = _parse_impersonated_by(d.pop("impersonatedBy"))

        def _parse_sso(data: object) -> None | SsoOrigin:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sso_type_0 = SsoOrigin.from_dict(data)

                return sso_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SsoOrigin, data)

        sso = _parse_sso(d.pop("sso"))

        current_session_info = cls(
            id=id,
            token=token,
            expires_at=expires_at,
            impersonated_by=impersonated_by,
            sso=sso,
        )

        return current_session_info
