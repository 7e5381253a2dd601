"""Payment webhook (contract section 7): the provider's signature scheme, payload checks, the
idempotent event ledger, ordering of updates and the absence of rate limits."""
import json
import threading
from datetime import UTC, datetime

import pytest
import requests
import stripe
from sqlalchemy import select

import config
from core import serving
from core.db import db
from sections.payments.models import Payment, PaymentEvent, Refund, Subscription
from tests.payment_events import (
    SECRET,
    URL,
    charge,
    deliver,
    encode,
    make_event,
    now,
    payment_intent,
    sign,
    subscription,
)
from tests.threaded_server import serve

OLD_SECRET = "whsec_test_previous"
MODELS = (PaymentEvent, Payment, Refund, Subscription)


@pytest.fixture
def app(make_app):
    # A tiny public limit: were the webhook limited, the 6th delivery would answer 429.
    return make_app(PAYMENT_WEBHOOK_SECRET=[SECRET], RATELIMIT_PUBLIC="5 per minute")


def table(app, model) -> list[dict]:
    with app.app_context():
        found = db.session.scalars(select(model).order_by(model.id))
        return [{c.name: getattr(row, c.name) for c in model.__table__.columns} for row in found]


def snapshot(app) -> dict:
    return {model.__tablename__: table(app, model) for model in MODELS}


def nothing_stored(app) -> bool:
    return all(rows == [] for rows in snapshot(app).values())


def assert_received(response):
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == {"received": True}


def assert_error(response, name, code):
    assert response.status_code == 400, response.get_json()
    body = response.get_json()
    assert body["error"] == name and body["code"] == code and body["message"]


# --- the provider's scheme -------------------------------------------------------------------

def test_header_from_provider_library_verifies(client, app):
    payload = json.dumps(make_event("payment_intent.succeeded", payment_intent()))
    header = stripe.WebhookSignature.generate_signature_header(payload, SECRET)
    response = client.post(URL, data=payload.encode(), headers={
        "Content-Type": "application/json", "Payment-Signature": header})
    assert_received(response)
    assert table(app, Payment)[0]["amount"] == 2000


def test_header_from_our_helper_verifies_in_provider_library():
    payload = json.dumps(make_event("payment_intent.succeeded", payment_intent()))
    header = sign(payload.encode())
    assert stripe.WebhookSignature.verify_header(payload, header, SECRET, tolerance=300)
    with pytest.raises(stripe.SignatureVerificationError):
        stripe.WebhookSignature.verify_header(payload + " ", header, SECRET, tolerance=300)


def test_several_v1_values_one_matching_verifies(client):
    body = encode(make_event("invoice.paid", {"id": "in_1"}))
    ts = now()
    header = f"t={ts},v1={'0' * 64},{sign(body, 'whsec_other', ts).split(',')[1]}," \
             f"{sign(body, SECRET, ts).split(',')[1]},v0=ignored"
    assert_received(client.post(URL, data=body, headers={"Payment-Signature": header}))


# --- invalid signatures ------------------------------------------------------------------------

BODY = encode(make_event("payment_intent.succeeded", payment_intent(), event_id="evt_fixed"))


def mac(body=BODY, ts=None, secret=SECRET):
    return sign(body, secret, ts).split("v1=")[1]


SIGNATURE_CASES = {
    "tampered body": lambda: (BODY.replace(b"2000", b"2001"), sign(BODY)),
    "re-serialised body": lambda: (
        json.dumps(json.loads(BODY), separators=(",", ":")).encode(), sign(BODY)),
    "wrong secret": lambda: (BODY, sign(BODY, "whsec_wrong")),
    "missing header": lambda: (BODY, None),
    "empty header": lambda: (BODY, ""),
    "garbage header": lambda: (BODY, "garbage"),
    "no timestamp": lambda: (BODY, f"v1={mac()}"),
    "no v1": lambda: (BODY, f"t={now()}"),
    "only v0": lambda: (BODY, f"t={now()},v0={mac()}"),
    "two timestamps": lambda: (BODY, f"t={now()},t={now()},v1={mac()}"),
    "empty timestamp": lambda: (BODY, f"t=,v1={mac()}"),
    "text timestamp": lambda: (BODY, f"t=abc,v1={mac()}"),
    "negative timestamp": lambda: (BODY, f"t=-{now()},v1={mac()}"),
    "non-ASCII digits": lambda: (BODY, "t=\u0661\u0662,v1=" + mac(ts=12)),
    "huge timestamp": lambda: (BODY, "t=" + "9" * 40 + ",v1=" + mac(ts=int("9" * 40))),
    "upper-case hex": lambda: (BODY, f"t={now()},v1={mac().upper()}"),
    "non-ASCII v1": lambda: (BODY, f"t={now()},v1=\u00e9{mac()[1:]}"),
    "stale timestamp": lambda: (BODY, sign(BODY, timestamp=now() - 301)),
    "future timestamp": lambda: (BODY, sign(BODY, timestamp=now() + 301)),
    "epoch timestamp": lambda: (BODY, sign(BODY, timestamp=0)),
}


