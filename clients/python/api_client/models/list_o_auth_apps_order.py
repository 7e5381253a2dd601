from typing import Literal

ListOAuthAppsOrder = Literal["asc", "desc"]

LIST_O_AUTH_APPS_ORDER_VALUES: set[ListOAuthAppsOrder] = {
    "asc",
    "desc",
}


def check_list_o_auth_apps_order(value: str) -> ListOAuthAppsOrder:
    if value in LIST_O_AUTH_APPS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_O_AUTH_APPS_ORDER_VALUES!r}"
    )
