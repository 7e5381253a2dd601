from enum import StrEnum


class FestivalPhase(StrEnum):
    ENDED = "ENDED"
    ONGOING = "ONGOING"
    UPCOMING = "UPCOMING"

    def __str__(self) -> str:
        return str(self.value)
