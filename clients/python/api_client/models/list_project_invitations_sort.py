from enum import StrEnum


class ListProjectInvitationsSort(StrEnum):
    CREATEDAT = "createdAt"
    EXPIRESAT = "expiresAt"

    def __str__(self) -> str:
        return str(self.value)
