from typing import Literal

VerificationType = Literal["dns-txt"]

VERIFICATION_TYPE_VALUES: set[VerificationType] = {
    "dns-txt",
}


def check_verification_type(value: str) -> VerificationType:
    if value in VERIFICATION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERIFICATION_TYPE_VALUES!r}")
