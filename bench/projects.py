"""Projects (resources.md R3; bench/README.md, "Projects"): a user's list at 100,000 projects vs
1,000, and a project's read against the session, each a ratio measured in one run.
Usage: python bench/projects.py [--database-url postgresql://.../postgres] [--large 100000]"""
import argparse
import os
import statistics
import sys
import tempfile
import uuid
from datetime import UTC, datetime

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.growth import median_latency_ms, postgres_databases  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env, wrk  # noqa: E402
from config import database_uri  # noqa: E402

# Project i (1..count) gets the id <salt><i, 24 digits> and created_at base + i seconds. The
# caller is in projects 1..mine (the oldest: a plan that walked the table by createdAt would
# show): it owns the first half and is a plain member of the second. Every other owner is one
# of count / 10 filler accounts, ten projects each, so the statistics look like a real table.
SERIES = {
    "sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)",
    "postgresql": "WITH n(i) AS (SELECT generate_series(1, :count))",
}
PAD = {"sqlite": "printf('%0{width}d', {value})",
       "postgresql": "lpad(({value})::text, {width}, '0')"}
STAMP = {"sqlite": "strftime('%Y-%m-%d %H:%M:%S', :base, '+' || i || ' seconds') || '.000000'",
         "postgresql": "CAST(:base AS timestamptz) + i * interval '1 second'"}
FILLER = ":salt || 'u' || {pad}"
FILL = [
    ("fillers", """INSERT INTO users (id, email, email_verified, created_at, two_factor_enabled,
                                      role, banned)
                   SELECT {filler_i}, 'filler-' || :salt || '-' || i || '@example.com', 0 = 1,
                          {stamp}, 0 = 1, 'user', 0 = 1 FROM n"""),
    ("count", """INSERT INTO projects (id, name, description, created_at, updated_at)
                 SELECT :salt || {project_i}, 'Project ' || i, NULL, {stamp}, {stamp} FROM n"""),
    ("count", """INSERT INTO memberships (project_id, user_id, role, joined_at)
                 SELECT :salt || {project_i},
                        CASE WHEN i <= :owns THEN :user_id ELSE {filler_of_i} END,
                        'owner', {stamp} FROM n"""),
    ("count", """INSERT INTO memberships (project_id, user_id, role, joined_at)
                 SELECT :salt || {project_i}, :user_id, :role, {stamp}
                 FROM n WHERE i > :owns AND i <= :mine"""),
]


def fill(url, user_id, count, mine, role="member"):
    """`role` "member": the caller owns the first half of its projects and is a member of the
    rest; "admin" (extensions.md E2.1): it is an admin of all of them, owned by fillers."""
    engine = create_engine(database_uri(url, ""))
    dialect = engine.dialect.name
    base = datetime(2026, 1, 1, tzinfo=UTC)
    salt = uuid.uuid4().hex[:8]
    fillers = max(count // 10, 1)
    pad = PAD[dialect]
    parts = {"stamp": STAMP[dialect], "project_i": pad.format(width=24, value="i"),
             "filler_i": FILLER.format(pad=pad.format(width=23, value="i")),
             "filler_of_i": FILLER.format(pad=pad.format(
                 width=23, value=f"((i - 1) % {fillers}) + 1"))}
    params = {"mine": mine, "user_id": user_id, "salt": salt, "role": role,
              "owns": 0 if role == "admin" else mine // 2,
              "base": base.strftime("%Y-%m-%d %H:%M:%S") if dialect == "sqlite" else base}
    with engine.begin() as conn:
        for size, statement in FILL:
            conn.execute(text(SERIES[dialect] + " " + statement.format(**parts)),
                         {**params, "count": fillers if size == "fillers" else count})
        conn.execute(text("ANALYZE"))
        total = conn.execute(text("SELECT count(*) FROM projects")).scalar()
    engine.dispose()
    return total, salt + "1".zfill(24)  # a project the caller is in


def explain(url, token):
    """The plans of the statements the service runs for the list (its count and its page) and
    for one read, recorded as they are sent to the database and explained with their values."""
    os.environ.setdefault("SECRET_KEY", "bench-secret")
    from flask import g
    from sqlalchemy import event

    from app import create_app
    from core import policy as policies
    from core.db import db
    from sections.auth.services import sessions
    from sections.projects import service as projects

    app = create_app({"DATABASE_URL": url})
    with app.test_request_context():
        g.bearer_session = sessions.lookup(token)
        who = policies.caller()
        sent = []

        def record(conn, cursor, statement, parameters, context, executemany):
            sent.append((statement, parameters))

        event.listen(db.engine, "before_cursor_execute", record)
        projects.projects_page(who, {"page": 1, "limit": 20, "sort": "createdAt",
                                     "order": "desc"})
        project = projects.projects_page(who, {"page": 1, "limit": 1, "sort": "createdAt",
                                               "order": "desc"}).items[0].id
        del sent[2:]
        projects.find(project, who)
        event.remove(db.engine, "before_cursor_execute", record)
        prefix = "EXPLAIN QUERY PLAN " if url.startswith("sqlite") else "EXPLAIN "
        with db.engine.connect() as conn:
            for name, (statement, parameters) in zip(("count", "page", "read"), sent,
                                                     strict=True):
                print(f"--- plan of the {name} query:")
                for row in conn.exec_driver_sql(prefix + statement, parameters):
                    print("   ", " | ".join(str(c) for c in row))


def start(args, workdir, name, url, size):
    env = service_env(argparse.Namespace(database_url=url,
                                         ratelimit_storage=args.ratelimit_storage), workdir)
    prepare_database(env)
    server = Server("wsgi:app", env, args.threads, f"{workdir}/{name}.log").__enter__()
    caller = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
        "email": f"caller-{size}@example.com", "password": PASSWORD}).json()
    total, project = fill(url, caller["user"]["id"], size, args.mine, args.caller_role)
    return server, caller["session"]["token"], total, project


