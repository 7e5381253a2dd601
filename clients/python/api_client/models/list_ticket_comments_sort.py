from enum import StrEnum


class ListTicketCommentsSort(StrEnum):
    CREATEDAT = "createdAt"

    def __str__(self) -> str:
        return str(self.value)
