"""Faults (issue 7): PostgreSQL connections dropped under load, the database unreachable for a
while, Redis away and back. Every answer stays JSON (503 SERVICE_UNAVAILABLE while the database
is away), nothing is half-written, and service resumes without a restart."""
import json
import logging
import threading
import time
import uuid
from urllib.parse import urlsplit

import pytest
import redis
import requests
from sqlalchemy import text
from sqlalchemy.engine import make_url

from bench import cluster
from core.db import db
from perf.prepared import autocommit_pool
from tests.conftest import PASSWORD, POSTGRES_URL, USING_POSTGRES
from tests.forwarder import Forwarder
from tests.threaded_server import serve

SECRET = "whsec_faults"
UNLIMITED = "1000000 per minute"  # the load is one client address; limits are not under test
NO_POSTGRES = ("pg_terminate_backend and a proxied PostgreSQL need PostgreSQL; the PostgreSQL "
               "run (DATABASE_URL=postgresql://...) exercises this")


@pytest.fixture
def pg_database():
    """A database of its own: terminating its connections touches nothing else."""
    if not USING_POSTGRES:
        pytest.skip(NO_POSTGRES)
    with cluster.fresh_database(POSTGRES_URL, "faults") as url:
        yield url


def service(make_app, database_url, **settings):
    app = make_app(DATABASE_URL=database_url, PAYMENT_WEBHOOK_SECRET=[SECRET],
                   RATELIMIT_PUBLIC=UNLIMITED, RATELIMIT_AUTHENTICATED=UNLIMITED, **settings)
    with app.app_context():
        db.create_all()
    return app


def error_code(body: dict) -> str:
    # Auth endpoints put the code in `error`, the others in `code` (contract section 1).
    return body.get("code", body["error"])


def check_answer(response, allowed) -> dict:
    """The answer is the contract's JSON, with an allowed status; 503 is the database's."""
    assert response.headers.get("Content-Type", "").startswith("application/json"), \
        f"{response.request.method} {response.request.path_url}: {response.text[:300]}"
    body = response.json()
    assert response.status_code in {*allowed, 503}, (response.request.path_url, body)
    if response.status_code == 503:
        assert error_code(body) == "SERVICE_UNAVAILABLE", body
        assert int(response.headers["Retry-After"]) > 0
    return body


def payment_event(amount=1000) -> tuple[str, bytes]:
    event = cluster.event("payment_intent.succeeded", {
        "id": f"pi_{uuid.uuid4().hex}", "object": "payment_intent", "amount": amount,
        "currency": "eur", "status": "succeeded"}, created=int(time.time()))
    return event["id"], json.dumps(event).encode()


def deliver(http, base, body: bytes):
    return http.post(f"{base}/api/webhooks/payment", data=body,
                     headers=cluster.signed(body, SECRET), timeout=30)


class Load:
    """Client threads doing sign-ups, session reads, sign-ins and webhooks until stopped."""

    def __init__(self, base, threads=6, max_rounds=500):
        self.base = base
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.answers = []  # (action, response)
        self.accounts = {}  # e-mail -> session ids answered 201 / 200
        self.events = {}  # event id -> body
        self.failures = []
        self.workers = [threading.Thread(target=self.run, args=(max_rounds,), daemon=True)
                        for _ in range(threads)]

    def __enter__(self):
        for worker in self.workers:
            worker.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for worker in self.workers:
            worker.join(timeout=60)

    def run(self, max_rounds):
        with requests.Session() as http:
            for _ in range(max_rounds):
                if self.stop.is_set():
                    return
                try:
                    self.round(http)
                except Exception as exc:  # a transport error or a non-JSON answer
                    self.failures.append(repr(exc))
                    return

    def round(self, http):
        email = f"{uuid.uuid4().hex[:16]}@example.com"
        up = http.post(f"{self.base}/api/auth/sign-up",
                       json={"email": email, "password": PASSWORD}, timeout=30)
        body = self.keep("sign-up", up, {201})
        if up.status_code == 201:
            self.accounts[email] = [body["session"]["id"]]
            token = body["session"]["token"]
            read = http.get(f"{self.base}/api/auth/session",
                            headers={"Authorization": f"Bearer {token}"}, timeout=30)
            self.keep("session", read, {200})
            signed_in = http.post(f"{self.base}/api/auth/sign-in",
                                  json={"email": email, "password": PASSWORD}, timeout=30)
            body = self.keep("sign-in", signed_in, {200})
            if signed_in.status_code == 200:
                self.accounts[email].append(body["session"]["id"])
        event_id, event = payment_event()
        self.events[event_id] = event
        self.keep("webhook", deliver(http, self.base, event), {200})

    def keep(self, action, response, allowed):
        with self.lock:
            self.answers.append((action, response))
        return check_answer(response, allowed)


