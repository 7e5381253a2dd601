from typing import Literal

ListPaymentsSort = Literal["createdAt"]

LIST_PAYMENTS_SORT_VALUES: set[ListPaymentsSort] = {
    "createdAt",
}


def check_list_payments_sort(value: str) -> ListPaymentsSort:
    if value in LIST_PAYMENTS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PAYMENTS_SORT_VALUES!r}")
