from typing import Literal

ListProjectsOrder = Literal["asc", "desc"]

LIST_PROJECTS_ORDER_VALUES: set[ListProjectsOrder] = {
    "asc",
    "desc",
}


def check_list_projects_order(value: str) -> ListProjectsOrder:
    if value in LIST_PROJECTS_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PROJECTS_ORDER_VALUES!r}")
