from typing import Literal

AppChangeIdTokenAlg = Literal["ES256", "RS256"]

APP_CHANGE_ID_TOKEN_ALG_VALUES: set[AppChangeIdTokenAlg] = {
    "ES256",
    "RS256",
}


def check_app_change_id_token_alg(value: str) -> AppChangeIdTokenAlg:
    if value in APP_CHANGE_ID_TOKEN_ALG_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APP_CHANGE_ID_TOKEN_ALG_VALUES!r}"
    )
