from enum import StrEnum


class ListReviewsSort(StrEnum):
    CREATEDAT = "createdAt"
    RATING = "rating"

    def __str__(self) -> str:
        return str(self.value)
