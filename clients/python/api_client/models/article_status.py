from typing import Literal

ArticleStatus = Literal["ARCHIVED", "DRAFT", "PUBLISHED", "SCHEDULED"]

ARTICLE_STATUS_VALUES: set[ArticleStatus] = {
    "ARCHIVED",
    "DRAFT",
    "PUBLISHED",
    "SCHEDULED",
}


def check_article_status(value: str) -> ArticleStatus:
    if value in ARTICLE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ARTICLE_STATUS_VALUES!r}")
