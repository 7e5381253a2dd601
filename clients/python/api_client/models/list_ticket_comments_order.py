from typing import Literal

ListTicketCommentsOrder = Literal["asc", "desc"]

LIST_TICKET_COMMENTS_ORDER_VALUES: set[ListTicketCommentsOrder] = {
    "asc",
    "desc",
}


def check_list_ticket_comments_order(value: str) -> ListTicketCommentsOrder:
    if value in LIST_TICKET_COMMENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TICKET_COMMENTS_ORDER_VALUES!r}"
    )
