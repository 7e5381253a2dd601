from typing import Literal

TicketUpdatePriority = Literal["HIGH", "LOW", "NORMAL", "URGENT"]

TICKET_UPDATE_PRIORITY_VALUES: set[TicketUpdatePriority] = {
    "HIGH",
    "LOW",
    "NORMAL",
    "URGENT",
}


def check_ticket_update_priority(value: str) -> TicketUpdatePriority:
    if value in TICKET_UPDATE_PRIORITY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TICKET_UPDATE_PRIORITY_VALUES!r}"
    )
