from typing import Literal

ReviewStatus = Literal["APPROVED", "PENDING", "REJECTED"]

REVIEW_STATUS_VALUES: set[ReviewStatus] = {
    "APPROVED",
    "PENDING",
    "REJECTED",
}


def check_review_status(value: str) -> ReviewStatus:
    if value in REVIEW_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEW_STATUS_VALUES!r}")
