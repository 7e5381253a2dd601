from enum import StrEnum


class ListMyInvitationsSort(StrEnum):
    CREATEDAT = "createdAt"

    def __str__(self) -> str:
        return str(self.value)