def terminate_backends(database_url, times=12, pause=0.25) -> int:
    """Drop every other connection to the database, repeatedly; how many were dropped."""
    engine = cluster.engine(database_url, isolation_level="AUTOCOMMIT")
    dropped = 0
    try:
        with engine.connect() as conn:
            for _ in range(times):
                time.sleep(pause)
                dropped += sum(conn.execute(text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalars())
    finally:
        engine.dispose()
    return dropped


def full_service(base):
    """A fresh sign-up, sign-in and session read all succeed."""
    email = f"after-{uuid.uuid4().hex[:8]}@example.com"
    up = requests.post(f"{base}/api/auth/sign-up",
                       json={"email": email, "password": PASSWORD}, timeout=30)
    assert up.status_code == 201, up.text
    signed_in = requests.post(f"{base}/api/auth/sign-in",
                              json={"email": email, "password": PASSWORD}, timeout=30)
    assert signed_in.status_code == 200, signed_in.text
    token = signed_in.json()["session"]["token"]
    read = requests.get(f"{base}/api/auth/session",
                        headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert read.status_code == 200 and read.json()["user"]["email"] == email


HALF_WRITTEN = {
    "users without a credential": """
        SELECT u.email FROM users u WHERE u.password_hash IS NULL
        AND NOT EXISTS (SELECT 1 FROM linked_identities o WHERE o.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM passkey_credentials p WHERE p.user_id = u.id)""",
    "payments without their event": """
        SELECT p.id FROM payments p
        WHERE NOT EXISTS (SELECT 1 FROM payment_events e WHERE e.id = p.last_event_id)""",
    "handled events without their effect": """
        SELECT e.id FROM payment_events e
        WHERE e.type = 'payment_intent.succeeded' AND (e.processed_at IS NULL OR NOT EXISTS (
            SELECT 1 FROM payments p WHERE p.id = e.payload::json -> 'data' -> 'object' ->> 'id'))
        UNION ALL SELECT e.id FROM payment_events e
        WHERE e.type = 'charge.refunded' AND (e.processed_at IS NULL OR NOT EXISTS (
            SELECT 1 FROM refunds r WHERE r.id = e.payload::json -> 'data' -> 'object' ->> 'id'))
        UNION ALL SELECT e.id FROM payment_events e
        WHERE e.type = 'customer.subscription.updated' AND (e.processed_at IS NULL OR NOT EXISTS (
            SELECT 1 FROM subscriptions s
            WHERE s.id = e.payload::json -> 'data' -> 'object' ->> 'id'))""",
}


def half_written(conn) -> dict:
    found = {name: conn.execute(text(sql)).scalars().all() for name, sql in HALF_WRITTEN.items()}
    return {name: rows for name, rows in found.items() if rows}


@pytest.mark.postgres
def test_connections_dropped_under_load_answer_json_and_leave_nothing_half_written(
        pg_database, make_app):
    app = service(make_app, pg_database)
    with serve(app) as port:
        base = f"http://127.0.0.1:{port}"
        with Load(base) as load:
            dropped = terminate_backends(pg_database)
        assert load.failures == []
        assert dropped > 0  # the fault really hit the service's connections
        assert len(load.answers) > 0

        full_service(base)
        # The provider retries what was not acknowledged (here: every event, and repeats of
        # those already stored change nothing); every event ends up stored once.
        with requests.Session() as http:
            for body in load.events.values():
                assert deliver(http, base, body).json() == {"received": True}
    engine = cluster.engine(pg_database)
    try:
        with engine.connect() as conn:
            assert half_written(conn) == {}
            users = dict(conn.execute(text("SELECT email, password_hash FROM users")).all())
            sessions = set(conn.execute(text("SELECT id FROM sessions")).scalars())
            events = set(conn.execute(text("SELECT id FROM payment_events")).scalars())
            payments = conn.execute(text("SELECT count(*) FROM payments")).scalar()
    finally:
        engine.dispose()
    for email, session_ids in load.accounts.items():  # what was answered 201 / 200 is there
        assert users[email].startswith("$argon2id$")
        assert set(session_ids) <= sessions
    assert events == set(load.events)
    assert payments == len(load.events)


def through(forwarder, database_url) -> str:
    """The same database, reached through `forwarder`."""
    url = make_url(database_url).set(host="127.0.0.1", port=forwarder.port)
    return url.render_as_string(hide_password=False)


def assert_unavailable(response):
    assert response.status_code == 503, response.text
    check_answer(response, set())


@pytest.mark.postgres
def test_database_unreachable_answers_503_then_service_resumes_without_restart(
        pg_database, make_app, caplog):
    target = make_url(pg_database)
    forwarder = Forwarder(target.host or "127.0.0.1", target.port or 5432)
    forwarder.start()
    app = service(make_app, through(forwarder, pg_database))
    with serve(app) as port, requests.Session() as http:
        base = f"http://127.0.0.1:{port}"
        email = f"{uuid.uuid4().hex[:12]}@example.com"
        credentials = {"email": email, "password": PASSWORD}
        up = http.post(f"{base}/api/auth/sign-up", json=credentials, timeout=30)
        assert up.status_code == 201
        bearer = {"Authorization": f"Bearer {up.json()['session']['token']}"}
        event_id, event = payment_event(amount=777)

        forwarder.stop()
        assert_unavailable(http.get(f"{base}/api/health", timeout=30))
        assert_unavailable(http.get(f"{base}/api/auth/session", headers=bearer, timeout=30))
        assert_unavailable(http.post(f"{base}/api/auth/sign-in", json=credentials, timeout=30))
        assert_unavailable(http.post(f"{base}/api/auth/sign-up", timeout=30, json={
            "email": f"new-{email}", "password": PASSWORD}))
        assert_unavailable(deliver(http, base, event))
        assert "database unavailable" in caplog.text

        forwarder.start()  # the same app and server: no restart
        assert http.get(f"{base}/api/health", timeout=30).json() == {"status": "ok"}
        assert http.get(f"{base}/api/auth/session", headers=bearer,
                        timeout=30).json()["user"]["email"] == email
        assert http.post(f"{base}/api/auth/sign-in", json=credentials,
                         timeout=30).status_code == 200
        full_service(base)
        # The provider's retry of the refused delivery is applied, once.
        assert deliver(http, base, event).json() == {"received": True}
        assert deliver(http, base, event).json() == {"received": True}
    forwarder.stop()
    engine = cluster.engine(pg_database)
    try:
        with engine.connect() as conn:
            assert half_written(conn) == {}
            assert conn.execute(text("SELECT id FROM payment_events")).scalars().all() \
                == [event_id]
            assert conn.execute(text("SELECT amount FROM payments")).scalars().all() == [777]
            assert conn.execute(text("SELECT count(*) FROM users WHERE email = :e"),
                                {"e": f"new-{email}"}).scalar() == 0
    finally:
        engine.dispose()


@pytest.mark.redis
def test_rate_limits_go_back_to_redis_once_it_answers_again(make_app, caplog):
    """Redis down: fail open to per-process counters with a warning (config.py); Redis back:
    counting returns to it, shared again by every process."""
    caplog.set_level(logging.INFO, logger="flask-limiter")
    url = urlsplit(cluster.redis_url())
    try:
        redis.Redis(host=url.hostname, port=url.port or 6379, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"this test needs Redis at {url.geturl()}: {exc}")
    forwarder = Forwarder(url.hostname, url.port or 6379)
    forwarder.start()
    limits = {"RATELIMIT_PUBLIC": "1000 per minute",
              "RATELIMIT_KEY_PREFIX": "faults-" + uuid.uuid4().hex}
    cut_off = make_app(RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{forwarder.port}{url.path}",
                       **limits).test_client()
    direct = make_app(RATELIMIT_STORAGE_URI=url.geturl(), **limits).test_client()

    def remaining(client) -> int:
        response = client.post("/api/auth/send-verification-email",
                               json={"email": "nobody@example.com"})
        assert response.status_code == 200
        return int(response.headers["X-RateLimit-Remaining"])

    try:
        assert [remaining(cut_off), remaining(direct)] == [999, 998]  # one shared counter
        forwarder.stop()
        assert remaining(cut_off) == 999  # fails open, counting in its own memory
        assert "falling back to in-memory storage" in caplog.text
        assert remaining(direct) == 997

        forwarder.start()
        deadline = time.monotonic() + 90  # Flask-Limiter re-checks a dead storage with backoff
        while True:
            mine, theirs = remaining(cut_off), remaining(direct)
            if theirs == mine - 1:  # both counted on the one Redis counter again
                break
            assert time.monotonic() < deadline, "rate limits never went back to Redis"
            time.sleep(0.5)
        assert "Rate limit storage recovered" in caplog.text
    finally:
        forwarder.stop()


def test_every_pooled_connection_busy_answers_503_not_500(make_app, caplog):
    app = make_app(SQLALCHEMY_ENGINE_OPTIONS={"pool_size": 1, "max_overflow": 0,
                                              "pool_timeout": 0.5, "pool_pre_ping": True})
    client = app.test_client()
    with app.app_context(), db.engine.connect() as held:  # the pool's only connection
        held.execute(text("SELECT 1"))
        busy = client.post("/api/auth/sign-up",
                           json={"email": "alice@example.com", "password": PASSWORD})
    assert busy.status_code == 503
    assert busy.get_json()["error"] == "SERVICE_UNAVAILABLE"
    assert int(busy.headers["Retry-After"]) > 0
    assert "database unavailable" in caplog.text
    retried = client.post("/api/auth/sign-up",
                          json={"email": "alice@example.com", "password": PASSWORD})
    assert retried.status_code == 201


@pytest.mark.postgres
def test_a_connection_dropped_while_idle_is_replaced_before_use(pg_database, make_app):
    """Pinged at checkout after DATABASE_PING_AFTER idle (core/db.py), not on every checkout:
    the server ending an idle pooled connection costs no failed request."""
    app = make_app(DATABASE_URL=pg_database, DATABASE_PING_AFTER=0)
    with app.app_context():
        db.create_all()
    client = app.test_client()
    token = client.post("/api/auth/sign-up", json={
        "email": "idle@example.com", "password": PASSWORD}).get_json()["session"]["token"]
    with app.app_context():
        pooled = db.session.execute(text("SELECT pg_backend_pid()")).scalar()
        db.session.remove()  # back to the pool, idle from now on
    engine = cluster.engine(pg_database)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pooled})
    finally:
        engine.dispose()
    session = client.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"})
    assert session.status_code == 200
    assert client.get("/api/health").get_json() == {"status": "ok"}


