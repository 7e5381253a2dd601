"""Admin figures on PostgreSQL (bench/README.md, "Administration"): GET /api/admin/stats and the
staff's ticket list with 100,000 rows per table vs 1,000. Usage: python bench/admin.py
--database-url postgresql://postgres@127.0.0.1:5432/x [--large N]"""
import argparse
import os
import statistics
import sys
import tempfile
import uuid
from datetime import UTC, datetime

import requests
from sqlalchemy import create_engine, event, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.growth import median_latency_ms, postgres_databases  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env  # noqa: E402
from config import database_uri  # noqa: E402

# Rows written with SQL, not the ORM: (table, statement). `:n` rows each; statuses and
# priorities spread evenly (a quarter of the tickets OPEN).
FILL = [
    ("users", """
        INSERT INTO users (id, email, email_verified, created_at, two_factor_enabled, role,
                           banned)
        SELECT md5('u' || :salt || i), 'user' || i || '-' || :salt || '@bench.test', i % 2 = 0,
               :now - i * interval '1 second', i % 10 = 0, 'user', i % 100 = 0
        FROM generate_series(1, :n) AS i"""),
    ("tickets", """
        INSERT INTO tickets (id, subject, description, status, priority, priority_rank,
                             requester_id, created_at, updated_at)
        SELECT md5('t' || :salt || i), 'Subject ' || i, 'Description of ticket ' || i,
               (ARRAY['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'])[1 + i % 4],
               (ARRAY['LOW', 'NORMAL', 'HIGH', 'URGENT'])[1 + (i / 4) % 4], (i / 4) % 4,
               :admin_id, :now - i * interval '1 second', :now - i * interval '1 second'
        FROM generate_series(1, :n) AS i"""),
    ("payment_events", """
        INSERT INTO payment_events (id, type, created, payload, received_at, processed_at)
        SELECT 'evt_' || :salt || i, 'payment_intent.succeeded', :now - i * interval '1 second',
               '{}', :now, :now
        FROM generate_series(1, :n) AS i"""),
    ("payments", """
        INSERT INTO payments (id, amount, currency, status, last_event_id, last_event_created,
                              updated_at)
        SELECT 'pi_' || :salt || i, 1000 + i % 500, (ARRAY['eur', 'usd', 'gbp'])[1 + i % 3],
               'succeeded', 'evt_' || :salt || i, :now - i * interval '1 second', :now
        FROM generate_series(1, :n) AS i"""),
    ("subscriptions", """
        INSERT INTO subscriptions (id, customer, status, current_period_end, last_event_id,
                                   last_event_created, updated_at)
        SELECT 'sub_' || :salt || i, 'cus_' || i,
               (ARRAY['active', 'canceled', 'past_due'])[1 + i % 3], :now,
               'evt_' || :salt || i, :now, :now
        FROM generate_series(1, :n / 10) AS i"""),
]


def fill(url, admin_id, count):
    engine = create_engine(database_uri(url, ""))
    params = {"n": count, "salt": uuid.uuid4().hex[:8], "now": datetime.now(UTC),
              "admin_id": admin_id}
    with engine.begin() as conn:
        conn.execute(text("UPDATE users SET role = 'admin' WHERE id = :id"), {"id": admin_id})
        for _, statement in FILL:
            conn.execute(text(statement), params)
    # Fresh statistics and a visibility map, so counts can use index-only scans.
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE"))
        sizes = {table: conn.execute(text(f"SELECT count(*) FROM {table}")).scalar()
                 for table, _ in FILL}
        for table in ("users", "tickets", "payments", "subscriptions"):  # counted by triggers
            kept = conn.execute(text("SELECT sum(count) FROM stat_counts WHERE section = :table "
                                     "AND (section <> 'users' OR name = 'total')"),
                                {"table": table}).scalar()
            assert kept == sizes[table], f"{table}: {sizes[table]} rows, {kept} counted"
    engine.dispose()
    return sizes


