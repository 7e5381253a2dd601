from enum import StrEnum


class ListAdminUsersRole(StrEnum):
    ADMIN = "ADMIN"
    USER = "USER"

    def __str__(self) -> str:
        return str(self.value)
