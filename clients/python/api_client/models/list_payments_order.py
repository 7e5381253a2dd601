from typing import Literal

ListPaymentsOrder = Literal["asc", "desc"]

LIST_PAYMENTS_ORDER_VALUES: set[ListPaymentsOrder] = {
    "asc",
    "desc",
}


def check_list_payments_order(value: str) -> ListPaymentsOrder:
    if value in LIST_PAYMENTS_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PAYMENTS_ORDER_VALUES!r}")
