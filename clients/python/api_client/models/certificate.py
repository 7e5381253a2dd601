from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Certificate")


@_attrs_define
class Certificate:
    """
    Attributes:
        sha_256_fingerprint (str):
        not_after (datetime.datetime):
    """

    sha_256_fingerprint: str
    not_after: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        sha_256_fingerprint = self.sha_256_fingerprint

        not_after = self.not_after.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sha256Fingerprint": sha_256_fingerprint,
                "notAfter": not_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sha_256_fingerprint = d.pop("sha256Fingerprint")

        not_after = datetime.datetime.fromisoformat(d.pop("notAfter"))

        certificate = cls(
            sha_256_fingerprint=sha_256_fingerprint,
            not_after=not_after,
        )

        return certificate
