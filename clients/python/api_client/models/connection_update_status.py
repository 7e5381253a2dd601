from typing import Literal

ConnectionUpdateStatus = Literal["ACTIVE", "INACTIVE"]

CONNECTION_UPDATE_STATUS_VALUES: set[ConnectionUpdateStatus] = {
    "ACTIVE",
    "INACTIVE",
}


def check_connection_update_status(value: str) -> ConnectionUpdateStatus:
    if value in CONNECTION_UPDATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONNECTION_UPDATE_STATUS_VALUES!r}"
    )
