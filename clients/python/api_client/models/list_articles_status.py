from typing import Literal

ListArticlesStatus = Literal["ARCHIVED", "DRAFT", "PUBLISHED", "SCHEDULED"]

LIST_ARTICLES_STATUS_VALUES: set[ListArticlesStatus] = {
    "ARCHIVED",
    "DRAFT",
    "PUBLISHED",
    "SCHEDULED",
}


def check_list_articles_status(value: str) -> ListArticlesStatus:
    if value in LIST_ARTICLES_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ARTICLES_STATUS_VALUES!r}")
