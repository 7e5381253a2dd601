from typing import Literal

ListFestivalRegistrationsOrder = Literal["asc", "desc"]

LIST_FESTIVAL_REGISTRATIONS_ORDER_VALUES: set[ListFestivalRegistrationsOrder] = {
    "asc",
    "desc",
}


def check_list_festival_registrations_order(value: str) -> ListFestivalRegistrationsOrder:
    if value in LIST_FESTIVAL_REGISTRATIONS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_FESTIVAL_REGISTRATIONS_ORDER_VALUES!r}"
    )
