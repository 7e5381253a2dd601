from typing import Literal

ListOwnRegistrationsSort = Literal["createdAt"]

LIST_OWN_REGISTRATIONS_SORT_VALUES: set[ListOwnRegistrationsSort] = {
    "createdAt",
}


def check_list_own_registrations_sort(value: str) -> ListOwnRegistrationsSort:
    if value in LIST_OWN_REGISTRATIONS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_OWN_REGISTRATIONS_SORT_VALUES!r}"
    )
