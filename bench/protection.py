"""Account protection's figures (extensions E1; bench/README.md, "Account protection"): sign-up's
cost, the breached-password list's load and memory, the security events at 1,000,000 rows.
Usage: python bench/protection.py [--database-url postgresql://...] [--only signup list events]"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import uuid
from datetime import UTC, datetime, timedelta

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import growth  # noqa: E402
from bench.growth import postgres_databases  # noqa: E402
from bench.run import (  # noqa: E402
    HERE,
    PASSWORD,
    ROOT,
    Server,
    measure,
    prepare_database,
    service_env,
    wrk,
)
from config import database_uri  # noqa: E402

OFF = {"BREACHED_PASSWORDS_OFFLINE": "false", "SECURITY_LOG": "false",
       "SECURITY_NOTICES": "false"}
OTHER_USERS = 10_000

# --- signup ---


def signup_figure(args, workdir):
    name = f"signup_{uuid.uuid4().hex[:6]}"
    admin = postgres_databases(args.database_url, [name]) if args.database_url else None
    url = args.database_url.rsplit("/", 1)[0] + "/" + name if admin else None
    env = service_env(argparse.Namespace(database_url=url,
                                         ratelimit_storage=args.ratelimit_storage), workdir)
    prepare_database(env)
    try:
        signups(args, workdir, env)
    finally:
        if admin:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def signups(args, workdir, env):
    with Server("wsgi:app", env, args.threads, f"{workdir}/on.log") as on, \
            Server("wsgi:app", {**env, **OFF}, args.threads, f"{workdir}/off.log") as off:
        for server in (on, off):  # warm: the list is read on the first sign-up
            requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
                "email": f"warm-{uuid.uuid4().hex[:8]}@example.com", "password": PASSWORD})

        def sign_ups(server):
            return lambda: wrk(f"{server.url}/api/auth/sign-up", args,
                               os.path.join(HERE, "signup.lua"),
                               (f"bench-{uuid.uuid4().hex[:10]}", PASSWORD))

        ratio, _, rates = measure(args, sign_ups(off), sign_ups(on))
    rounds = ", ".join(f"{off_rps:.1f}/{on_rps:.1f}" for off_rps, _, on_rps in rates)
    print(f"sign-up with list+log+notices vs without: {ratio:.3f} (target >= 0.95) "
          f"{'ok' if ratio >= 0.95 else 'MISS'}; per round off/on sign-ups per second: {rounds}")


# --- list ---

LIST_PROBE = """
import hashlib, os, time
from sections.auth.services import breached_passwords as b
def rss():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS:")) / 1024
before = rss()
start = time.perf_counter()
shipped = b.read()
loaded = time.perf_counter() - start
after = rss()
keys = [hashlib.sha1(os.urandom(12)).digest() for _ in range(100_000)]
start = time.perf_counter()
found = sum(key in shipped for key in keys)
per_check = (time.perf_counter() - start) / len(keys)
print(f"{shipped.count} {os.path.getsize(b.PATH)} {loaded * 1000:.1f} {after - before:.1f} "
      f"{per_check * 1e6:.2f} {found}")
