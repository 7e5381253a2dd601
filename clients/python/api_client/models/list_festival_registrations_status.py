from typing import Literal

ListFestivalRegistrationsStatus = Literal["CONFIRMED", "WAITLISTED"]

LIST_FESTIVAL_REGISTRATIONS_STATUS_VALUES: set[ListFestivalRegistrationsStatus] = {
    "CONFIRMED",
    "WAITLISTED",
}


def check_list_festival_registrations_status(value: str) -> ListFestivalRegistrationsStatus:
    if value in LIST_FESTIVAL_REGISTRATIONS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_FESTIVAL_REGISTRATIONS_STATUS_VALUES!r}"
    )
