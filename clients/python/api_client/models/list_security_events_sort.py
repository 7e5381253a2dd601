from typing import Literal

ListSecurityEventsSort = Literal["createdAt"]

LIST_SECURITY_EVENTS_SORT_VALUES: set[ListSecurityEventsSort] = {
    "createdAt",
}


def check_list_security_events_sort(value: str) -> ListSecurityEventsSort:
    if value in LIST_SECURITY_EVENTS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SECURITY_EVENTS_SORT_VALUES!r}"
    )
