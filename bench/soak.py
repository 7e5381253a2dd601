"""Soak: mixed load against two service processes sharing PostgreSQL and Redis, then an exact
audit of the database against the clients' answers (exit 1 on a 5xx or a mismatch).
Usage: python bench/soak.py [--seconds 120] [--clients 8] [--database-url postgresql://HOST/DB]"""
import argparse
import collections
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import uuid

import requests
from aiosmtpd.controller import Controller
from sqlalchemy import text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import cluster  # noqa: E402
from bench.run import PASSWORD, UNLIMITED, WEBHOOK_SECRET, free_port  # noqa: E402

# How often each client picks each request, and the status every one of them must get.
WEIGHTS = {"sign-up": 15, "sign-in": 15, "session": 35, "sign-out": 5, "webhook": 30}
EXPECTED = {"sign-up": 201, "sign-in": 200, "session": 200, "sign-out": 200, "webhook": 200}
CURRENCIES = ("eur", "usd", "gbp")
STATUSES = ("active", "past_due", "unpaid", "canceled", "trialing")


class MailCounter:
    """An SMTP sink counting the messages each address receives."""

    def __init__(self):
        self.received = collections.Counter()

    async def handle_DATA(self, server, session, envelope):
        for address in envelope.rcpt_tos:
            self.received[address.lower()] += 1
        return "250 OK"


class Feed:
    """Webhook deliveries in batches: new events plus repeats of them (`duplicates` of all
    deliveries), shuffled, so a repeat can come first and an older state after a newer one."""

    def __init__(self, rng, duplicates, batch=200, subscriptions=25):
        self.rng, self.duplicates, self.batch = rng, duplicates, batch
        self.subscriptions = [f"sub_soak_{i}" for i in range(subscriptions)]
        self.lock = threading.Lock()
        self.pending = []
        self.created = int(time.time()) - 86400  # one second apart: no ties in `created`
        self.payments = []

    def next(self) -> dict:
        with self.lock:
            if not self.pending:
                events = [self.new_event() for _ in range(self.batch)]
                repeats = round(len(events) * self.duplicates / (1 - self.duplicates))
                self.pending = events + [self.rng.choice(events) for _ in range(repeats)]
                self.rng.shuffle(self.pending)
            return self.pending.pop()

    def new_event(self) -> dict:
        rng = self.rng
        self.created += 1
        kind = rng.random()
        if kind < 0.6 or not self.payments:
            payment = {"id": f"pi_{uuid.uuid4().hex}", "object": "payment_intent",
                       "amount": rng.randint(100, 100_000), "currency": rng.choice(CURRENCIES),
                       "status": "succeeded"}
            self.payments.append(payment)
            return cluster.event("payment_intent.succeeded", payment, created=self.created)
        if kind < 0.8:
            paid = rng.choice(self.payments)
            charge = {"id": "ch_" + paid["id"][3:], "object": "charge",
                      "payment_intent": paid["id"], "amount": paid["amount"],
                      "amount_refunded": rng.randint(1, paid["amount"]),
                      "currency": paid["currency"]}
            return cluster.event("charge.refunded", charge, created=self.created)
        subscription = {"id": rng.choice(self.subscriptions), "object": "subscription",
                        "customer": "cus_soak", "status": rng.choice(STATUSES),
                        "current_period_end": self.created + 30 * 86400}
        return cluster.event("customer.subscription.updated", subscription, created=self.created)


