from typing import Literal

ListUserSecurityEventsSort = Literal["createdAt"]

LIST_USER_SECURITY_EVENTS_SORT_VALUES: set[ListUserSecurityEventsSort] = {
    "createdAt",
}


def check_list_user_security_events_sort(value: str) -> ListUserSecurityEventsSort:
    if value in LIST_USER_SECURITY_EVENTS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_USER_SECURITY_EVENTS_SORT_VALUES!r}"
    )
