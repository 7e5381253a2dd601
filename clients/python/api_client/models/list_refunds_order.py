from typing import Literal

ListRefundsOrder = Literal["asc", "desc"]

LIST_REFUNDS_ORDER_VALUES: set[ListRefundsOrder] = {
    "asc",
    "desc",
}


def check_list_refunds_order(value: str) -> ListRefundsOrder:
    if value in LIST_REFUNDS_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_REFUNDS_ORDER_VALUES!r}")
