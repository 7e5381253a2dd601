from typing import Literal

RegistrationStatus = Literal["CONFIRMED", "WAITLISTED"]

REGISTRATION_STATUS_VALUES: set[RegistrationStatus] = {
    "CONFIRMED",
    "WAITLISTED",
}


def check_registration_status(value: str) -> RegistrationStatus:
    if value in REGISTRATION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REGISTRATION_STATUS_VALUES!r}")
