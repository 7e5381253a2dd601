from typing import Literal

ListAdminOAuthClientsSort = Literal["createdAt", "lastUsedAt"]

LIST_ADMIN_O_AUTH_CLIENTS_SORT_VALUES: set[ListAdminOAuthClientsSort] = {
    "createdAt",
    "lastUsedAt",
}


def check_list_admin_o_auth_clients_sort(value: str) -> ListAdminOAuthClientsSort:
    if value in LIST_ADMIN_O_AUTH_CLIENTS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_O_AUTH_CLIENTS_SORT_VALUES!r}"
    )
