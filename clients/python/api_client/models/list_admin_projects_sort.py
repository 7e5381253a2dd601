from typing import Literal

ListAdminProjectsSort = Literal["createdAt", "name"]

LIST_ADMIN_PROJECTS_SORT_VALUES: set[ListAdminProjectsSort] = {
    "createdAt",
    "name",
}


def check_list_admin_projects_sort(value: str) -> ListAdminProjectsSort:
    if value in LIST_ADMIN_PROJECTS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_PROJECTS_SORT_VALUES!r}"
    )
