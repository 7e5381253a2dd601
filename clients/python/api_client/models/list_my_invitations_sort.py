from typing import Literal

ListMyInvitationsSort = Literal["createdAt"]

LIST_MY_INVITATIONS_SORT_VALUES: set[ListMyInvitationsSort] = {
    "createdAt",
}


def check_list_my_invitations_sort(value: str) -> ListMyInvitationsSort:
    if value in LIST_MY_INVITATIONS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_INVITATIONS_SORT_VALUES!r}"
    )
