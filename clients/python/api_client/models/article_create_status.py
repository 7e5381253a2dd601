from typing import Literal

ArticleCreateStatus = Literal["ARCHIVED", "DRAFT", "PUBLISHED", "SCHEDULED"]

ARTICLE_CREATE_STATUS_VALUES: set[ArticleCreateStatus] = {
    "ARCHIVED",
    "DRAFT",
    "PUBLISHED",
    "SCHEDULED",
}


def check_article_create_status(value: str) -> ArticleCreateStatus:
    if value in ARTICLE_CREATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ARTICLE_CREATE_STATUS_VALUES!r}")
