from typing import Literal

HitType = Literal["article", "festival", "ticket"]

HIT_TYPE_VALUES: set[HitType] = {
    "article",
    "festival",
    "ticket",
}


def check_hit_type(value: str) -> HitType:
    if value in HIT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HIT_TYPE_VALUES!r}")
