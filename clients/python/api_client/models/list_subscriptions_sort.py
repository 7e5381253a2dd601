from typing import Literal

ListSubscriptionsSort = Literal["createdAt"]

LIST_SUBSCRIPTIONS_SORT_VALUES: set[ListSubscriptionsSort] = {
    "createdAt",
}


def check_list_subscriptions_sort(value: str) -> ListSubscriptionsSort:
    if value in LIST_SUBSCRIPTIONS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SUBSCRIPTIONS_SORT_VALUES!r}"
    )
