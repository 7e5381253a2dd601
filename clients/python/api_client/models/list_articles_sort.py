from typing import Literal

ListArticlesSort = Literal["createdAt", "publishedAt", "title", "updatedAt"]

LIST_ARTICLES_SORT_VALUES: set[ListArticlesSort] = {
    "createdAt",
    "publishedAt",
    "title",
    "updatedAt",
}


def check_list_articles_sort(value: str) -> ListArticlesSort:
    if value in LIST_ARTICLES_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ARTICLES_SORT_VALUES!r}")
