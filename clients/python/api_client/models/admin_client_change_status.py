from typing import Literal

AdminClientChangeStatus = Literal["ACTIVE", "DISABLED"]

ADMIN_CLIENT_CHANGE_STATUS_VALUES: set[AdminClientChangeStatus] = {
    "ACTIVE",
    "DISABLED",
}


def check_admin_client_change_status(value: str) -> AdminClientChangeStatus:
    if value in ADMIN_CLIENT_CHANGE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADMIN_CLIENT_CHANGE_STATUS_VALUES!r}"
    )
