from typing import Literal

ListApiKeysSort = Literal["createdAt"]

LIST_API_KEYS_SORT_VALUES: set[ListApiKeysSort] = {
    "createdAt",
}


def check_list_api_keys_sort(value: str) -> ListApiKeysSort:
    if value in LIST_API_KEYS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_API_KEYS_SORT_VALUES!r}")
