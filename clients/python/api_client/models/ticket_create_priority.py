from typing import Literal

TicketCreatePriority = Literal["HIGH", "LOW", "NORMAL", "URGENT"]

TICKET_CREATE_PRIORITY_VALUES: set[TicketCreatePriority] = {
    "HIGH",
    "LOW",
    "NORMAL",
    "URGENT",
}


def check_ticket_create_priority(value: str) -> TicketCreatePriority:
    if value in TICKET_CREATE_PRIORITY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TICKET_CREATE_PRIORITY_VALUES!r}"
    )
