from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.domain_status import DomainStatus, check_domain_status

if TYPE_CHECKING:
    from ..models.verification import Verification


T = TypeVar("T", bound="Domain")


@_attrs_define
class Domain:
    """
    Attributes:
        id (str):
        domain (str):
        status (DomainStatus):
        verification (Verification):
        verified_at (datetime.datetime | None):
        created_at (datetime.datetime):
    """

    id: str
    domain: str
    status: DomainStatus
    verification: Verification
    verified_at: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        domain = self.domain

        status: str = self.status

        verification = self.verification.to_dict()

        verified_at: None | str
        if isinstance(self.verified_at, datetime.datetime):
            verified_at = self.verified_at.isoformat()
        else:
            verified_at = self.verified_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "domain": domain,
                "status": status,
                "verification": verification,
                "verifiedAt": verified_at,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verification import Verification  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        domain = d.pop("domain")

        status = check_domain_status(d.pop("status"))

        verification = Verification.from_dict(d.pop("verification"))

        def _parse_verified_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verified_at_type_0 = datetime.datetime.fromisoformat(data)

                return verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        verified_at = _parse_verified_at(d.pop("verifiedAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        domain = cls(
            id=id,
            domain=domain,
            status=status,
            verification=verification,
            verified_at=verified_at,
            created_at=created_at,
        )

        return domain
