from typing import Literal

ListWebhookEventsSort = Literal["createdAt"]

LIST_WEBHOOK_EVENTS_SORT_VALUES: set[ListWebhookEventsSort] = {
    "createdAt",
}


def check_list_webhook_events_sort(value: str) -> ListWebhookEventsSort:
    if value in LIST_WEBHOOK_EVENTS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_EVENTS_SORT_VALUES!r}"
    )
