from typing import Literal

ListScimTokensSort = Literal["createdAt"]

LIST_SCIM_TOKENS_SORT_VALUES: set[ListScimTokensSort] = {
    "createdAt",
}


def check_list_scim_tokens_sort(value: str) -> ListScimTokensSort:
    if value in LIST_SCIM_TOKENS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SCIM_TOKENS_SORT_VALUES!r}")