@pytest.mark.postgres
def test_a_hot_read_whose_connection_the_server_ended_is_read_again(pg_database, make_app):
    """The bearer lookup (perf/prepared.py) on pooled connections the server ended while they
    were not idle long enough to be pinged (a restart under load), served by waitress: read
    again, once, and the pool's other connections from before are replaced, so the second try
    does not take one."""
    app = service(make_app, pg_database, DATABASE_PING_AFTER=3600)
    with serve(app) as port, requests.Session() as http:
        base = f"http://127.0.0.1:{port}"
        tokens = [http.post(f"{base}/api/auth/sign-up", timeout=30, json={
            "email": f"hot-{n}@example.com", "password": PASSWORD}).json()["session"]["token"]
            for n in range(3)]

        def read(token):
            return http.get(f"{base}/api/auth/session", timeout=30,
                            headers={"Authorization": f"Bearer {token}"})

        assert all(read(token).status_code == 200 for token in tokens)
        with app.app_context():  # three pooled connections for the hot reads, all idle
            held = [autocommit_pool(db.engine).connect() for _ in range(3)]
            for connection in held:
                connection.close()
        assert terminate_backends(pg_database, times=1, pause=0) >= 3
        for token in tokens * 2:
            answer = read(token)
            assert answer.status_code == 200, answer.text
            assert answer.json()["session"]["token"] == token
