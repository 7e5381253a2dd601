from typing import Literal

ListScimTokensOrder = Literal["asc", "desc"]

LIST_SCIM_TOKENS_ORDER_VALUES: set[ListScimTokensOrder] = {
    "asc",
    "desc",
}


def check_list_scim_tokens_order(value: str) -> ListScimTokensOrder:
    if value in LIST_SCIM_TOKENS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SCIM_TOKENS_ORDER_VALUES!r}"
    )
