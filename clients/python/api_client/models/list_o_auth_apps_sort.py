from typing import Literal

ListOAuthAppsSort = Literal["createdAt"]

LIST_O_AUTH_APPS_SORT_VALUES: set[ListOAuthAppsSort] = {
    "createdAt",
}


def check_list_o_auth_apps_sort(value: str) -> ListOAuthAppsSort:
    if value in LIST_O_AUTH_APPS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_O_AUTH_APPS_SORT_VALUES!r}")
