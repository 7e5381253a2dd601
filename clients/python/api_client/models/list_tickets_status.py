from typing import Literal

ListTicketsStatus = Literal["CLOSED", "IN_PROGRESS", "OPEN", "RESOLVED"]

LIST_TICKETS_STATUS_VALUES: set[ListTicketsStatus] = {
    "CLOSED",
    "IN_PROGRESS",
    "OPEN",
    "RESOLVED",
}


def check_list_tickets_status(value: str) -> ListTicketsStatus:
    if value in LIST_TICKETS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TICKETS_STATUS_VALUES!r}")
