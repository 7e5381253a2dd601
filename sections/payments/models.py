"""The payment ledger: verified provider events and the records they keep (contract section 7)."""
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db
from core.stats import Counted, Counter, count, per_status


# --- payment webhook models ---
class PaymentEvent(db.Model):
    """The ledger of verified provider events (contract section 7).

    The primary key on the provider's event id is what makes delivery idempotent: a repeat fails
    to insert, so its effect is never applied twice, even by two processes at once.
    """

    __tablename__ = "payment_events"
    # The admin ledger list (resources.md R8): sorted by `created`, filtered by `type`.
    __table_args__ = (
        Index("ix_payment_events_created_id", "created", "id"),
        Index("ix_payment_events_type_created_id", "type", "created", "id"),
    )

    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    type: Mapped[str] = mapped_column(String(255))
    created: Mapped[datetime] = mapped_column(UTCDateTime)  # the provider's `created`
    # The verified body as received, as text: JSON escapes such as \u0000 stay escaped, so
    # PostgreSQL (which refuses NUL in text and jsonb) stores any event.
    payload: Mapped[str] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    # When its effect was applied; None for types that are stored and acknowledged only.
    processed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class ProviderRecord:
    """Columns of a record kept as the newest event about it describes it (never an older one)."""

    last_event_id: Mapped[str] = mapped_column(ForeignKey("payment_events.id"))
    last_event_created: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Payment(ProviderRecord, db.Model):
    """A payment (the provider's payment intent), from `payment_intent.succeeded`."""

    __tablename__ = "payments"
    # The admin ledger list (R8), sorted by the recording event's time; stats group by currency.
    __table_args__ = (
        Index("ix_payments_last_event_created_id", "last_event_created", "id"),
        Index("ix_payments_status_last_event_created_id", "status", "last_event_created", "id"),
        Index("ix_payments_currency_last_event_created_id", "currency", "last_event_created",
              "id"),
        Index("ix_payments_currency_amount", "currency", "amount"),
    )

    id: Mapped[str] = mapped_column(String(255), primary_key=True)  # pi_...
    amount: Mapped[int] = mapped_column(BigInteger)  # in the currency's smallest unit
    currency: Mapped[str] = mapped_column(String(3))  # lower-case ISO 4217
    status: Mapped[str] = mapped_column(String(64))


class Refund(ProviderRecord, db.Model):
    """The refunded amount of a charge, from `charge.refunded`, recorded against its payment.

    No foreign key to payments: a refund's event may arrive before its payment's, and is kept.
    """

    __tablename__ = "refunds"
    __table_args__ = (
        Index("ix_refunds_last_event_created_id", "last_event_created", "id"),
        Index("ix_refunds_currency_last_event_created_id", "currency", "last_event_created",
              "id"),
    )

    id: Mapped[str] = mapped_column(String(255), primary_key=True)  # the charge, ch_...
    payment_intent: Mapped[str | None] = mapped_column(String(255), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)  # the charge's amount
    amount_refunded: Mapped[int] = mapped_column(BigInteger)  # refunded so far, in total
    currency: Mapped[str] = mapped_column(String(3))


class Subscription(ProviderRecord, db.Model):
    """A subscription, upserted by `customer.subscription.updated`."""

    __tablename__ = "subscriptions"
    __table_args__ = (
        Index("ix_subscriptions_last_event_created_id", "last_event_created", "id"),
        Index("ix_subscriptions_status_last_event_created_id", "status", "last_event_created",
              "id"),
        Index("ix_subscriptions_customer_last_event_created_id", "customer",
              "last_event_created", "id"),
    )

    id: Mapped[str] = mapped_column(String(255), primary_key=True)  # sub_...
    customer: Mapped[str] = mapped_column(String(255), index=True)
    status: Mapped[str] = mapped_column(String(64))
    current_period_end: Mapped[datetime | None] = mapped_column(UTCDateTime)


count(per_status(Subscription.__tablename__))
count(Counted(Payment.__tablename__, (Counter("{row}.currency", amount="{row}.amount"),),
              ("currency", "amount")))

# The provider's subscription statuses, listed even when 0; any other stored status is added.
SUBSCRIPTION_STATUSES = ("active", "trialing", "past_due", "unpaid", "canceled", "incomplete",
                         "incomplete_expired", "paused")


def payment_totals(counts) -> list:
    """R8: the payments per currency (those with any), by currency."""
    return [{"currency": currency, "count": n, "sum": total}
            for currency, (n, total) in counts.names(Payment.__tablename__).items() if n]


def subscription_counts(counts) -> dict:
    """R8: the subscriptions per status, each provider status listed."""
    return dict.fromkeys(SUBSCRIPTION_STATUSES, 0) | {
        status: n for status, (n, _) in counts.names(Subscription.__tablename__).items()
        if n or status in SUBSCRIPTION_STATUSES}
