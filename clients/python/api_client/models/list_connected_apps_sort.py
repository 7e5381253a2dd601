from typing import Literal

ListConnectedAppsSort = Literal["createdAt", "lastUsedAt"]

LIST_CONNECTED_APPS_SORT_VALUES: set[ListConnectedAppsSort] = {
    "createdAt",
    "lastUsedAt",
}


def check_list_connected_apps_sort(value: str) -> ListConnectedAppsSort:
    if value in LIST_CONNECTED_APPS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CONNECTED_APPS_SORT_VALUES!r}"
    )
