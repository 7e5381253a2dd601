from typing import Literal

ListReviewsOrder = Literal["asc", "desc"]

LIST_REVIEWS_ORDER_VALUES: set[ListReviewsOrder] = {
    "asc",
    "desc",
}


def check_list_reviews_order(value: str) -> ListReviewsOrder:
    if value in LIST_REVIEWS_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_REVIEWS_ORDER_VALUES!r}")
