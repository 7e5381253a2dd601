from enum import StrEnum


class FestivalChangeStatus(StrEnum):
    CANCELLED = "CANCELLED"
    DRAFT = "DRAFT"
    PUBLISHED = "PUBLISHED"

    def __str__(self) -> str:
        return str(self.value)
