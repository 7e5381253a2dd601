from typing import Literal

ListArticlesOrder = Literal["asc", "desc"]

LIST_ARTICLES_ORDER_VALUES: set[ListArticlesOrder] = {
    "asc",
    "desc",
}


def check_list_articles_order(value: str) -> ListArticlesOrder:
    if value in LIST_ARTICLES_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ARTICLES_ORDER_VALUES!r}")
