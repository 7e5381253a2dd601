from typing import Literal

ListSubscriptionsOrder = Literal["asc", "desc"]

LIST_SUBSCRIPTIONS_ORDER_VALUES: set[ListSubscriptionsOrder] = {
    "asc",
    "desc",
}


def check_list_subscriptions_order(value: str) -> ListSubscriptionsOrder:
    if value in LIST_SUBSCRIPTIONS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SUBSCRIPTIONS_ORDER_VALUES!r}"
    )
