from typing import Literal

AdminUserDetailRole = Literal["admin", "user"]

ADMIN_USER_DETAIL_ROLE_VALUES: set[AdminUserDetailRole] = {
    "admin",
    "user",
}


def check_admin_user_detail_role(value: str) -> AdminUserDetailRole:
    if value in ADMIN_USER_DETAIL_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADMIN_USER_DETAIL_ROLE_VALUES!r}"
    )
