from typing import Literal

ListTicketsOrder = Literal["asc", "desc"]

LIST_TICKETS_ORDER_VALUES: set[ListTicketsOrder] = {
    "asc",
    "desc",
}


def check_list_tickets_order(value: str) -> ListTicketsOrder:
    if value in LIST_TICKETS_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TICKETS_ORDER_VALUES!r}")
