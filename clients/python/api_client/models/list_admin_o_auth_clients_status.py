from typing import Literal

ListAdminOAuthClientsStatus = Literal["ACTIVE", "DISABLED"]

LIST_ADMIN_O_AUTH_CLIENTS_STATUS_VALUES: set[ListAdminOAuthClientsStatus] = {
    "ACTIVE",
    "DISABLED",
}


def check_list_admin_o_auth_clients_status(value: str) -> ListAdminOAuthClientsStatus:
    if value in LIST_ADMIN_O_AUTH_CLIENTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_O_AUTH_CLIENTS_STATUS_VALUES!r}"
    )
