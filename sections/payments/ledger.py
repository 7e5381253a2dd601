"""The payment ledger for admins (resources.md R8, contract section 7): read-only lists of what
the webhook recorded, filtered by the provider's values exactly as stored."""
from sqlalchemy import select

from core import listing
from sections.payments.models import Payment, PaymentEvent, Refund, Subscription

# list name -> (model, its sort column for `createdAt`, filter name -> column)
LEDGERS = {
    "payments": (Payment, Payment.last_event_created,
                 {"status": Payment.status, "currency": Payment.currency}),
    "refunds": (Refund, Refund.last_event_created, {"currency": Refund.currency}),
    "subscriptions": (Subscription, Subscription.last_event_created,
                      {"status": Subscription.status, "customer": Subscription.customer}),
    # An event's `createdAt` sort is the provider's `created` (R8).
    "webhook-events": (PaymentEvent, PaymentEvent.created, {"type": PaymentEvent.type}),
}


def page(ledger: str, args: dict) -> listing.Page:
    model, created, filters = LEDGERS[ledger]
    statement = select(model)
    for name, column in filters.items():
        if name in args:
            statement = statement.where(column == args[name])
    return listing.page(statement, args, {"createdAt": created}, model.id)
