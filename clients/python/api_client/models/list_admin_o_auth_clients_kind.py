from typing import Literal

ListAdminOAuthClientsKind = Literal["app", "dynamic", "metadata-document"]

LIST_ADMIN_O_AUTH_CLIENTS_KIND_VALUES: set[ListAdminOAuthClientsKind] = {
    "app",
    "dynamic",
    "metadata-document",
}


def check_list_admin_o_auth_clients_kind(value: str) -> ListAdminOAuthClientsKind:
    if value in LIST_ADMIN_O_AUTH_CLIENTS_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ADMIN_O_AUTH_CLIENTS_KIND_VALUES!r}"
    )
