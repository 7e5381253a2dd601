from typing import Literal

ListTicketsSort = Literal["createdAt", "priority", "updatedAt"]

LIST_TICKETS_SORT_VALUES: set[ListTicketsSort] = {
    "createdAt",
    "priority",
    "updatedAt",
}


def check_list_tickets_sort(value: str) -> ListTicketsSort:
    if value in LIST_TICKETS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TICKETS_SORT_VALUES!r}")
