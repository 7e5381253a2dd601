from typing import Literal

ListProjectInvitationsSort = Literal["createdAt", "expiresAt"]

LIST_PROJECT_INVITATIONS_SORT_VALUES: set[ListProjectInvitationsSort] = {
    "createdAt",
    "expiresAt",
}


def check_list_project_invitations_sort(value: str) -> ListProjectInvitationsSort:
    if value in LIST_PROJECT_INVITATIONS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_INVITATIONS_SORT_VALUES!r}"
    )
