from typing import Literal

ListProjectMembersSort = Literal["email", "joinedAt"]

LIST_PROJECT_MEMBERS_SORT_VALUES: set[ListProjectMembersSort] = {
    "email",
    "joinedAt",
}


def check_list_project_members_sort(value: str) -> ListProjectMembersSort:
    if value in LIST_PROJECT_MEMBERS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_MEMBERS_SORT_VALUES!r}"
    )
