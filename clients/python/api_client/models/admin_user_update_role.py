from typing import Literal

AdminUserUpdateRole = Literal["admin", "user"]

ADMIN_USER_UPDATE_ROLE_VALUES: set[AdminUserUpdateRole] = {
    "admin",
    "user",
}


def check_admin_user_update_role(value: str) -> AdminUserUpdateRole:
    if value in ADMIN_USER_UPDATE_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADMIN_USER_UPDATE_ROLE_VALUES!r}"
    )
