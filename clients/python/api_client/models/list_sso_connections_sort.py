from typing import Literal

ListSsoConnectionsSort = Literal["createdAt"]

LIST_SSO_CONNECTIONS_SORT_VALUES: set[ListSsoConnectionsSort] = {
    "createdAt",
}


def check_list_sso_connections_sort(value: str) -> ListSsoConnectionsSort:
    if value in LIST_SSO_CONNECTIONS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SSO_CONNECTIONS_SORT_VALUES!r}"
    )
