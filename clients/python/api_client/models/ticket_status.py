from typing import Literal

TicketStatus = Literal["CLOSED", "IN_PROGRESS", "OPEN", "RESOLVED"]

TICKET_STATUS_VALUES: set[TicketStatus] = {
    "CLOSED",
    "IN_PROGRESS",
    "OPEN",
    "RESOLVED",
}


def check_ticket_status(value: str) -> TicketStatus:
    if value in TICKET_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TICKET_STATUS_VALUES!r}")
