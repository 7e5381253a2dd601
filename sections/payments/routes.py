"""Inbound provider notifications under /api/webhooks, signed instead of authenticated."""
import logging

from flask import request

from core import metrics
from core.blueprint import ApiBlueprint
from core.outcomes import Outcome
from sections.payments import service as payments
from sections.payments.schemas import PaymentEventSchema, ReceivedSchema

log = logging.getLogger(__name__)

blp = ApiBlueprint("webhooks", __name__, url_prefix="/api/webhooks",
                   description="Payment provider events (not rate limited)")

SIGNATURE_HEADER = {
    "in": "header",
    "name": "Payment-Signature",
    "required": True,
    "schema": {"type": "string"},
    "description": "t=<unix seconds>,v1=<hex HMAC-SHA256(secret, \"<t>.<raw body>\")>"
                   "[,v1=<hex>...]",
}


def warn_without_secret(app):
    # Contract section 8: the service starts without a secret, but says so (core/serving.py:
    # when it starts serving, once).
    if not app.config["PAYMENT_WEBHOOK_SECRET"]:
        log.warning("PAYMENT_WEBHOOK_SECRET is not set: every payment webhook delivery "
                    "will be answered 400 Invalid signature")


@blp.post("/payment")
@blp.doc(operationId="receivePaymentEvent")
@blp.doc(parameters=[SIGNATURE_HEADER], requestBody={
    "required": True, "content": {"application/json": {"schema": PaymentEventSchema}}})
@blp.response(200, ReceivedSchema)
@blp.errors((400, "INVALID_SIGNATURE (error \"Invalid signature\") or INVALID_PAYLOAD "
                  "(error \"Invalid payload\")"))
def receive_payment_event():
    """Verify, store and apply a payment provider event (once, however often delivered)."""
    payload = request.get_data()  # the raw bytes: the signature covers them, not a re-encoding
    try:
        payments.verify_signature(payload, request.headers.get("Payment-Signature"))
        event = payments.parse_event(payload)
    except Outcome as refused:  # unsigned or unreadable: no type to trust
        metrics.webhook_event("unknown", refused.code.lower())
        raise
    applied = payments.record(event)  # committed
    metrics.webhook_event(event.type, "applied" if applied else "duplicate")
    return {"received": True}
