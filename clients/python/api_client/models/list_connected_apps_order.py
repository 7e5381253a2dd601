from typing import Literal

ListConnectedAppsOrder = Literal["asc", "desc"]

LIST_CONNECTED_APPS_ORDER_VALUES: set[ListConnectedAppsOrder] = {
    "asc",
    "desc",
}


def check_list_connected_apps_order(value: str) -> ListConnectedAppsOrder:
    if value in LIST_CONNECTED_APPS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CONNECTED_APPS_ORDER_VALUES!r}"
    )
