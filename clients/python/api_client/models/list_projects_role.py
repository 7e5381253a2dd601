from enum import StrEnum


class ListProjectsRole(StrEnum):
    MEMBER = "MEMBER"
    OWNER = "OWNER"

    def __str__(self) -> str:
        return str(self.value)
