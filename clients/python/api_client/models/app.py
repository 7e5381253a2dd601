from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="App")


@_attrs_define
class App:
    """
    Attributes:
        id (str):
        client_id (str): oa_ and 22 characters
        name (str):
        type_ (str):
        redirect_uris (list[str]):
        homepage_url (None | str):
        logo_url (None | str):
        id_token_alg (str):
        status (str): ACTIVE or DISABLED
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    client_id: str
    name: str
    type_: str
    redirect_uris: list[str]
    homepage_url: None | str
    logo_url: None | str
    id_token_alg: str
    status: str
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        client_id = self.client_id

        name = self.name

        type_ = self.type_

        redirect_uris = self.redirect_uris

        homepage_url: None | str
        homepage_url = self.homepage_url

        logo_url: None | str
        logo_url = self.logo_url

        id_token_alg = self.id_token_alg

        status = self.status

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "clientId": client_id,
                "name": name,
                "type": type_,
                "redirectUris": redirect_uris,
                "homepageUrl": homepage_url,
                "logoUrl": logo_url,
                "idTokenAlg": id_token_alg,
                "status": status,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        client_id = d.pop("clientId")

        name = d.pop("name")

        type_ = d.pop("type")

        redirect_uris = cast(list[str], d.pop("redirectUris"))

        def _parse_homepage_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        homepage_url = _parse_homepage_url(d.pop("homepageUrl"))

        def _parse_logo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logo_url = _parse_logo_url(d.pop("logoUrl"))

        id_token_alg = d.pop("idTokenAlg")

        status = d.pop("status")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        app = cls(
            id=id,
            client_id=client_id,
            name=name,
            type_=type_,
            redirect_uris=redirect_uris,
            homepage_url=homepage_url,
            logo_url=logo_url,
            id_token_alg=id_token_alg,
            status=status,
            created_at=created_at,
            updated_at=updated_at,
        )

        return app