@pytest.mark.parametrize("case", SIGNATURE_CASES)
def test_invalid_signature(client, app, clock, case):
    body, header = SIGNATURE_CASES[case]()
    headers = {"Content-Type": "application/json"}
    if header is not None:
        headers["Payment-Signature"] = header
    response = client.post(URL, data=body, headers=headers)
    assert_error(response, "Invalid signature", "INVALID_SIGNATURE")
    assert nothing_stored(app)


@pytest.mark.parametrize("offset", [-300, 300])
def test_timestamp_at_the_tolerance_verifies(client, clock, offset):
    event = make_event("invoice.paid", {"id": "in_1"})
    assert_received(deliver(client, event, timestamp=now() + offset))


def test_tolerance_is_configurable(make_app, clock):
    client = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET], PAYMENT_WEBHOOK_TOLERANCE=60).test_client()
    assert_received(deliver(client, make_event("invoice.paid", {}), timestamp=now() - 60))
    assert_error(deliver(client, make_event("invoice.paid", {}), timestamp=now() - 61),
                 "Invalid signature", "INVALID_SIGNATURE")


def test_replay_after_tolerance_is_refused(client, app, clock):
    body = encode(make_event("payment_intent.succeeded", payment_intent()))
    header = sign(body)
    assert_received(client.post(URL, data=body, headers={"Payment-Signature": header}))
    clock.advance(seconds=301)
    response = client.post(URL, data=body, headers={"Payment-Signature": header})
    assert_error(response, "Invalid signature", "INVALID_SIGNATURE")


# --- rotation and configuration ----------------------------------------------------------------

def test_rotation_accepts_old_and_new_secret(make_app):
    client = make_app(PAYMENT_WEBHOOK_SECRET=[OLD_SECRET, SECRET]).test_client()
    assert_received(deliver(client, make_event("invoice.paid", {}), secret=OLD_SECRET))
    assert_received(deliver(client, make_event("invoice.paid", {}), secret=SECRET))
    # The provider signs with both secrets during its own rotation window.
    body, ts = encode(make_event("invoice.paid", {})), now()
    both = f"{sign(body, OLD_SECRET, ts)},v1={mac(body, ts, SECRET)}"
    assert_received(client.post(URL, data=body, headers={"Payment-Signature": both}))


def test_retired_secret_is_refused(make_app):
    client = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET]).test_client()
    assert_error(deliver(client, make_event("invoice.paid", {}), secret=OLD_SECRET),
                 "Invalid signature", "INVALID_SIGNATURE")


def test_secret_list_as_a_string_in_instance_config(make_app):
    client = make_app(PAYMENT_WEBHOOK_SECRET=f" {OLD_SECRET} , {SECRET} ,").test_client()
    assert_received(deliver(client, make_event("invoice.paid", {}), secret=OLD_SECRET))
    assert_received(deliver(client, make_event("invoice.paid", {}), secret=SECRET))


def test_settings_from_environment():
    found = config.from_environment({"PAYMENT_WEBHOOK_SECRET": "whsec_a, whsec_b,",
                                     "PAYMENT_WEBHOOK_TOLERANCE": "120"})
    assert found == {"PAYMENT_WEBHOOK_SECRET": ["whsec_a", "whsec_b"],
                     "PAYMENT_WEBHOOK_TOLERANCE": 120}
    assert config.defaults()["PAYMENT_WEBHOOK_TOLERANCE"] == 300


