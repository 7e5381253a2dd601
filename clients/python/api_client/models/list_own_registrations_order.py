from typing import Literal

ListOwnRegistrationsOrder = Literal["asc", "desc"]

LIST_OWN_REGISTRATIONS_ORDER_VALUES: set[ListOwnRegistrationsOrder] = {
    "asc",
    "desc",
}


def check_list_own_registrations_order(value: str) -> ListOwnRegistrationsOrder:
    if value in LIST_OWN_REGISTRATIONS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_OWN_REGISTRATIONS_ORDER_VALUES!r}"
    )
