from typing import Literal

FestivalCreateStatus = Literal["DRAFT", "PUBLISHED"]

FESTIVAL_CREATE_STATUS_VALUES: set[FestivalCreateStatus] = {
    "DRAFT",
    "PUBLISHED",
}


def check_festival_create_status(value: str) -> FestivalCreateStatus:
    if value in FESTIVAL_CREATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FESTIVAL_CREATE_STATUS_VALUES!r}"
    )
