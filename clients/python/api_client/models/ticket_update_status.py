from typing import Literal

TicketUpdateStatus = Literal["CLOSED", "IN_PROGRESS", "OPEN", "RESOLVED"]

TICKET_UPDATE_STATUS_VALUES: set[TicketUpdateStatus] = {
    "CLOSED",
    "IN_PROGRESS",
    "OPEN",
    "RESOLVED",
}


def check_ticket_update_status(value: str) -> TicketUpdateStatus:
    if value in TICKET_UPDATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TICKET_UPDATE_STATUS_VALUES!r}")
