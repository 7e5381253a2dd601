from enum import StrEnum


class ModerationStatus(StrEnum):
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"

    def __str__(self) -> str:
        return str(self.value)