def test_without_secret_starts_warns_and_refuses(make_app, caplog):
    app = make_app()
    assert "PAYMENT_WEBHOOK_SECRET" not in caplog.text  # built, not serving yet
    serving.start(app)  # what wsgi.py and `flask run` do (tests/service/test_first_use.py)
    serving.start(app)
    assert caplog.text.count("PAYMENT_WEBHOOK_SECRET is not set") == 1
    client = app.test_client()
    for secret in ("", SECRET):
        response = deliver(client, make_event("invoice.paid", {}), secret=secret)
        assert_error(response, "Invalid signature", "INVALID_SIGNATURE")
        assert "PAYMENT_WEBHOOK_SECRET" in response.get_json()["message"]  # says what is missing
    assert client.get("/api/health").status_code == 200


# --- invalid payloads (signature valid) --------------------------------------------------------

def event_with(**changes) -> bytes:
    event = make_event("payment_intent.succeeded", payment_intent(), event_id="evt_p")
    for key, value in changes.items():
        if value is None:
            event.pop(key)
        else:
            event[key] = value
    return encode(event)


def intent_with(**changes) -> bytes:
    obj = payment_intent()
    obj.update(changes)
    return encode(make_event("payment_intent.succeeded", obj))


PAYLOAD_CASES = {
    "not JSON": b"received=true",
    "empty body": b"",
    "invalid UTF-8": b'{"id": "evt_\xff"}',
    "UTF-16 JSON": json.dumps(make_event("invoice.paid", {})).encode("utf-16"),
    "byte order mark": b"\xef\xbb\xbf" + encode(make_event("invoice.paid", {})),
    "raw NUL byte": b'{"id": "evt_1\x00", "type": "invoice.paid", "created": 1}',
    "JSON array": encode([make_event("invoice.paid", {})]),
    "JSON string": b'"evt_1"',
    "JSON number": b"42",
    "JSON null": b"null",
    "empty object": b"{}",
    "deep nesting": b"[" * 200_000 + b"]" * 200_000,
    "deep nesting in an object": b'{"id": "evt_1", "a": ' + b"[" * 200_000 + b"]" * 200_000 + b"}",
    "no id": event_with(id=None),
    "no type": event_with(type=None),
    "no created": event_with(created=None),
    "id not a string": event_with(id=123),
    "empty id": event_with(id=""),
    "id too long": event_with(id="evt_" + "x" * 300),
    "NUL in id": event_with(id="evt_\u0000"),
    "lone surrogate in id": b'{"id": "evt_\\ud800", "type": "invoice.paid", "created": 1}',
    "NUL in type": event_with(type="invoice.paid\u0000"),
    "type not a string": event_with(type=["invoice.paid"]),
    "created as text": event_with(created="1700000000"),
    "created as float": event_with(created=1700000000.5),
    "created as boolean": event_with(created=True),
    "created negative": event_with(created=-1),
    "created after 9999": event_with(created=10**13),
    "created with 5000 digits": event_with(id="evt_1")[:-1] + b', "created": ' + b"9" * 5000
    + b"}",
    "not an event": event_with(object="charge"),
    "no data.object": event_with(data={}),
    "data not an object": event_with(data=[1]),
    "data.object a list": event_with(data={"object": [payment_intent()]}),
    "amount as text": intent_with(amount="2000"),
    "amount as float": intent_with(amount=20.5),
    "amount NaN": intent_with(amount=1).replace(b'"amount": 1', b'"amount": NaN'),
    "amount negative": intent_with(amount=-1),
    "amount too large": intent_with(amount=2**63),
    "currency not a code": intent_with(currency="dollars"),
    "currency not ASCII": intent_with(currency="\u00fcsd"),
    "payment id with NUL": intent_with(id="pi_\u0000"),
    "payment without status": intent_with(status=None),
    "refund without amount_refunded": encode(make_event("charge.refunded", {
        "id": "ch_1", "amount": 100, "currency": "usd"})),
    "subscription without customer": encode(make_event("customer.subscription.updated", {
        "id": "sub_1", "status": "active"})),
    "subscription period end as text": encode(make_event("customer.subscription.updated", {
        **subscription(), "current_period_end": "soon"})),
}


@pytest.mark.parametrize("case", PAYLOAD_CASES)
def test_invalid_payload(client, app, case):
    response = deliver(client, PAYLOAD_CASES[case])
    assert_error(response, "Invalid payload", "INVALID_PAYLOAD")
    assert nothing_stored(app)


