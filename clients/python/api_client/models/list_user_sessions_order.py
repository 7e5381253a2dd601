from typing import Literal

ListUserSessionsOrder = Literal["asc", "desc"]

LIST_USER_SESSIONS_ORDER_VALUES: set[ListUserSessionsOrder] = {
    "asc",
    "desc",
}


def check_list_user_sessions_order(value: str) -> ListUserSessionsOrder:
    if value in LIST_USER_SESSIONS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_USER_SESSIONS_ORDER_VALUES!r}"
    )
