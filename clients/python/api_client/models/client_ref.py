from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClientRef")


@_attrs_define
class ClientRef:
    """
    Attributes:
        client_id (str):
        name (str):
        kind (str): app, metadata-document or dynamic
        host (None | str):
        logo_url (None | str):
        homepage_url (None | str):
        verified (bool): True for apps only
        redirect_uri (None | str): Where the decision sends the browser; null for a device's request
        localhost_only (bool):
    """

    client_id: str
    name: str
    kind: str
    host: None | str
    logo_url: None | str
    homepage_url: None | str
    verified: bool
    redirect_uri: None | str
    localhost_only: bool

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        name = self.name

        kind = self.kind

        host: None | str
        host = self.host

        logo_url: None | str
        logo_url = self.logo_url

        homepage_url: None | str
        homepage_url = self.homepage_url

        verified = self.verified

        redirect_uri: None | str
        redirect_uri = self.redirect_uri

        localhost_only = self.localhost_only

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "name": name,
                "kind": kind,
                "host": host,
                "logoUrl": logo_url,
                "homepageUrl": homepage_url,
                "verified": verified,
                "redirectUri": redirect_uri,
                "localhostOnly": localhost_only,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        name = d.pop("name")

        kind = d.pop("kind")

        def _parse_host(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        host = _parse_host(d.pop("host"))

        def _parse_logo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logo_url = _parse_logo_url(d.pop("logoUrl"))

        def _parse_homepage_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        homepage_url = _parse_homepage_url(d.pop("homepageUrl"))

        verified = d.pop("verified")

        def _parse_redirect_uri(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redirect_uri = _parse_redirect_uri(d.pop("redirectUri"))

        localhost_only = d.pop("localhostOnly")

        client_ref = cls(
            client_id=client_id,
            name=name,
            kind=kind,
            host=host,
            logo_url=logo_url,
            homepage_url=homepage_url,
            verified=verified,
            redirect_uri=redirect_uri,
            localhost_only=localhost_only,
        )

        return client_ref
