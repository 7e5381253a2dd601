from typing import Literal

ListTicketCommentsSort = Literal["createdAt"]

LIST_TICKET_COMMENTS_SORT_VALUES: set[ListTicketCommentsSort] = {
    "createdAt",
}


def check_list_ticket_comments_sort(value: str) -> ListTicketCommentsSort:
    if value in LIST_TICKET_COMMENTS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TICKET_COMMENTS_SORT_VALUES!r}"
    )
