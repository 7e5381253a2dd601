from typing import Literal

ArticleChangeStatus = Literal["ARCHIVED", "DRAFT", "PUBLISHED", "SCHEDULED"]

ARTICLE_CHANGE_STATUS_VALUES: set[ArticleChangeStatus] = {
    "ARCHIVED",
    "DRAFT",
    "PUBLISHED",
    "SCHEDULED",
}


def check_article_change_status(value: str) -> ArticleChangeStatus:
    if value in ARTICLE_CHANGE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ARTICLE_CHANGE_STATUS_VALUES!r}")
