from typing import Literal

ListSecurityEventsOrder = Literal["asc", "desc"]

LIST_SECURITY_EVENTS_ORDER_VALUES: set[ListSecurityEventsOrder] = {
    "asc",
    "desc",
}


def check_list_security_events_order(value: str) -> ListSecurityEventsOrder:
    if value in LIST_SECURITY_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SECURITY_EVENTS_ORDER_VALUES!r}"
    )
