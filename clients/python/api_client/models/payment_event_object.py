from enum import StrEnum


class PaymentEventObject(StrEnum):
    EVENT = "event"

    def __str__(self) -> str:
        return str(self.value)