# (a) GET /api/projects (first page of 20, sorted by createdAt) for a user in 1,000 projects:
#     median latency with 100,000 projects in the table / the same with 1,000 (target <= 1.30);
# (b) GET /api/projects/{id} throughput / GET /api/auth/session throughput, same server
#     (target >= 0.80).
# Rows are bulk-inserted with SQL (not through HTTP); two databases, two waitress processes, wrk
# alternating between them round by round. With --explain it prints the query plans of the
# list's page and count queries and of the project read on the large database.
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server URL; default: SQLite files")
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--mine", type=int, default=1_000, help="projects the caller is in")
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--ratelimit-storage", default="memory://")
    parser.add_argument("--caller-role", choices=["member", "admin"], default="member",
                        help="admin: the caller is a project admin of all its projects")
    parser.add_argument("--explain", action="store_true")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="projects-")
    names = [f"projects_{size}_{uuid.uuid4().hex[:6]}" for size in (args.small, args.large)]
    admin = postgres_databases(args.database_url, names) if args.database_url else None
    urls = [(args.database_url.rsplit("/", 1)[0] + "/" + name) if admin
            else f"sqlite:///{workdir}/{name}.db" for name in names]
    started = []
    try:
        for name, url, size in zip(names, urls, (args.small, args.large), strict=True):
            started.append(start(args, workdir, name, url, size))
        if args.explain:
            explain(urls[1], started[1][1])
        report(args, started)
    finally:
        for server, *_ in started:
            server.__exit__(None, None, None)
        if admin:
            with admin.connect() as conn:
                for name in names:
                    conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def report(args, started):
    (small, small_token, small_total, _), (large, token, large_total, project) = started
    latency = []
    for _ in range(args.rounds):
        a = median_latency_ms(f"{small.url}/api/projects?sort=createdAt", small_token, args)
        b = median_latency_ms(f"{large.url}/api/projects?sort=createdAt", token, args)
        latency.append(b / a)
        print(f"GET /api/projects p50: {small_total:,} projects {a:.2f} ms, "
              f"{large_total:,} projects {b:.2f} ms")
    args.headers = [f"Authorization: Bearer {token}"]
    throughput = []
    for _ in range(args.rounds):
        session, errors_a = wrk(f"{large.url}/api/auth/session", args)
        read, errors_b = wrk(f"{large.url}/api/projects/{project}", args)
        if errors_a or errors_b:
            raise RuntimeError("non-2xx answers during the run")
        throughput.append(read / session)
        print(f"throughput: GET /api/auth/session {session:.0f}/s, "
              f"GET /api/projects/{{id}} {read:.0f}/s")
    backend = "PostgreSQL" if args.database_url else "SQLite"
    a, b = statistics.median(latency), statistics.median(throughput)
    print(f"\n{backend}, waitress threads={args.threads}, wrk -t{args.wrk_threads} "
          f"-c{args.connections} -d{args.duration}s, {args.rounds} rounds, the caller in "
          f"{args.mine:,} projects ({args.caller_role})")
    print(f"(a) list p50 latency {large_total:,} vs {small_total:,} projects: {a:.2f} "
          f"(target <= 1.30) {'ok' if a <= 1.3 else 'MISS'}")
    print(f"(b) GET /api/projects/{{id}} / GET /api/auth/session throughput: {b:.2f} "
          f"(target >= 0.80) {'ok' if b >= 0.8 else 'MISS'}")


if __name__ == "__main__":
    main()
