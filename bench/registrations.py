"""Festival registrations under load (extensions.md E3.4): registrations per second from 16
clients, and a cancellation's promotion from a waiting list of 10,000 (with its e-mail).
Usage: python bench/registrations.py --database-url postgresql://.../postgres [--users 3000]"""
import argparse
import os
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.content import KEY, SERIES  # noqa: E402
from bench.growth import postgres_databases  # noqa: E402
from bench.run import Server, prepare_database, service_env  # noqa: E402
from config import database_uri  # noqa: E402
from core import tokens  # noqa: E402

TOKEN_PREFIX = "bench-registration-token-"


def fill(url, users, waitlist):
    """`users` verified users with a session each (token TOKEN_PREFIX + i); festival 'open'
    (capacity 100) for the throughput, festival 'queue' (capacity 1) with one CONFIRMED
    registration and `waitlist` WAITLISTED ones."""
    engine = create_engine(database_uri(url, ""))
    dialect = engine.dialect.name
    now = datetime.now(UTC)
    series, key = SERIES[dialect], KEY[dialect]
    with engine.begin() as conn:
        conn.execute(text(f"INSERT INTO users (id, email, password_hash, email_verified, "
                          f"created_at, two_factor_enabled, role, banned) SELECT 'u' || i, "
                          f"'u' || i || '@example.com', '-', true, :now, false, 'user', false "
                          f"FROM ({series}) AS s"), {"count": users + waitlist + 1, "now": now})
        conn.execute(text("INSERT INTO sessions (id, user_id, token_hash, created_at, "
                          "renewed_at, expires_at) VALUES (:id, :user, :hash, :now, :now, "
                          ":end)"),
                     [{"id": f"s{i}", "user": f"u{i}", "now": now,
                       "hash": tokens.digest(f"{TOKEN_PREFIX}{i}"),
                       "end": now + timedelta(days=1)} for i in range(1, users + 2)])
        conn.execute(text("INSERT INTO projects (id, name, created_at, updated_at) "
                          "VALUES ('p1', 'Bench', :now, :now)"), {"now": now})
        for name, capacity in (("open", 100), ("queue", 1)):
            conn.execute(text(
                "INSERT INTO festivals (id, project_id, name, slug, starts_at, ends_at, "
                "capacity, status, created_at, updated_at) VALUES (:id, 'p1', :id, :id, :start, "
                ":end, :capacity, 'PUBLISHED', :now, :now)"),
                {"id": name, "capacity": capacity, "now": now,
                 "start": now + timedelta(days=1), "end": now + timedelta(days=2)})
        # The queue: u1 holds the place; the waitlist is users after the throughput's.
        conn.execute(text("INSERT INTO registrations (id, festival_id, user_id, status, seq, "
                          "created_at) VALUES ('r1', 'queue', 'u1', 'CONFIRMED', 1, :now)"),
                     {"now": now})
        conn.execute(text(
            f"INSERT INTO registrations (id, festival_id, user_id, status, seq, created_at) "
            f"SELECT {key}, 'queue', 'u' || (i + {users + 1}), 'WAITLISTED', i + 1, :now "
            f"FROM ({series}) AS s"), {"count": waitlist, "now": now})
    if dialect == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()


def throughput(server, users, clients):
    """Registrations per second: `clients` threads, each registering its share of the users
    (2..users+1) for festival 'open'."""
    counts, errors = [0] * clients, []

    def client(n):
        http = requests.Session()
        for i in range(2 + n, users + 2, clients):
            answer = http.post(f"{server.url}/api/festivals/open/registrations", timeout=60,
                               headers={"Authorization": f"Bearer {TOKEN_PREFIX}{i}"})
            if answer.status_code != 201:
                errors.append(answer.text)
            counts[n] += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    assert not errors, errors[:3]
    return sum(counts) / elapsed


def timed(call):
    started = time.perf_counter()
    answer = call()
    assert answer.status_code in (200, 204), answer.text
    return (time.perf_counter() - started) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True, help="a PostgreSQL server URL")
    parser.add_argument("--users", type=int, default=3_000)
    parser.add_argument("--waitlist", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--ratelimit-storage", default="memory://")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="registrations-")
    name = f"registrations_{uuid.uuid4().hex[:6]}"
    admin = postgres_databases(args.database_url, [name])
    url = args.database_url.rsplit("/", 1)[0] + "/" + name
    try:
        env = service_env(argparse.Namespace(database_url=url,
                                             ratelimit_storage=args.ratelimit_storage), workdir)
        prepare_database(env)
        fill(url, args.users, args.waitlist)
        with Server("wsgi:app", env, args.threads, f"{workdir}/server.log") as server:
            rate = throughput(server, args.users, args.clients)
            owner = {"Authorization": f"Bearer {TOKEN_PREFIX}1"}
            promote = timed(lambda: requests.delete(
                f"{server.url}/api/festivals/queue/registrations/me", headers=owner, timeout=60))
            after = requests.get(f"{server.url}/api/festivals/queue", timeout=30).json()
            print(f"  after one cancellation: {after['data']['registrations']}")
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    print(f"PostgreSQL: {rate:.0f} registrations/s from {args.clients} clients "
          f"({args.users:,} registrations, capacity 100 then the queue)")
    print(f"PostgreSQL: a cancellation promoting the head of a {args.waitlist:,} waitlist: "
          f"{promote:.1f} ms")


if __name__ == "__main__":
    main()
