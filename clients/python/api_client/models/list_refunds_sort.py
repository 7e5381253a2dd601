from typing import Literal

ListRefundsSort = Literal["createdAt"]

LIST_REFUNDS_SORT_VALUES: set[ListRefundsSort] = {
    "createdAt",
}


def check_list_refunds_sort(value: str) -> ListRefundsSort:
    if value in LIST_REFUNDS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_REFUNDS_SORT_VALUES!r}")
