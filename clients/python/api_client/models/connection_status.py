from typing import Literal

ConnectionStatus = Literal["ACTIVE", "INACTIVE"]

CONNECTION_STATUS_VALUES: set[ConnectionStatus] = {
    "ACTIVE",
    "INACTIVE",
}


def check_connection_status(value: str) -> ConnectionStatus:
    if value in CONNECTION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONNECTION_STATUS_VALUES!r}")
