from typing import Literal

ListAdminUsersOrder = Literal["asc", "desc"]

LIST_ADMIN_USERS_ORDER_VALUES: set[ListAdminUsersOrder] = {
    "asc",
    "desc",
}


def check_list_admin_users_order(value: str) -> ListAdminUsersOrder:
    if value in LIST_ADMIN_USERS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_USERS_ORDER_VALUES!r}"
    )
