from typing import Literal

FestivalChangeStatus = Literal["CANCELLED", "DRAFT", "PUBLISHED"]

FESTIVAL_CHANGE_STATUS_VALUES: set[FestivalChangeStatus] = {
    "CANCELLED",
    "DRAFT",
    "PUBLISHED",
}


def check_festival_change_status(value: str) -> FestivalChangeStatus:
    if value in FESTIVAL_CHANGE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FESTIVAL_CHANGE_STATUS_VALUES!r}"
    )
