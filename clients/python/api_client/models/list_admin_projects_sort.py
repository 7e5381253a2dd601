from enum import StrEnum


class ListAdminProjectsSort(StrEnum):
    CREATEDAT = "createdAt"
    NAME = "name"

    def __str__(self) -> str:
        return str(self.value)
