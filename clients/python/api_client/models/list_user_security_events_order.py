from typing import Literal

ListUserSecurityEventsOrder = Literal["asc", "desc"]

LIST_USER_SECURITY_EVENTS_ORDER_VALUES: set[ListUserSecurityEventsOrder] = {
    "asc",
    "desc",
}


def check_list_user_security_events_order(value: str) -> ListUserSecurityEventsOrder:
    if value in LIST_USER_SECURITY_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_USER_SECURITY_EVENTS_ORDER_VALUES!r}"
    )