def test_unstored_fields_may_hold_anything(client, app):
    # NUL, lone surrogates and NaN in fields we do not put in columns: the event is stored as
    # the exact text received (PostgreSQL would refuse NUL in text or jsonb values).
    obj = payment_intent(description="a\u0000b", metadata={"card": "\U0001f4b3", "x": "\ud800"})
    body = encode(make_event("payment_intent.succeeded", obj))[:-1] + b', "score": NaN}'
    assert_received(deliver(client, body))
    other = json.dumps(make_event("invoice.paid", {"id": "in_\u0000", "memo": "caf\u00e9 \u20ac"}),
                       ensure_ascii=False).encode()
    assert_received(deliver(client, other))
    stored = {row["type"]: row["payload"] for row in table(app, PaymentEvent)}
    assert stored == {"payment_intent.succeeded": body.decode(), "invoice.paid": other.decode()}


def test_raw_body_is_verified_as_sent(client, app):
    # Formatting a re-serialisation would change: indentation, key order, escapes, raw UTF-8.
    text = ('{\n\t"type" : "invoice.paid",\n\t"created" : ' + str(now()) + ',\n\t"id" : "evt_raw",'
            '\n\t"data" : {"object" : {"id" : "in_1", "memo" : "\\u00e9 \u00e9"}}\n}\n')
    response = deliver(client, text.encode(), headers={"Content-Type": "text/plain"})
    assert_received(response)
    assert table(app, PaymentEvent)[0]["payload"] == text


def test_content_type_with_charset(client):
    response = deliver(client, make_event("invoice.paid", {}),
                       headers={"Content-Type": "application/json; charset=utf-8"})
    assert_received(response)


def test_body_over_one_mebibyte(client, app):
    body = encode(make_event("invoice.paid", {"pad": "x" * (1024 * 1024)}))
    response = deliver(client, body)
    assert response.status_code == 413
    assert response.get_json()["code"] == "PAYLOAD_TOO_LARGE"
    assert nothing_stored(app)


def test_other_methods_answer_json(client):
    response = client.get(URL)
    assert response.status_code == 405
    assert response.get_json()["code"] == "METHOD_NOT_ALLOWED"


# --- effects -----------------------------------------------------------------------------------

def test_payment_succeeded_records_the_payment(client, app, clock):
    event = make_event("payment_intent.succeeded", payment_intent(currency="EUR", amount=4999))
    assert_received(deliver(client, event))
    [payment] = table(app, Payment)
    assert payment["id"] == "pi_1" and payment["amount"] == 4999
    assert payment["currency"] == "eur" and payment["status"] == "succeeded"
    assert payment["last_event_id"] == event["id"]
    [ledger] = table(app, PaymentEvent)
    assert ledger["type"] == "payment_intent.succeeded"
    assert ledger["created"] == datetime.fromtimestamp(event["created"], UTC)
    assert ledger["received_at"] == ledger["processed_at"] == clock.now


def test_refund_recorded_against_its_payment(client, app):
    t = now()
    assert_received(deliver(client, make_event("payment_intent.succeeded", payment_intent(),
                                               created=t)))
    assert_received(deliver(client, make_event("charge.refunded", charge(refunded=500),
                                               created=t + 10)))
    assert_received(deliver(client, make_event("charge.refunded", charge(refunded=2000),
                                               created=t + 20)))
    [refund] = table(app, Refund)
    assert refund["id"] == "ch_1" and refund["payment_intent"] == "pi_1"
    assert refund["amount"] == 2000 and refund["amount_refunded"] == 2000
    with app.app_context():
        refunds = db.session.scalars(select(Refund).where(Refund.payment_intent == "pi_1")).all()
        assert [r.id for r in refunds] == ["ch_1"]


def test_refund_before_its_payment_is_kept(client, app):
    t = now()
    assert_received(deliver(client, make_event("charge.refunded", charge(pi="pi_later"),
                                               created=t)))
    assert table(app, Payment) == []
    assert table(app, Refund)[0]["payment_intent"] == "pi_later"
    assert_received(deliver(client, make_event(
        "payment_intent.succeeded", payment_intent(pid="pi_later"), created=t - 60)))
    assert [p["id"] for p in table(app, Payment)] == ["pi_later"]
    assert table(app, Refund)[0]["amount_refunded"] == 2000


def test_refund_without_payment_intent(client, app):
    assert_received(deliver(client, make_event("charge.refunded", charge(pi=None))))
    assert table(app, Refund)[0]["payment_intent"] is None


