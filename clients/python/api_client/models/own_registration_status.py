from typing import Literal

OwnRegistrationStatus = Literal["CONFIRMED", "WAITLISTED"]

OWN_REGISTRATION_STATUS_VALUES: set[OwnRegistrationStatus] = {
    "CONFIRMED",
    "WAITLISTED",
}


def check_own_registration_status(value: str) -> OwnRegistrationStatus:
    if value in OWN_REGISTRATION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {OWN_REGISTRATION_STATUS_VALUES!r}"
    )
