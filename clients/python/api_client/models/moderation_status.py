from typing import Literal

ModerationStatus = Literal["APPROVED", "REJECTED"]

MODERATION_STATUS_VALUES: set[ModerationStatus] = {
    "APPROVED",
    "REJECTED",
}


def check_moderation_status(value: str) -> ModerationStatus:
    if value in MODERATION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MODERATION_STATUS_VALUES!r}")
