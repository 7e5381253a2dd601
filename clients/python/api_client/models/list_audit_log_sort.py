from enum import StrEnum


class ListAuditLogSort(StrEnum):
    CREATEDAT = "createdAt"

    def __str__(self) -> str:
        return str(self.value)
