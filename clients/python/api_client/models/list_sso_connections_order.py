from typing import Literal

ListSsoConnectionsOrder = Literal["asc", "desc"]

LIST_SSO_CONNECTIONS_ORDER_VALUES: set[ListSsoConnectionsOrder] = {
    "asc",
    "desc",
}


def check_list_sso_connections_order(value: str) -> ListSsoConnectionsOrder:
    if value in LIST_SSO_CONNECTIONS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SSO_CONNECTIONS_ORDER_VALUES!r}"
    )
