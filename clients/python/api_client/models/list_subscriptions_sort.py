from enum import StrEnum


class ListSubscriptionsSort(StrEnum):
    CREATEDAT = "createdAt"

    def __str__(self) -> str:
        return str(self.value)
