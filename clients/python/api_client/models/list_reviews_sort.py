from typing import Literal

ListReviewsSort = Literal["createdAt", "rating"]

LIST_REVIEWS_SORT_VALUES: set[ListReviewsSort] = {
    "createdAt",
    "rating",
}


def check_list_reviews_sort(value: str) -> ListReviewsSort:
    if value in LIST_REVIEWS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_REVIEWS_SORT_VALUES!r}")