def test_older_partial_refund_does_not_lower_the_total(client, app):
    t = now()
    assert_received(deliver(client, make_event("charge.refunded", charge(refunded=1500),
                                               created=t)))
    assert_received(deliver(client, make_event("charge.refunded", charge(refunded=500),
                                               created=t - 30)))
    assert table(app, Refund)[0]["amount_refunded"] == 1500


def test_subscription_is_upserted(client, app):
    t = now()
    assert_received(deliver(client, make_event("customer.subscription.updated",
                                               subscription(status="trialing"), created=t)))
    assert_received(deliver(client, make_event("customer.subscription.updated", subscription(
        status="active", period_end=1_950_000_000), created=t + 1)))
    [sub] = table(app, Subscription)
    assert sub["customer"] == "cus_1" and sub["status"] == "active"
    assert sub["current_period_end"] == datetime.fromtimestamp(1_950_000_000, UTC)


def test_subscription_period_end_from_items(client, app):
    # API versions since 2025-03-31 carry the period end on each subscription item.
    obj = {**subscription(period_end=None), "items": {"object": "list", "data": [
        {"id": "si_1", "current_period_end": 1_900_000_000},
        {"id": "si_2", "current_period_end": 1_900_086_400}]}}
    del obj["current_period_end"]
    assert_received(deliver(client, make_event("customer.subscription.updated", obj)))
    end = table(app, Subscription)[0]["current_period_end"]
    assert end == datetime.fromtimestamp(1_900_086_400, UTC)


def test_out_of_order_subscription_updates_end_in_newest_state(client, app):
    t = now()
    statuses = ["incomplete", "trialing", "active", "past_due", "canceled"]
    events = [make_event("customer.subscription.updated",
                         subscription(status=status, period_end=1_900_000_000 + i),
                         created=t - 100 + i)
              for i, status in enumerate(statuses)]
    for event in [events[2], events[4], events[0], events[3], events[1]]:
        assert_received(deliver(client, event))
    [sub] = table(app, Subscription)
    assert sub["status"] == "canceled" and sub["last_event_id"] == events[4]["id"]
    assert sub["current_period_end"] == datetime.fromtimestamp(1_900_000_004, UTC)
    assert len(table(app, PaymentEvent)) == 5


def test_other_types_are_stored_and_acknowledged(client, app):
    event = make_event("customer.created", {"id": "cus_1", "email": "a@example.com"})
    assert_received(deliver(client, event))
    [ledger] = table(app, PaymentEvent)
    assert ledger["id"] == event["id"] and ledger["processed_at"] is None
    assert json.loads(ledger["payload"]) == event
    assert table(app, Payment) == table(app, Refund) == table(app, Subscription) == []


# --- idempotency -------------------------------------------------------------------------------

def test_same_event_five_times_has_one_effect(client, app, clock):
    event = make_event("payment_intent.succeeded", payment_intent())
    assert_received(deliver(client, event))
    first = snapshot(app)
    for _ in range(4):
        clock.advance(seconds=30)
        assert_received(deliver(client, event))
    assert snapshot(app) == first
    assert len(first["payment_events"]) == 1


def test_repeat_never_reapplies_after_a_newer_event(client, app):
    # A and B share one `created` second, so B replaces A; were the repeat of A applied again,
    # it would win the tie and bring back A's state.
    t = now()
    a = make_event("customer.subscription.updated", subscription(status="active"), created=t)
    b = make_event("customer.subscription.updated", subscription(status="past_due"), created=t)
    for event in (a, b, a, a, a, a):
        assert_received(deliver(client, event))
    [sub] = table(app, Subscription)
    assert sub["status"] == "past_due" and sub["last_event_id"] == b["id"]


def post_together(urls, bodies, secret=SECRET):
    """POST each body to its URL from its own thread, all released at once."""
    barrier = threading.Barrier(len(bodies))
    answers = [None] * len(bodies)
    signed = [(body, sign(body, secret)) for body in bodies]

    def worker(i):
        body, header = signed[i]
        barrier.wait()
        answer = requests.post(urls[i % len(urls)] + URL, data=body, timeout=30,
                               headers={"Content-Type": "application/json",
                                        "Payment-Signature": header})
        answers[i] = (answer.status_code, answer.json())

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.fixture
def two_servers(make_app, app, live_server):
    second = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET])
    with serve(second) as port:  # its own connection pool, like another process
        yield [live_server, f"http://127.0.0.1:{port}"]


