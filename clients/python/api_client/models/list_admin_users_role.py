from typing import Literal

ListAdminUsersRole = Literal["ADMIN", "USER"]

LIST_ADMIN_USERS_ROLE_VALUES: set[ListAdminUsersRole] = {
    "ADMIN",
    "USER",
}


def check_list_admin_users_role(value: str) -> ListAdminUsersRole:
    if value in LIST_ADMIN_USERS_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_USERS_ROLE_VALUES!r}")
