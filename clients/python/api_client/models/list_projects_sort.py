from typing import Literal

ListProjectsSort = Literal["createdAt", "name", "updatedAt"]

LIST_PROJECTS_SORT_VALUES: set[ListProjectsSort] = {
    "createdAt",
    "name",
    "updatedAt",
}


def check_list_projects_sort(value: str) -> ListProjectsSort:
    if value in LIST_PROJECTS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PROJECTS_SORT_VALUES!r}")
