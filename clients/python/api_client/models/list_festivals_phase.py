from typing import Literal

ListFestivalsPhase = Literal["ENDED", "ONGOING", "UPCOMING"]

LIST_FESTIVALS_PHASE_VALUES: set[ListFestivalsPhase] = {
    "ENDED",
    "ONGOING",
    "UPCOMING",
}


def check_list_festivals_phase(value: str) -> ListFestivalsPhase:
    if value in LIST_FESTIVALS_PHASE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_FESTIVALS_PHASE_VALUES!r}")
