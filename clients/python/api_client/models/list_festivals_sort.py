from typing import Literal

ListFestivalsSort = Literal["createdAt", "name", "startsAt"]

LIST_FESTIVALS_SORT_VALUES: set[ListFestivalsSort] = {
    "createdAt",
    "name",
    "startsAt",
}


def check_list_festivals_sort(value: str) -> ListFestivalsSort:
    if value in LIST_FESTIVALS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_FESTIVALS_SORT_VALUES!r}")
