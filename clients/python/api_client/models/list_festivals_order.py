from typing import Literal

ListFestivalsOrder = Literal["asc", "desc"]

LIST_FESTIVALS_ORDER_VALUES: set[ListFestivalsOrder] = {
    "asc",
    "desc",
}


def check_list_festivals_order(value: str) -> ListFestivalsOrder:
    if value in LIST_FESTIVALS_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_FESTIVALS_ORDER_VALUES!r}")
