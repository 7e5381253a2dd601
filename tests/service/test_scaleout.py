"""Scale-out (issue 7): two real waitress processes sharing PostgreSQL and Redis act as one
service (sessions, one-time tokens, rate limits, the account cap, webhook idempotency); the pool
settings; SQLite's WAL mode and busy timeout under concurrent writers."""
import json
import threading
import uuid

import pytest
import requests
from sqlalchemy import event, text

from bench import cluster
from core.db import db
from tests.conftest import PAIR_WEBHOOK_SECRET, PASSWORD
from tests.http import new_email, sign_in_at, sign_up_at
from tests.threaded_server import serve

SECRET = PAIR_WEBHOOK_SECRET  # what start_pair's servers check webhooks with


def read_session(server, token):
    return requests.get(f"{server}/api/auth/session",
                        headers={"Authorization": f"Bearer {token}"}, timeout=30)


@pytest.mark.postgres
@pytest.mark.redis
def test_a_session_made_on_one_process_works_on_the_other(start_pair, mail):
    a, b = start_pair()
    email = new_email()
    made = sign_up_at(a, email)
    token = made["session"]["token"]

    seen = read_session(b, token)
    assert seen.status_code == 200
    assert seen.json()["user"]["id"] == made["user"]["id"]
    assert seen.json()["session"]["id"] == made["session"]["id"]

    # The verification e-mail sent by A is redeemed at B, once.
    verify = {"token": mail.last_token(email)}
    verified = requests.post(f"{b}/api/auth/verify-email", json=verify, timeout=30)
    assert verified.json()["user"]["emailVerified"] is True
    again = requests.post(f"{a}/api/auth/verify-email", json=verify, timeout=30)
    assert again.status_code == 400 and again.json()["error"] == "INVALID_TOKEN"
    assert read_session(a, token).json()["user"]["emailVerified"] is True

    signed_in = sign_in_at(b, email)
    assert signed_in.status_code == 200
    second = signed_in.json()["session"]["token"]
    assert read_session(a, second).status_code == 200

    signed_out = requests.post(f"{a}/api/auth/sign-out",
                               headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert signed_out.json() == {"success": True}
    gone = read_session(b, token)
    assert gone.status_code == 401 and gone.json()["error"] == "INVALID_TOKEN"
    assert read_session(b, second).status_code == 200


@pytest.mark.postgres
@pytest.mark.redis
def test_rate_limit_counters_are_shared(start_pair):
    a, b = start_pair(RATELIMIT_PUBLIC="5 per minute")
    # A fresh address per attempt keeps the per-account cap out of the way.
    answers = [sign_in_at(server, new_email(), "wrong password") for server in (a, a, a, b, b, b)]
    assert [r.status_code for r in answers] == [401] * 5 + [429]
    assert [r.headers["X-RateLimit-Remaining"] for r in answers] == ["4", "3", "2", "1", "0", "0"]
    assert answers[-1].json()["error"] == "RATE_LIMITED"
    assert int(answers[-1].headers["Retry-After"]) > 0


@pytest.mark.postgres
@pytest.mark.redis
def test_the_account_failure_cap_is_shared(start_pair):
    a, b = start_pair(ACCOUNT_FAILURE_LIMIT="3 per 15 minutes")
    email = new_email()
    sign_up_at(a, email)
    wrong = [sign_in_at(server, email, "not the password").status_code for server in (a, b, a)]
    assert wrong == [401, 401, 401]
    for server in (b, a):  # even the right password waits for the window to pass
        blocked = sign_in_at(server, email)
        assert blocked.status_code == 429, blocked.text
        assert blocked.json()["error"] == "RATE_LIMITED"
        assert 0 < int(blocked.headers["Retry-After"]) <= 900


def deliver_at_once(servers, body: bytes, count: int) -> list:
    barrier = threading.Barrier(count)
    answers = [None] * count

    def deliver(i):
        headers = cluster.signed(body, SECRET)
        barrier.wait(timeout=30)
        answers[i] = requests.post(f"{servers[i % len(servers)]}/api/webhooks/payment",
                                   data=body, headers=headers, timeout=30)

    threads = [threading.Thread(target=deliver, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


@pytest.mark.postgres
@pytest.mark.redis
def test_a_webhook_delivered_to_both_at_once_is_applied_once(start_pair, database):
    servers = start_pair()
    engine = cluster.engine(database)
    try:
        for _ in range(5):  # several rounds, so the race is really run
            payment_id = f"pi_{uuid.uuid4().hex}"
            event = cluster.event("payment_intent.succeeded", {
                "id": payment_id, "object": "payment_intent", "amount": 4200,
                "currency": "eur", "status": "succeeded"}, created=1_800_000_000)
            answers = deliver_at_once(servers, json.dumps(event).encode(), count=8)
            assert [(r.status_code, r.json()) for r in answers] == [(200, {"received": True})] * 8
            with engine.connect() as conn:
                events = conn.execute(text("SELECT count(*) FROM payment_events WHERE id = :id"),
                                      {"id": event["id"]}).scalar()
                payments = conn.execute(text(
                    "SELECT amount, last_event_id FROM payments WHERE id = :id"),
                    {"id": payment_id}).all()
            assert events == 1
            assert [tuple(row) for row in payments] == [(4200, event["id"])]
    finally:
        engine.dispose()


def test_database_pool_settings_are_safe_and_sized_per_process(make_app):
    app = make_app(DATABASE_URL="postgresql://app@127.0.0.1:1/app", DATABASE_POOL_SIZE=3,
                   DATABASE_MAX_OVERFLOW=2)
    with app.app_context():  # the engine is built, not connected
        pool = db.engine.pool
        # Pinged after an idle second, not on every checkout (core/db.py ping_after_idle).
        assert (pool.size(), pool._max_overflow, pool._pre_ping) == (3, 2, False)
        assert event.contains(pool, "checkout", pool.dispatch.checkout.listeners[0])
        assert pool._recycle == 1800


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(make_app, tmp_path):
    app = make_app(DATABASE_URL=f"sqlite:///{tmp_path}/wal.db")
    with app.app_context():
        pragma = {name: db.session.execute(text(f"PRAGMA {name}")).scalar()
                  for name in ("journal_mode", "busy_timeout", "foreign_keys")}
    assert pragma == {"journal_mode": "wal", "busy_timeout": 5000, "foreign_keys": 1}


def test_many_threads_writing_to_sqlite_never_see_database_is_locked(make_app, tmp_path):
    app = make_app(DATABASE_URL=f"sqlite:///{tmp_path}/busy.db", PAYMENT_WEBHOOK_SECRET=[SECRET],
                   RATELIMIT_PUBLIC="100000 per minute")
    with app.app_context():
        db.create_all()
    answers = []

    def writer(base, i):
        with requests.Session() as http:
            for j in range(15):  # read-then-write sign-ups and write-first webhooks, mixed
                up = http.post(f"{base}/api/auth/sign-up", timeout=30, json={
                    "email": f"w{i}-{j}@example.com", "password": PASSWORD})
                event = cluster.event("payment_intent.succeeded", {
                    "id": f"pi_{i}_{j}", "object": "payment_intent", "amount": 100,
                    "currency": "eur", "status": "succeeded"}, created=1_800_000_000)
                body = json.dumps(event).encode()
                hook = http.post(f"{base}/api/webhooks/payment", data=body,
                                 headers=cluster.signed(body, SECRET), timeout=30)
                answers.extend([("sign-up", up.status_code, up.text),
                                ("webhook", hook.status_code, hook.text)])

    with serve(app) as port:
        threads = [threading.Thread(target=writer, args=(f"http://127.0.0.1:{port}", i))
                   for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    assert len(answers) == 8 * 15 * 2
    expected = {"sign-up": 201, "webhook": 200}
    assert [a for a in answers if a[1] != expected[a[0]]] == []
