from typing import Literal

ListMyInvitationsOrder = Literal["asc", "desc"]

LIST_MY_INVITATIONS_ORDER_VALUES: set[ListMyInvitationsOrder] = {
    "asc",
    "desc",
}


def check_list_my_invitations_order(value: str) -> ListMyInvitationsOrder:
    if value in LIST_MY_INVITATIONS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_INVITATIONS_ORDER_VALUES!r}"
    )
