from typing import Literal

CompleteOAuthProvider = Literal["github", "google"]

COMPLETE_O_AUTH_PROVIDER_VALUES: set[CompleteOAuthProvider] = {
    "github",
    "google",
}


def check_complete_o_auth_provider(value: str) -> CompleteOAuthProvider:
    if value in COMPLETE_O_AUTH_PROVIDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {COMPLETE_O_AUTH_PROVIDER_VALUES!r}"
    )
