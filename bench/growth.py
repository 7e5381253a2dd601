"""Cost growth: GET /api/auth/session latency with 1,000,000 sessions in the table vs 1,000; two
databases, two waitress processes, wrk alternating between them round by round.
Usage: python bench/growth.py [--database-url postgresql://...] [--large 1000000]"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import uuid
from datetime import UTC, datetime, timedelta

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.run import PASSWORD, Server, prepare_database, service_env  # noqa: E402
from config import database_uri  # noqa: E402

FILL = {
    "sqlite": """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)
        INSERT INTO sessions (id, user_id, token_hash, created_at, renewed_at, expires_at)
        SELECT lower(hex(randomblob(16))), :user_id, lower(hex(randomblob(32))), :now, :now, :exp
        FROM n""",
    "postgresql": """
        INSERT INTO sessions (id, user_id, token_hash, created_at, renewed_at, expires_at)
        SELECT md5(:salt || i::text), :user_id, encode(sha256((:salt || i::text)::bytea), 'hex'),
               :now, :now, :exp
        FROM generate_series(1, :count) AS i""",
}


def fill(url, user_id, count):
    engine = create_engine(database_uri(url, ""))
    now = datetime.now(UTC)
    stamps = {"now": now, "exp": now + timedelta(days=7)}
    if engine.dialect.name == "sqlite":  # stored as SQLAlchemy stores them there
        stamps = {k: v.strftime("%Y-%m-%d %H:%M:%S.%f") for k, v in stamps.items()}
    with engine.begin() as conn:
        conn.execute(text(FILL[engine.dialect.name]),
                     {"count": count, "user_id": user_id, "salt": uuid.uuid4().hex, **stamps})
        if engine.dialect.name == "postgresql":
            conn.execute(text("ANALYZE sessions"))
        total = conn.execute(text("SELECT count(*) FROM sessions")).scalar()
    engine.dispose()
    return total


def median_latency_ms(url, token, args):
    out = subprocess.run(
        ["wrk", "-t1", f"-c{args.connections}", f"-d{args.duration}s", "--latency",
         "-H", f"Authorization: Bearer {token}", url],
        capture_output=True, text=True, check=True).stdout
    value, unit = re.search(r"50%\s+([\d.]+)(us|ms|s)", out).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def postgres_databases(server_url, names):
    admin = create_engine(database_uri(server_url.rsplit("/", 1)[0] + "/postgres", ""),
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        for name in names:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    return admin


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server URL; default: SQLite files")
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=1_000_000)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--ratelimit-storage", default="memory://")
    args = parser.parse_args()
    ratio, totals = measure(args)
    backend = "PostgreSQL" if args.database_url else "SQLite"
    print(f"{backend}: latency ratio {totals[1]:,} vs {totals[0]:,} sessions = {ratio:.2f} "
          f"(target <= 1.30) {'ok' if ratio <= 1.3 else 'MISS'}")


def measure(args, path="/api/auth/session", fill_table=fill, noun="sessions"):
    """Median over rounds of large/small median latency of `path`, and the two table sizes.
    `fill_table(url, user_id, count)` adds `count` rows for the caller (signed up on each
    database) and returns the table's size."""
    workdir = tempfile.mkdtemp(prefix="growth-")
    names = [f"growth_{size}_{uuid.uuid4().hex[:6]}" for size in (args.small, args.large)]
    admin = postgres_databases(args.database_url, names) if args.database_url else None
    servers, tokens, totals = [], [], []
    ratios = []
    try:
        for name, size in zip(names, (args.small, args.large), strict=True):
            url = (args.database_url.rsplit("/", 1)[0] + "/" + name if admin
                   else f"sqlite:///{workdir}/{name}.db")
            env = service_env(argparse.Namespace(
                database_url=url, ratelimit_storage=args.ratelimit_storage), workdir)
            prepare_database(env)
            server = Server("wsgi:app", env, args.threads, f"{workdir}/{name}.log").__enter__()
            servers.append(server)
            signed_up = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
                "email": f"growth-{size}@example.com", "password": PASSWORD}).json()
            totals.append(fill_table(url, signed_up["user"]["id"], size - 1))
            tokens.append(signed_up["session"]["token"])
        for _ in range(args.rounds):
            small, large = (median_latency_ms(f"{s.url}{path}", t, args)
                            for s, t in zip(servers, tokens, strict=True))
            ratios.append(large / small)
            print(f"median latency: {totals[0]:,} {noun} {small:.2f} ms, "
                  f"{totals[1]:,} {noun} {large:.2f} ms")
    finally:
        for server in servers:
            server.__exit__(None, None, None)
        if admin:
            with admin.connect() as conn:
                for name in names:
                    conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    return statistics.median(ratios), totals


if __name__ == "__main__":
    main()
