from enum import StrEnum


class ListRefundsSort(StrEnum):
    CREATEDAT = "createdAt"

    def __str__(self) -> str:
        return str(self.value)
