"""Payment webhook: signature verification, the event ledger and each event's effect
(contract section 7)."""
import functools
import hashlib
import hmac
import json
import logging
import re
from dataclasses import dataclass
from datetime import datetime

from flask import current_app
from marshmallow import Schema, ValidationError
from sqlalchemy import insert
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from core import clock
from core.db import db
from perf import ledger
from sections.payments.models import Payment, PaymentEvent, Refund, Subscription
from sections.payments.outcomes import InvalidPayload, InvalidSignature
from sections.payments.schemas import (
    ChargeSchema,
    PaymentEventSchema,
    PaymentIntentSchema,
    SubscriptionSchema,
)

log = logging.getLogger(__name__)

TIMESTAMP = re.compile(r"[0-9]{1,12}")  # ASCII digits only: int() would also take "١٢"


@dataclass
class Event:
    id: str
    type: str
    created: datetime
    object: dict | None  # `data.object`, loaded for the types that have an effect
    payload: str  # the verified body, as received


def parse_header(header: str | None) -> tuple[int, list[bytes]]:
    """`t=<unix>,v1=<hex>[,v1=<hex>...]`: the timestamp and every v1 signature."""
    if not header:
        raise InvalidSignature("Missing Payment-Signature header")
    timestamps, signatures = [], []
    for item in header.split(","):
        key, _, value = item.strip().partition("=")
        if key == "t":
            timestamps.append(value)
        elif key == "v1":
            signatures.append(value.encode())
    if len(timestamps) != 1 or not TIMESTAMP.fullmatch(timestamps[0]) or not signatures:
        raise InvalidSignature("Malformed Payment-Signature header")
    return int(timestamps[0]), signatures


def verify_signature(payload: bytes, header: str | None) -> None:
    """Accept the raw body when one v1 matches one configured secret within the tolerance."""
    config = current_app.config
    if not config["PAYMENT_WEBHOOK_SECRET"]:
        # Still "Invalid signature" (contract section 8), but saying why to whoever sets it up.
        raise InvalidSignature("No signing secret is configured: set PAYMENT_WEBHOOK_SECRET")
    timestamp, signatures = parse_header(header)
    signed = f"{timestamp}.".encode() + payload
    expected = [hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest().encode()
                for secret in config["PAYMENT_WEBHOOK_SECRET"]]
    if not any(hmac.compare_digest(mine, theirs) for mine in expected for theirs in signatures):
        raise InvalidSignature("No signature matches the payload")
    # Stale and future timestamps alike: a captured delivery cannot be replayed later.
    if abs(clock.utcnow().timestamp() - timestamp) > config["PAYMENT_WEBHOOK_TOLERANCE"]:
        raise InvalidSignature("Timestamp outside the tolerance")


def parse_event(payload: bytes) -> Event:
    """The verified body as an event; Invalid payload when it is not one (api-spec 6.2)."""
    try:
        text = payload.decode("utf-8")  # RFC 8259 section 8.1: JSON exchanged is UTF-8
        body = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser goes
        raise InvalidPayload("The body is not UTF-8 JSON") from None
    if not isinstance(body, dict):
        raise InvalidPayload("The body is not an event object")
    try:
        event = EVENT_SCHEMA.load(body)
    except ValidationError as err:
        raise InvalidPayload("The body is not a valid event", details=err.messages) from None
    effect = EFFECTS.get(event["type"])
    data_object = None
    if effect:
        try:
            data_object = effect.schema.load(event["data"].get("object"))
        except ValidationError as err:
            raise InvalidPayload(f"data.object is not a valid {event['type']} object",
                                  details={"data": {"object": err.messages}}) from None
    return Event(event["id"], event["type"], event["created"], data_object, text)


def record(event: Event) -> bool:
    """Store the event and apply its effect, committed together; False for a repeat."""
    effect = EFFECTS.get(event.type)
    now = clock.utcnow()
    stored = {"id": event.id, "type": event.type, "created": event.created,
              "payload": event.payload, "received_at": now,
              "processed_at": now if effect else None}
    values = None
    if effect:
        values = dict.fromkeys(effect.model.__table__.columns.keys())
        values.update(event.object, last_event_id=event.id, last_event_created=event.created,
                      updated_at=now)
    if ledger.applies(current_app):
        return ledger.write(db.engine, PaymentEvent.__table__, upsert_unless_older,
                            effect and effect.model, stored, values)
    try:
        # The primary key on the event id is the idempotency check, not a read-then-write.
        db.session.execute(STORE_EVENT, stored)
    except IntegrityError:
        # Already stored (or being stored by a concurrent delivery, which this insert waited
        # for): acknowledge and change nothing (contract section 7).
        db.session.rollback()
        return False
    if effect:
        db.session.execute(upsert_unless_older(db.engine.dialect.name, effect.model), values)
    db.session.commit()
    return True


STORE_EVENT = insert(PaymentEvent.__table__)
EVENT_SCHEMA = PaymentEventSchema()


@functools.cache
def upsert_unless_older(dialect: str, model, rows=None):
    """INSERT the record `data.object` describes, or UPDATE it unless a newer event already
    wrote it, as one statement (built once per model): concurrent events for one record, on
    any number of processes, end in the newest state (contract section 7). Equal `created`
    (one-second resolution) applies: the later delivery wins the tie. `rows`: a SELECT of the
    values, else they are the statement's parameters."""
    table = model.__table__
    statement = UPSERT[dialect](table)
    if rows is not None:
        statement = statement.from_select(list(table.columns.keys()), rows)
    return statement.on_conflict_do_update(
        index_elements=[table.c.id],
        set_={name: statement.excluded[name] for name in table.columns.keys() if name != "id"},
        where=table.c.last_event_created <= statement.excluded.last_event_created,
    )


# Both backends speak INSERT ... ON CONFLICT; SQLAlchemy spells it per dialect.
UPSERT = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}


@dataclass(frozen=True)
class Effect:
    schema: Schema  # loads `data.object`; its fields are columns of the model
    model: type


EFFECTS = {
    "payment_intent.succeeded": Effect(PaymentIntentSchema(), Payment),
    "charge.refunded": Effect(ChargeSchema(), Refund),
    "customer.subscription.updated": Effect(SubscriptionSchema(), Subscription),
}
