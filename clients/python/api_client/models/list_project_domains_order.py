from typing import Literal

ListProjectDomainsOrder = Literal["asc", "desc"]

LIST_PROJECT_DOMAINS_ORDER_VALUES: set[ListProjectDomainsOrder] = {
    "asc",
    "desc",
}


def check_list_project_domains_order(value: str) -> ListProjectDomainsOrder:
    if value in LIST_PROJECT_DOMAINS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_DOMAINS_ORDER_VALUES!r}"
    )
