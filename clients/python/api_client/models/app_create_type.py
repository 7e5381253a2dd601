from typing import Literal

AppCreateType = Literal["confidential", "public"]

APP_CREATE_TYPE_VALUES: set[AppCreateType] = {
    "confidential",
    "public",
}


def check_app_create_type(value: str) -> AppCreateType:
    if value in APP_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {APP_CREATE_TYPE_VALUES!r}")
