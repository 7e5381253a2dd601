from typing import Literal

ListApiKeysOrder = Literal["asc", "desc"]

LIST_API_KEYS_ORDER_VALUES: set[ListApiKeysOrder] = {
    "asc",
    "desc",
}


def check_list_api_keys_order(value: str) -> ListApiKeysOrder:
    if value in LIST_API_KEYS_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_API_KEYS_ORDER_VALUES!r}")
