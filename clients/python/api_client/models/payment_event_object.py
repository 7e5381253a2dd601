from typing import Literal

PaymentEventObject = Literal["event"]

PAYMENT_EVENT_OBJECT_VALUES: set[PaymentEventObject] = {
    "event",
}


def check_payment_event_object(value: str) -> PaymentEventObject:
    if value in PAYMENT_EVENT_OBJECT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PAYMENT_EVENT_OBJECT_VALUES!r}")
