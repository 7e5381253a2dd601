from enum import StrEnum


class ListAdminUsersSort(StrEnum):
    CREATEDAT = "createdAt"
    EMAIL = "email"

    def __str__(self) -> str:
        return str(self.value)
