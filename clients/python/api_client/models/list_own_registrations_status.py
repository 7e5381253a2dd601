from typing import Literal

ListOwnRegistrationsStatus = Literal["CONFIRMED", "WAITLISTED"]

LIST_OWN_REGISTRATIONS_STATUS_VALUES: set[ListOwnRegistrationsStatus] = {
    "CONFIRMED",
    "WAITLISTED",
}


def check_list_own_registrations_status(value: str) -> ListOwnRegistrationsStatus:
    if value in LIST_OWN_REGISTRATIONS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_OWN_REGISTRATIONS_STATUS_VALUES!r}"
    )
