"""The signed, idempotent payment webhook and its ledger (contract section 6)."""
from core import serving
from core.ratelimit import limiter_of

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("ledger",)


def register(app, api):
    from marshmallow import fields

    from core import stats
    from sections.payments.models import payment_totals, subscription_counts
    from sections.payments.routes import blp as routes
    from sections.payments.routes import warn_without_secret
    from sections.payments.schemas import PaymentTotalSchema
    serving.on_start(app, warn_without_secret)
    limiter_of(app).exempt(routes)  # contract section 6: webhooks are not rate limited
    api.register_blueprint(routes)
    # Its part of the statistics.
    stats.show(stats.Statistic("payments", fields.List(fields.Nested(PaymentTotalSchema),
                                                       required=True), payment_totals))
    stats.show(stats.Statistic("subscriptions", fields.Dict(
        keys=fields.String(), values=fields.Integer(), required=True), subscription_counts))
