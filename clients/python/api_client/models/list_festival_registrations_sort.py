from typing import Literal

ListFestivalRegistrationsSort = Literal["createdAt"]

LIST_FESTIVAL_REGISTRATIONS_SORT_VALUES: set[ListFestivalRegistrationsSort] = {
    "createdAt",
}


def check_list_festival_registrations_sort(value: str) -> ListFestivalRegistrationsSort:
    if value in LIST_FESTIVAL_REGISTRATIONS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_FESTIVAL_REGISTRATIONS_SORT_VALUES!r}"
    )
