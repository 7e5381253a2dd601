from typing import Literal

ListReviewsStatus = Literal["APPROVED", "PENDING", "REJECTED"]

LIST_REVIEWS_STATUS_VALUES: set[ListReviewsStatus] = {
    "APPROVED",
    "PENDING",
    "REJECTED",
}


def check_list_reviews_status(value: str) -> ListReviewsStatus:
    if value in LIST_REVIEWS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_REVIEWS_STATUS_VALUES!r}")
