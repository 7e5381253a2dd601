from typing import Literal

DomainStatus = Literal["PENDING", "VERIFIED"]

DOMAIN_STATUS_VALUES: set[DomainStatus] = {
    "PENDING",
    "VERIFIED",
}


def check_domain_status(value: str) -> DomainStatus:
    if value in DOMAIN_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DOMAIN_STATUS_VALUES!r}")
