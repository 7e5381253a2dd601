from typing import Literal

AdminUserRole = Literal["admin", "user"]

ADMIN_USER_ROLE_VALUES: set[AdminUserRole] = {
    "admin",
    "user",
}


def check_admin_user_role(value: str) -> AdminUserRole:
    if value in ADMIN_USER_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADMIN_USER_ROLE_VALUES!r}")
