from typing import Literal

ListWebhookEventsOrder = Literal["asc", "desc"]

LIST_WEBHOOK_EVENTS_ORDER_VALUES: set[ListWebhookEventsOrder] = {
    "asc",
    "desc",
}


def check_list_webhook_events_order(value: str) -> ListWebhookEventsOrder:
    if value in LIST_WEBHOOK_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_EVENTS_ORDER_VALUES!r}"
    )
