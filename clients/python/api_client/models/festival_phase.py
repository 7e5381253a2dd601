from typing import Literal

FestivalPhase = Literal["ENDED", "ONGOING", "UPCOMING"]

FESTIVAL_PHASE_VALUES: set[FestivalPhase] = {
    "ENDED",
    "ONGOING",
    "UPCOMING",
}


def check_festival_phase(value: str) -> FestivalPhase:
    if value in FESTIVAL_PHASE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FESTIVAL_PHASE_VALUES!r}")
