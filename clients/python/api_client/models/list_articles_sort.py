from enum import StrEnum


class ListArticlesSort(StrEnum):
    CREATEDAT = "createdAt"
    PUBLISHEDAT = "publishedAt"
    TITLE = "title"
    UPDATEDAT = "updatedAt"

    def __str__(self) -> str:
        return str(self.value)
