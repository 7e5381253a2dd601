from enum import StrEnum


class ListFestivalsSort(StrEnum):
    CREATEDAT = "createdAt"
    NAME = "name"
    STARTSAT = "startsAt"

    def __str__(self) -> str:
        return str(self.value)
