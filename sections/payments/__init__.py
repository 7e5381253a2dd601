"""The signed, idempotent payment webhook and its ledger (contract section 6)."""
from core import serving
from core.ratelimit import limiter_of

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("ledger",)


def register(app, api):
    from sections.payments.routes import blp as routes
    from sections.payments.routes import warn_without_secret
    serving.on_start(app, warn_without_secret)
    limiter_of(app).exempt(routes)  # contract section 6: webhooks are not rate limited
    api.register_blueprint(routes)
