from enum import StrEnum


class TicketUpdateStatus(StrEnum):
    CLOSED = "CLOSED"
    IN_PROGRESS = "IN_PROGRESS"
    OPEN = "OPEN"
    RESOLVED = "RESOLVED"

    def __str__(self) -> str:
        return str(self.value)
