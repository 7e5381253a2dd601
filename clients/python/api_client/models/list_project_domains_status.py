from typing import Literal

ListProjectDomainsStatus = Literal["PENDING", "VERIFIED"]

LIST_PROJECT_DOMAINS_STATUS_VALUES: set[ListProjectDomainsStatus] = {
    "PENDING",
    "VERIFIED",
}


def check_list_project_domains_status(value: str) -> ListProjectDomainsStatus:
    if value in LIST_PROJECT_DOMAINS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_DOMAINS_STATUS_VALUES!r}"
    )