"""


def list_figure(args):
    runs = [subprocess.run([sys.executable, "-c", LIST_PROBE], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
            for _ in range(args.rounds)]
    count, size = int(runs[0][0]), int(runs[0][1])
    load_ms = statistics.median(float(r[2]) for r in runs)
    rss_mib = statistics.median(float(r[3]) for r in runs)
    check_us = statistics.median(float(r[4]) for r in runs)
    print(f"breached-password list: {count:,} entries, file {size / 2**20:.2f} MiB, "
          f"load {load_ms:.1f} ms, resident memory +{rss_mib:.1f} MiB per process, "
          f"{check_us:.2f} us per check (medians of {args.rounds} processes)")


# --- events ---

FILL = {
    "postgresql": ["""
        INSERT INTO users (id, email, email_verified, created_at)
        SELECT md5(:salt || 'u' || i), 'bulk-' || i || '-' || :salt || '@example.com', false,
               :then
        FROM generate_series(1, :users) AS i""", """
        INSERT INTO security_events (id, user_id, type, created_at, ip_address, user_agent,
                                     details)
        SELECT md5(:salt || 'e' || i),
               CASE WHEN i <= :own THEN :user_id ELSE md5(:salt || 'u' || (i % :users + 1)) END,
               'sign_in', :then - make_interval(secs => i), '192.0.2.1', 'bench', '{}'
        FROM generate_series(1, :count) AS i"""],
    "sqlite": ["""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :users)
        INSERT INTO users (id, email, email_verified, created_at)
        SELECT 'u' || :salt || i, 'bulk-' || i || '-' || :salt || '@example.com', 0, :then
        FROM n""", """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)
        INSERT INTO security_events (id, user_id, type, created_at, ip_address, user_agent,
                                     details)
        SELECT lower(hex(randomblob(16))),
               CASE WHEN i <= :own THEN :user_id ELSE 'u' || :salt || (i % :users + 1) END,
               'sign_in', :then, '192.0.2.1', 'bench', '{}'
        FROM n"""],
}


def fill(url, user_id, own, count):
    """`count` events in all, `own` of them the caller's, the rest other accounts'."""
    engine = create_engine(database_uri(url, ""))
    then = datetime.now(UTC) - timedelta(hours=1)
    stamp = then if engine.dialect.name == "postgresql" else then.strftime(
        "%Y-%m-%d %H:%M:%S.%f")
    params = {"salt": uuid.uuid4().hex[:8], "users": OTHER_USERS, "then": stamp, "own": own,
              "user_id": user_id, "count": count}
    with engine.begin() as conn:
        for statement in FILL[engine.dialect.name]:
            conn.execute(text(statement), params)
        if engine.dialect.name == "postgresql":
            conn.execute(text("ANALYZE security_events"))
        total = conn.execute(text("SELECT count(*) FROM security_events")).scalar()
    engine.dispose()
    return total


def events_figure(args):
    # The caller's own 1,000 events (its sign-up's included) in both tables; in the large one,
    # the rest belong to other accounts.
    def fill_events(url, user_id, count):
        return fill(url, user_id, args.small - 1, count)

    ratio, totals = growth.measure(args, "/api/auth/security-events", fill_events, "events")
    print(f"GET /api/auth/security-events p50, {totals[1]:,} vs {totals[0]:,} events: "
          f"{ratio:.2f} (target <= 1.30) {'ok' if ratio <= 1.3 else 'MISS'}")


# - signup: POST /api/auth/sign-up with the breached-password list, the security log and the
#   notices on, against a second process with the three turned off (same database), wrk
#   alternating round by round (target >= 0.95);
# - list: the shipped breached-password list's load time and the resident memory it adds to a
#   process, and the cost of one check;
# - events: GET /api/auth/security-events median latency with 1,000,000 events in the table
#   against 1,000 (target <= 1.30): two databases seeded with bulk SQL, the caller holding the
#   same 1,000 events in both, the rest spread over 10,000 other accounts.
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server URL; default: SQLite files")
    parser.add_argument("--ratelimit-storage", default="memory://")
    parser.add_argument("--only", nargs="*", default=["signup", "list", "events"])
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=4, help="waitress threads")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=1_000_000)
    args = parser.parse_args()
    args.headers = []
    workdir = tempfile.mkdtemp(prefix="protection-")
    backend = "PostgreSQL" if args.database_url else "SQLite"
    print(f"{backend}, waitress threads={args.threads}, wrk -c{args.connections} "
          f"-d{args.duration}s, {args.rounds} rounds")
    if "list" in args.only:
        list_figure(args)
    if "signup" in args.only:
        signup_figure(args, workdir)
    if "events" in args.only:
        events_figure(args)


if __name__ == "__main__":
    main()