class Ledger:
    """What the clients sent and were answered, shared by every client thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.answers = collections.Counter()  # (request, status or "error")
        self.unexpected = []
        self.accounts = {}  # e-mail -> user id
        self.issued, self.ended = set(), set()  # session ids
        self.delivered = {}  # event id -> event, for deliveries answered 200

    def answer(self, name, status, problem=None):
        with self.lock:
            self.answers[name, status] += 1
            if problem:
                self.unexpected.append(f"{name}: {problem}")


class Client(threading.Thread):
    """One user agent: its own HTTP connection pool, accounts and tokens; a random server for
    every request, so sessions made on one process are used on the other."""

    def __init__(self, index, urls, feed, ledger, deadline, seed):
        super().__init__(daemon=True)
        self.urls, self.feed, self.ledger, self.deadline = urls, feed, ledger, deadline
        self.rng = random.Random(f"{seed}-{index}")
        self.accounts, self.tokens = [], {}  # tokens: token -> (session id, e-mail)

    def run(self):
        with requests.Session() as http:
            self.http = http
            while time.monotonic() < self.deadline:
                name = self.rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
                if name in ("session", "sign-out") and not self.tokens:
                    name = "sign-in"
                if name == "sign-in" and not self.accounts:
                    name = "sign-up"
                try:
                    getattr(self, name.replace("-", "_"))()
                except Exception as exc:  # e.g. an answer that is not JSON: count it, stop
                    self.ledger.answer(name, "crash", repr(exc))
                    return

    def call(self, name, method, path, **kwargs):
        """The JSON body of the expected answer, or None (and the answer counted as unexpected)."""
        try:
            response = self.http.request(method, self.rng.choice(self.urls) + path, timeout=30,
                                         **kwargs)
        except requests.RequestException as exc:
            self.ledger.answer(name, "error", repr(exc))
            return None
        ok = response.status_code == EXPECTED[name]
        self.ledger.answer(name, response.status_code,
                           None if ok else f"{response.status_code} {response.text[:200]}")
        return response.json() if ok else None

    def sign_up(self):
        email = f"soak-{uuid.uuid4().hex[:16]}@example.com"
        body = self.call("sign-up", "POST", "/api/auth/sign-up",
                         json={"email": email, "password": PASSWORD})
        if body:
            with self.ledger.lock:
                self.ledger.accounts[email] = body["user"]["id"]
            self.accounts.append(email)
            self.keep(body, email)

    def sign_in(self):
        email = self.rng.choice(self.accounts)
        body = self.call("sign-in", "POST", "/api/auth/sign-in",
                         json={"email": email, "password": PASSWORD})
        if body:
            self.keep(body, email)

    def keep(self, body, email):
        self.tokens[body["session"]["token"]] = (body["session"]["id"], email)
        with self.ledger.lock:
            self.ledger.issued.add(body["session"]["id"])

    def session(self):
        token = self.rng.choice(list(self.tokens))
        body = self.call("session", "GET", "/api/auth/session",
                         headers={"Authorization": f"Bearer {token}"})
        if body and (body["session"]["id"], body["user"]["email"]) != self.tokens[token]:
            self.ledger.answer("session", "wrong session", json.dumps(body)[:200])

    def sign_out(self):
        token = self.rng.choice(list(self.tokens))
        session_id, _ = self.tokens.pop(token)
        if self.call("sign-out", "POST", "/api/auth/sign-out",
                     headers={"Authorization": f"Bearer {token}"}):
            with self.ledger.lock:
                self.ledger.ended.add(session_id)

    def webhook(self):
        event = self.feed.next()
        body = json.dumps(event).encode()
        answer = self.call("webhook", "POST", "/api/webhooks/payment", data=body,
                           headers=cluster.signed(body, WEBHOOK_SECRET))
        if answer == {"received": True}:
            with self.ledger.lock:
                self.ledger.delivered[event["id"]] = event


EFFECTS = {  # event type -> (table, the columns its newest event must have left)
    "payment_intent.succeeded": ("payments", ("amount", "currency", "status")),
    "charge.refunded": ("refunds", ("payment_intent", "amount", "amount_refunded", "currency")),
    "customer.subscription.updated": ("subscriptions", ("customer", "status")),
}


def expected_records(delivered) -> dict:
    """table -> {id: columns}, as the newest delivered event of each record describes it."""
    newest = {}
    for event in delivered.values():
        table, _ = EFFECTS[event["type"]]
        key = (table, event["data"]["object"]["id"])
        if key not in newest or event["created"] > newest[key]["created"]:
            newest[key] = event
    records = {table: {} for table, _ in EFFECTS.values()}
    for (table, record_id), event in newest.items():
        _, columns = EFFECTS[event["type"]]
        records[table][record_id] = tuple(event["data"]["object"][c] for c in columns)
    return records


def wait_for_empty_outbox(database_url, timeout=60):
    engine = cluster.engine(database_url)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                if not conn.execute(text("SELECT count(*) FROM mail_outbox")).scalar():
                    return
            time.sleep(0.2)
    finally:
        engine.dispose()


def audit(database_url, ledger, mail, logs) -> list[tuple]:
    """(check, expected, found, ok) rows comparing the database with the ledger."""
    engine = cluster.engine(database_url)
    with engine.connect() as conn:
        users = dict(conn.execute(text("SELECT email, id FROM users")).all())
        hashed = conn.execute(text(
            "SELECT count(*) FROM users WHERE password_hash LIKE '$argon2id$%'")).scalar()
        sessions = set(conn.execute(text("SELECT id FROM sessions")).scalars())
        events = dict(conn.execute(text("SELECT id, processed_at IS NOT NULL "
                                         "FROM payment_events")).all())
        found = {table: {row[0]: tuple(row[1:]) for row in conn.execute(text(
            f"SELECT id, {', '.join(columns)} FROM {table}"))}
            for table, columns in EFFECTS.values()}
    engine.dispose()
    live = ledger.issued - ledger.ended
    expected = expected_records(ledger.delivered)
    mails = [mail.received[email] for email in ledger.accounts]
    server_errors = sum(n for (_, status), n in ledger.answers.items()
                        if isinstance(status, int) and status >= 500)
    log_errors = sum(line.count(" ERROR ") + line.count("Traceback")
                     for log in logs for line in log.splitlines())
    rows = [
        ("accounts", len(ledger.accounts), len(users), users == ledger.accounts),
        ("accounts with an argon2id hash", len(users), hashed, hashed == len(users)),
        ("sessions (issued - signed out)", len(live), len(sessions), sessions == live),
        ("payment events (distinct)", len(ledger.delivered), len(events),
         set(events) == set(ledger.delivered)),
        ("events applied", len(events), sum(events.values()), all(events.values())),
    ]
    rows += [(f"{table} (newest state)", len(expected[table]), len(found[table]),
              found[table] == expected[table]) for table in expected]
    sent = sum(ledger.answers.values())
    as_expected = sum(n for (name, status), n in ledger.answers.items()
                      if status == EXPECTED[name])
    rows += [
        ("answers as expected", sent, as_expected, 0 < sent == as_expected),
        ("verification e-mails", len(ledger.accounts), sum(mails), set(mails) <= {1}),
        ("5xx answers", 0, server_errors, server_errors == 0),
        ("unexpected answers", 0, len(ledger.unexpected), not ledger.unexpected),
        ("errors in the server logs", 0, log_errors, log_errors == 0),
    ]
    return rows


def report(args, ledger, rows, elapsed):
    statuses = sorted({status for _, status in ledger.answers}, key=str)
    print(f"\nsoak: {elapsed:.0f} s, 2 processes x {args.server_threads} threads, "
          f"{args.clients} clients, PostgreSQL + Redis, {args.duplicates:.0%} duplicate webhooks")
    print(f"{'request':10} {'sent':>7} " + " ".join(f"{str(s):>6}" for s in statuses))
    for name in WEIGHTS:
        counts = [ledger.answers[name, status] for status in statuses]
        print(f"{name:10} {sum(counts):7d} " + " ".join(f"{n:6d}" for n in counts))
    print(f"\n{'check':32} {'expected':>9} {'found':>9}")
    for check, expected, found, ok in rows:
        print(f"{check:32} {expected:9d} {found:9d}  {'ok' if ok else 'MISMATCH'}")
    for problem in ledger.unexpected[:10]:
        print("unexpected:", problem)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--clients", type=int, default=8, help="client threads")
    parser.add_argument("--server-threads", type=int, default=8, help="waitress threads")
    parser.add_argument("--duplicates", type=float, default=0.2, help="share of repeats")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL") or
                        "postgresql://postgres@127.0.0.1:5432/postgres",
                        help="a PostgreSQL server; the soak runs on a fresh database beside "
                             "this one and drops it afterwards")
    parser.add_argument("--redis-url", default=cluster.redis_url())
    parser.add_argument("--seed", default=uuid.uuid4().hex[:8])
    args = parser.parse_args()
    if not args.database_url.startswith("postgres"):
        sys.exit("the soak needs PostgreSQL: two processes share one database server")

    workdir = tempfile.mkdtemp(prefix="soak-")
    mail = MailCounter()
    smtp = Controller(mail, hostname="127.0.0.1", port=free_port())
    smtp.start()
    try:
        with cluster.fresh_database(args.database_url, "soak") as database:
            env = cluster.service_env(
                database, RATELIMIT_STORAGE_URI=args.redis_url,
                RATELIMIT_KEY_PREFIX=f"soak-{uuid.uuid4().hex}",
                # One client address: limits would only turn load into 429s (tested elsewhere).
                RATELIMIT_PUBLIC=UNLIMITED, RATELIMIT_AUTHENTICATED=UNLIMITED,
                PAYMENT_WEBHOOK_SECRET=WEBHOOK_SECRET, MAIL_SERVER="127.0.0.1",
                MAIL_PORT=smtp.port)
            cluster.upgrade(env)
            ledger = Ledger()
            with cluster.servers(2, env, workdir, args.server_threads) as servers:
                feed = Feed(random.Random(args.seed), args.duplicates)
                started = time.monotonic()
                clients = [Client(i, [s.url for s in servers], feed, ledger,
                                  started + args.seconds, args.seed) for i in range(args.clients)]
                for client in clients:
                    client.start()
                for client in clients:
                    client.join(timeout=args.seconds + 60)
                elapsed = time.monotonic() - started
                # Mail leaves through the outbox after each request: the servers' senders
                # empty it before the servers stop, as a drained deployment does.
                wait_for_empty_outbox(database)
            logs = [cluster.log_of(server) for server in servers]
            rows = audit(database, ledger, mail, logs)
    finally:
        smtp.stop()
    report(args, ledger, rows, elapsed)
    if all(ok for *_, ok in rows):
        print("\nno mismatch")
        shutil.rmtree(workdir, ignore_errors=True)
        return 0
    print(f"\nMISMATCH (seed {args.seed}; server logs in {workdir})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
