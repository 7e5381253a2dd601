from typing import Literal

ListFestivalsStatus = Literal["CANCELLED", "DRAFT", "PUBLISHED"]

LIST_FESTIVALS_STATUS_VALUES: set[ListFestivalsStatus] = {
    "CANCELLED",
    "DRAFT",
    "PUBLISHED",
}


def check_list_festivals_status(value: str) -> ListFestivalsStatus:
    if value in LIST_FESTIVALS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_FESTIVALS_STATUS_VALUES!r}")
