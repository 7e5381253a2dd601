from typing import Literal

ListProjectInvitationsOrder = Literal["asc", "desc"]

LIST_PROJECT_INVITATIONS_ORDER_VALUES: set[ListProjectInvitationsOrder] = {
    "asc",
    "desc",
}


def check_list_project_invitations_order(value: str) -> ListProjectInvitationsOrder:
    if value in LIST_PROJECT_INVITATIONS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_INVITATIONS_ORDER_VALUES!r}"
    )
