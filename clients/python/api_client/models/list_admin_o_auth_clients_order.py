from typing import Literal

ListAdminOAuthClientsOrder = Literal["asc", "desc"]

LIST_ADMIN_O_AUTH_CLIENTS_ORDER_VALUES: set[ListAdminOAuthClientsOrder] = {
    "asc",
    "desc",
}


def check_list_admin_o_auth_clients_order(value: str) -> ListAdminOAuthClientsOrder:
    if value in LIST_ADMIN_O_AUTH_CLIENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_O_AUTH_CLIENTS_ORDER_VALUES!r}"
    )
