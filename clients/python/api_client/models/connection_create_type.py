from typing import Literal

ConnectionCreateType = Literal["oidc", "saml"]

CONNECTION_CREATE_TYPE_VALUES: set[ConnectionCreateType] = {
    "oidc",
    "saml",
}


def check_connection_create_type(value: str) -> ConnectionCreateType:
    if value in CONNECTION_CREATE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONNECTION_CREATE_TYPE_VALUES!r}"
    )
