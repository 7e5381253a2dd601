from enum import StrEnum


class ListProjectMembersSort(StrEnum):
    EMAIL = "email"
    JOINEDAT = "joinedAt"

    def __str__(self) -> str:
        return str(self.value)
