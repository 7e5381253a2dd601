from typing import Literal

ListProjectDomainsSort = Literal["createdAt"]

LIST_PROJECT_DOMAINS_SORT_VALUES: set[ListProjectDomainsSort] = {
    "createdAt",
}


def check_list_project_domains_sort(value: str) -> ListProjectDomainsSort:
    if value in LIST_PROJECT_DOMAINS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_DOMAINS_SORT_VALUES!r}"
    )
