from typing import Literal

FestivalStatus = Literal["CANCELLED", "DRAFT", "PUBLISHED"]

FESTIVAL_STATUS_VALUES: set[FestivalStatus] = {
    "CANCELLED",
    "DRAFT",
    "PUBLISHED",
}


def check_festival_status(value: str) -> FestivalStatus:
    if value in FESTIVAL_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FESTIVAL_STATUS_VALUES!r}")