def test_concurrent_deliveries_of_one_event(app, two_servers):
    event = make_event("payment_intent.succeeded", payment_intent())
    answers = post_together(two_servers, [encode(event)] * 10)
    assert answers == [(200, {"received": True})] * 10
    [ledger] = table(app, PaymentEvent)
    [payment] = table(app, Payment)
    # Written once, by the transaction that stored the event.
    assert ledger["received_at"] <= payment["updated_at"] <= ledger["processed_at"]
    assert payment["last_event_id"] == event["id"]


def test_concurrent_updates_of_one_subscription(app, two_servers):
    t = now()
    events = [make_event("customer.subscription.updated",
                         subscription(status=f"status_{i}", period_end=1_900_000_000 + i),
                         created=t - 60 + i)
              for i in range(10)]
    answers = post_together(two_servers, [encode(event) for event in reversed(events)])
    assert answers == [(200, {"received": True})] * 10
    [sub] = table(app, Subscription)
    assert sub["status"] == "status_9" and sub["last_event_id"] == events[9]["id"]
    assert len(table(app, PaymentEvent)) == 10


def test_ledger_written_the_same_with_the_orm(make_app, app, clock):
    """PERF_OFF=ledger_sql (bench/pieces.py): the ledger's writes through the ORM's session
    store and apply exactly what the precompiled statements do, repeats and order included."""
    t = now()
    first = make_event("payment_intent.succeeded", payment_intent(amount=1500), created=t - 9)
    newer = make_event("payment_intent.succeeded", payment_intent(amount=2500), created=t - 5)
    older = make_event("payment_intent.succeeded", payment_intent(amount=500), created=t - 7)
    events = [first, newer, older, newer,
              make_event("charge.refunded", charge(cid="ch_2", pi="pi_9", refunded=700)),
              make_event("customer.subscription.updated", subscription(status="trialing")),
              make_event("customer.created", {"id": "cus_1"}), first]

    def delivered(each_app):
        with each_app.app_context():
            for model in reversed(MODELS):
                db.session.execute(model.__table__.delete())
            db.session.commit()
        client = each_app.test_client()
        for event in events:
            clock.advance(seconds=1)
            assert_received(deliver(client, event))
        return snapshot(each_app)

    expected = delivered(app)
    assert [p["amount"] for p in expected["payments"]] == [2500]
    assert len(expected["payment_events"]) == 6
    clock.advance(seconds=-len(events))
    orm = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET], PERF_OFF=["ledger_sql"])
    assert delivered(orm) == expected


@pytest.mark.parametrize("off", [[], ["ledger_sql"]], ids=["prepared", "orm"])
def test_concurrent_first_deliveries_apply_once(make_app, off):
    app = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET], PERF_OFF=off)
    second = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET], PERF_OFF=off)
    events = [make_event("payment_intent.succeeded", payment_intent(pid=f"pi_{i}", amount=i))
              for i in range(4)]
    with serve(app) as one, serve(second) as two:
        answers = post_together([f"http://127.0.0.1:{one}", f"http://127.0.0.1:{two}"],
                                [encode(event) for event in events for _ in range(3)])
    assert answers == [(200, {"received": True})] * 12
    assert [p["amount"] for p in table(app, Payment)] == [0, 1, 2, 3]
    assert len(table(app, PaymentEvent)) == 4


# --- rate limits -------------------------------------------------------------------------------

def test_rapid_deliveries_are_never_rate_limited(client):
    for i in range(500):
        response = deliver(client, make_event("invoice.paid", {"id": f"in_{i}"}))
        assert response.status_code == 200, (i, response.get_json())
        assert "X-RateLimit-Limit" not in response.headers
    # The same app does limit its public endpoints (5 per minute here).
    answers = [client.post("/api/auth/send-verification-email",
                           json={"email": "x@example.com"}).status_code for _ in range(6)]
    assert answers == [200] * 5 + [429]


def test_openapi_documents_the_webhook(client):
    operation = client.get("/api/openapi.json").get_json()["paths"][URL]["post"]
    assert [p["name"] for p in operation["parameters"]] == ["Payment-Signature"]
    assert {"200", "400"} <= set(operation["responses"])
    assert "application/json" in operation["requestBody"]["content"]
