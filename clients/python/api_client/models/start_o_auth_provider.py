from typing import Literal

StartOAuthProvider = Literal["github", "google"]

START_O_AUTH_PROVIDER_VALUES: set[StartOAuthProvider] = {
    "github",
    "google",
}


def check_start_o_auth_provider(value: str) -> StartOAuthProvider:
    if value in START_O_AUTH_PROVIDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {START_O_AUTH_PROVIDER_VALUES!r}")
