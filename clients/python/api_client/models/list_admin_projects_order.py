from typing import Literal

ListAdminProjectsOrder = Literal["asc", "desc"]

LIST_ADMIN_PROJECTS_ORDER_VALUES: set[ListAdminProjectsOrder] = {
    "asc",
    "desc",
}


def check_list_admin_projects_order(value: str) -> ListAdminProjectsOrder:
    if value in LIST_ADMIN_PROJECTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_PROJECTS_ORDER_VALUES!r}"
    )
