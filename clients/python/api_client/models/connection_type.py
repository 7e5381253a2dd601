from typing import Literal

ConnectionType = Literal["oidc", "saml"]

CONNECTION_TYPE_VALUES: set[ConnectionType] = {
    "oidc",
    "saml",
}


def check_connection_type(value: str) -> ConnectionType:
    if value in CONNECTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONNECTION_TYPE_VALUES!r}")
