from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.app_create_id_token_alg import AppCreateIdTokenAlg, check_app_create_id_token_alg
from ..models.app_create_type import AppCreateType, check_app_create_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="AppCreate")


@_attrs_define
class AppCreate:
    """
    Attributes:
        name (str):
        redirect_uris (list[Any]):
        type_ (AppCreateType):
        homepage_url (None | str | Unset):
        logo_url (None | str | Unset):
        id_token_alg (AppCreateIdTokenAlg | Unset):
    """

    name: str
    redirect_uris: list[Any]
    type_: AppCreateType
    homepage_url: None | str | Unset = UNSET
    logo_url: None | str | Unset = UNSET
    id_token_alg: AppCreateIdTokenAlg | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        redirect_uris = self.redirect_uris

        type_: str = self.type_

        homepage_url: None | str | Unset
        if isinstance(self.homepage_url, Unset):
            homepage_url = UNSET
        else:
            homepage_url = self.homepage_url

        logo_url: None | str | Unset
        if isinstance(self.logo_url, Unset):
            logo_url = UNSET
        else:
            logo_url = self.logo_url

        id_token_alg: str | Unset = UNSET
        if not isinstance(self.id_token_alg, Unset):
            id_token_alg = self.id_token_alg

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "redirectUris": redirect_uris,
                "type": type_,
            }
        )
        if homepage_url is not UNSET:
            field_dict["homepageUrl"] = homepage_url
        if logo_url is not UNSET:
            field_dict["logoUrl"] = logo_url
        if id_token_alg is not UNSET:
            field_dict["idTokenAlg"] = id_token_alg

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        redirect_uris = cast(list[Any], d.pop("redirectUris"))

        type_ = check_app_create_type(d.pop("type"))

        def _parse_homepage_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        homepage_url = _parse_homepage_url(d.pop("homepageUrl", UNSET))

        def _parse_logo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_url = _parse_logo_url(d.pop("logoUrl", UNSET))

        _id_token_alg = d.pop("idTokenAlg", UNSET)
        id_token_alg: AppCreateIdTokenAlg | Unset
        if isinstance(_id_token_alg, Unset):
            id_token_alg = UNSET
        else:
            id_token_alg = check_app_create_id_token_alg(_id_token_alg)

        app_create = cls(
            name=name,
            redirect_uris=redirect_uris,
            type_=type_,
            homepage_url=homepage_url,
            logo_url=logo_url,
            id_token_alg=id_token_alg,
        )

        app_create.additional_properties = d
        return app_create

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
