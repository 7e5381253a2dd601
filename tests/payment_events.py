"""The payment provider's side of the webhook (contract section 7): events as it builds them,
signed with its scheme and delivered through the test client."""
import hashlib
import hmac
import json
import uuid

from core import clock as service_clock

URL = "/api/webhooks/payment"
SECRET = "whsec_test_current"


def now() -> int:
    return int(service_clock.utcnow().timestamp())  # the (possibly moved) clock of the service


def sign(body: bytes, secret=SECRET, timestamp=None) -> str:
    """The provider's scheme, written out: t=<unix>,v1=hex(HMAC-SHA256(secret, "<t>.<body>"))."""
    timestamp = now() if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def make_event(event_type, data_object, *, event_id=None, created=None) -> dict:
    return {"id": event_id or f"evt_{uuid.uuid4().hex}", "object": "event",
            "api_version": "2024-06-20", "created": now() if created is None else created,
            "type": event_type, "data": {"object": data_object}, "livemode": False,
            "pending_webhooks": 1, "request": {"id": None, "idempotency_key": None}}


def payment_intent(pid="pi_1", amount=2000, currency="usd", status="succeeded", **extra):
    return {"id": pid, "object": "payment_intent", "amount": amount, "currency": currency,
            "status": status, "metadata": {}, **extra}


def charge(cid="ch_1", pi="pi_1", amount=2000, refunded=2000):
    return {"id": cid, "object": "charge", "payment_intent": pi, "amount": amount,
            "amount_refunded": refunded, "currency": "usd", "refunded": refunded == amount}


def subscription(sid="sub_1", status="active", period_end=1_900_000_000):
    return {"id": sid, "object": "subscription", "customer": "cus_1", "status": status,
            "current_period_end": period_end}


def encode(event) -> bytes:
    return event if isinstance(event, bytes) else json.dumps(event).encode()


def deliver(client, event, *, secret=SECRET, timestamp=None, headers=None):
    body = encode(event)
    sent = {"Content-Type": "application/json", "Payment-Signature": sign(body, secret, timestamp)}
    sent.update(headers or {})
    return client.post(URL, data=body, headers=sent)
