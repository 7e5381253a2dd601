from enum import StrEnum


class ListFestivalsStatus(StrEnum):
    CANCELLED = "CANCELLED"
    DRAFT = "DRAFT"
    PUBLISHED = "PUBLISHED"

    def __str__(self) -> str:
        return str(self.value)
