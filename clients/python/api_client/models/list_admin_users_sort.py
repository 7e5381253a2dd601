from typing import Literal

ListAdminUsersSort = Literal["createdAt", "email"]

LIST_ADMIN_USERS_SORT_VALUES: set[ListAdminUsersSort] = {
    "createdAt",
    "email",
}


def check_list_admin_users_sort(value: str) -> ListAdminUsersSort:
    if value in LIST_ADMIN_USERS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_USERS_SORT_VALUES!r}")
