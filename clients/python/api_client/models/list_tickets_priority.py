from typing import Literal

ListTicketsPriority = Literal["HIGH", "LOW", "NORMAL", "URGENT"]

LIST_TICKETS_PRIORITY_VALUES: set[ListTicketsPriority] = {
    "HIGH",
    "LOW",
    "NORMAL",
    "URGENT",
}


def check_list_tickets_priority(value: str) -> ListTicketsPriority:
    if value in LIST_TICKETS_PRIORITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TICKETS_PRIORITY_VALUES!r}")
