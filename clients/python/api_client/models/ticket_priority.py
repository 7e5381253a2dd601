from typing import Literal

TicketPriority = Literal["HIGH", "LOW", "NORMAL", "URGENT"]

TICKET_PRIORITY_VALUES: set[TicketPriority] = {
    "HIGH",
    "LOW",
    "NORMAL",
    "URGENT",
}


def check_ticket_priority(value: str) -> TicketPriority:
    if value in TICKET_PRIORITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TICKET_PRIORITY_VALUES!r}")
