"""Shapes of the payment provider's events (api-spec section 6, contract section 7)."""
from datetime import UTC, datetime

from marshmallow import (
    EXCLUDE,
    Schema,
    ValidationError,
    fields,
    post_load,
    validate,
)

from core.fields import must_be_storable

MAX_UNIX_TIME = 253402300799  # 9999-12-31T23:59:59Z, the last second a datetime holds
MAX_AMOUNT = 2**63 - 1  # the largest BIGINT


class ProviderSchema(Schema):
    """A provider object: fields we do not store are ignored, whatever they hold (NUL too)."""

    class Meta:
        unknown = EXCLUDE


class ProviderString(fields.String):
    """A provider string bound for a column: non-empty, bounded, storable."""

    def __init__(self, max_length=255, **kwargs):
        super().__init__(validate=[validate.Length(min=1, max=max_length), must_be_storable],
                         **kwargs)


class Currency(fields.String):
    """A three-letter currency code, stored lower-case as the provider sends it."""

    def _deserialize(self, value, attr, data, **kwargs):
        code = super()._deserialize(value, attr, data, **kwargs)
        if not (len(code) == 3 and code.isascii() and code.isalpha()):
            raise ValidationError("Not a three-letter currency code.")
        return code.lower()


class Amount(fields.Integer):
    """A JSON integer amount in the currency's smallest unit."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, validate=validate.Range(0, MAX_AMOUNT), **kwargs)


class UnixTime(fields.Integer):
    """Unix seconds (a JSON integer), loaded as an aware UTC datetime."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        seconds = super()._deserialize(value, attr, data, **kwargs)
        if not 0 <= seconds <= MAX_UNIX_TIME:
            raise ValidationError("Not a Unix time between 1970 and 9999.")
        return datetime.fromtimestamp(seconds, UTC)


class PaymentEventDataSchema(ProviderSchema):
    object = fields.Dict(metadata={"description": "The affected resource"})


class PaymentEventSchema(ProviderSchema):
    """A provider event (api-spec section 6.2); `data.object` is checked per event type."""

    id = ProviderString(required=True, metadata={"description": "Event id, e.g. evt_..."})
    kind = fields.String(data_key="object", validate=validate.Equal("event"))
    type = ProviderString(required=True, metadata={"description": "e.g. charge.refunded"})
    created = UnixTime(required=True, metadata={"description": "Unix time, seconds"})
    data = fields.Nested(PaymentEventDataSchema, load_default=dict)


class PaymentIntentSchema(ProviderSchema):
    """`data.object` of `payment_intent.succeeded`."""

    id = ProviderString(required=True)
    amount = Amount(required=True)
    currency = Currency(required=True)
    status = ProviderString(required=True, max_length=64)


class ChargeSchema(ProviderSchema):
    """`data.object` of `charge.refunded`."""

    id = ProviderString(required=True)
    payment_intent = ProviderString(load_default=None, allow_none=True)
    amount = Amount(required=True)
    amount_refunded = Amount(required=True)
    currency = Currency(required=True)


class SubscriptionItemSchema(ProviderSchema):
    current_period_end = UnixTime(allow_none=True, load_default=None)


class SubscriptionItemsSchema(ProviderSchema):
    data = fields.List(fields.Nested(SubscriptionItemSchema), load_default=list)


class SubscriptionSchema(ProviderSchema):
    """`data.object` of `customer.subscription.updated`."""

    id = ProviderString(required=True)
    customer = ProviderString(required=True)
    status = ProviderString(required=True, max_length=64)
    current_period_end = UnixTime(allow_none=True, load_default=None)
    period_items = fields.Nested(SubscriptionItemsSchema, data_key="items", allow_none=True,
                                 load_default=None)

    @post_load
    def period_end(self, data, **kwargs):
        # Since API version 2025-03-31 the period end is on each subscription item instead.
        items = (data.pop("period_items", None) or {}).get("data", [])
        ends = [item["current_period_end"] for item in items if item["current_period_end"]]
        if data["current_period_end"] is None and ends:
            data["current_period_end"] = max(ends)
        return data


class ReceivedSchema(Schema):
    received = fields.Boolean(required=True)


class PaymentTotalSchema(Schema):
    """The payments recorded in one currency (R8 statistics)."""

    currency = fields.String(required=True)
    count = fields.Integer(required=True)
    sum = fields.Integer(required=True)