def app_statements(url, token, path):
    """The statements, with their parameters, that the app runs through SQLAlchemy for one
    request (the bearer lookup, a raw DBAPI query, is not among them)."""
    from app import create_app
    from core.db import db

    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": url})
    seen = []
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute",
                 lambda conn, cursor, statement, parameters, *a: seen.append((statement,
                                                                              parameters)))
    response = app.test_client().get(path, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.get_json()
    with app.app_context():
        db.engine.dispose()
    return seen


def explain(url, statement, parameters):
    """The plan of a statement exactly as the app sent it (--explain)."""
    engine = create_engine(database_uri(url, ""))
    with engine.connect() as conn:
        plan = [row[0] for row in conn.exec_driver_sql(
            "EXPLAIN (ANALYZE, BUFFERS) " + statement, parameters)]
    engine.dispose()
    return "\n".join(plan)


STATS = "/api/admin/stats"
TICKETS = "/api/tickets?status=OPEN&sort=priority"


# GET /api/admin/stats with 100,000 users, tickets and payment events vs 1,000 of each (target
# p50 ratio <= 1.5), its number of queries at both sizes (constant), and the staff's first page of
# GET /api/tickets?status=OPEN&sort=priority (target <= 1.3). Two databases, two waitress
# processes, wrk alternating between them round by round. The rows are written with SQL; the
# database's triggers count them as the app's writes are counted.
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True, help="a PostgreSQL server URL")
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--ratelimit-storage", default="memory://")
    parser.add_argument("--explain", action="store_true", help="print the large plans")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="admin-bench-")
    names = [f"admin_{size}_{uuid.uuid4().hex[:6]}" for size in (args.small, args.large)]
    admin = postgres_databases(args.database_url, names)
    servers, tokens, urls = [], [], []
    try:
        for name, size in zip(names, (args.small, args.large), strict=True):
            url = args.database_url.rsplit("/", 1)[0] + "/" + name
            env = service_env(argparse.Namespace(database_url=url,
                                                 ratelimit_storage=args.ratelimit_storage),
                              workdir)
            prepare_database(env)
            server = Server("wsgi:app", env, args.threads, f"{workdir}/{name}.log").__enter__()
            servers.append(server)
            signed_up = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
                "email": f"admin-{size}@example.com", "password": PASSWORD}).json()
            sizes = fill(url, signed_up["user"]["id"], size)
            print(f"{name}: {sizes}")
            tokens.append(signed_up["session"]["token"])
            urls.append(url)
        for url, token in zip(urls, tokens, strict=True):
            sent = {path: app_statements(url, token, path) for path in (STATS, TICKETS)}
            print(f"queries per GET {STATS}: {len(sent[STATS])}, "
                  f"per GET {TICKETS}: {len(sent[TICKETS])}")
        if args.explain:  # the large database's, the last one
            for path, statements in sent.items():
                for statement, parameters in statements:
                    print(f"GET {path}:\n{statement}\n{parameters}\n"
                          f"{explain(url, statement, parameters)}\n")
        for path, target in ((STATS, 1.5), (TICKETS, 1.3)):
            ratios = []
            for _ in range(args.rounds):
                small, large = (median_latency_ms(f"{s.url}{path}", t, args)
                                for s, t in zip(servers, tokens, strict=True))
                ratios.append(large / small)
                print(f"GET {path}: p50 {args.small:,} rows {small:.2f} ms, "
                      f"{args.large:,} rows {large:.2f} ms")
            ratio = statistics.median(ratios)
            print(f"GET {path}: p50 ratio {ratio:.2f} (target <= {target}) "
                  f"{'ok' if ratio <= target else 'MISS'}")
    finally:
        for server in servers:
            server.__exit__(None, None, None)
        with admin.connect() as conn:
            for name in names:
                conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


if __name__ == "__main__":
    main()
