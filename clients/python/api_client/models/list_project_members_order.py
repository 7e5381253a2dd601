from typing import Literal

ListProjectMembersOrder = Literal["asc", "desc"]

LIST_PROJECT_MEMBERS_ORDER_VALUES: set[ListProjectMembersOrder] = {
    "asc",
    "desc",
}


def check_list_project_members_order(value: str) -> ListProjectMembersOrder:
    if value in LIST_PROJECT_MEMBERS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_MEMBERS_ORDER_VALUES!r}"
    )
