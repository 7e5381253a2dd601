from enum import StrEnum


class ListTicketsSort(StrEnum):
    CREATEDAT = "createdAt"
    PRIORITY = "priority"
    UPDATEDAT = "updatedAt"

    def __str__(self) -> str:
        return str(self.value)
