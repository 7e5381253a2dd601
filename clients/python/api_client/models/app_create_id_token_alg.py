from typing import Literal

AppCreateIdTokenAlg = Literal["ES256", "RS256"]

APP_CREATE_ID_TOKEN_ALG_VALUES: set[AppCreateIdTokenAlg] = {
    "ES256",
    "RS256",
}


def check_app_create_id_token_alg(value: str) -> AppCreateIdTokenAlg:
    if value in APP_CREATE_ID_TOKEN_ALG_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APP_CREATE_ID_TOKEN_ALG_VALUES!r}"
    )
