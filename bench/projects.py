"""Projects (resources.md R3), two figures, each a ratio measured in one run:

(a) GET /api/projects (first page of 20, sorted by createdAt) for a user in 1,000 projects:
    median latency with 100,000 projects in the table / the same with 1,000 (target <= 1.30);
(b) GET /api/projects/{id} throughput / GET /api/auth/session throughput, same server
    (target >= 0.80).

Rows are bulk-inserted with SQL (not through HTTP); two databases, two waitress processes, wrk
alternating between them round by round. With --explain it prints the query plans of the list's
page and count queries and of the project read on the large database.
Usage: python bench/projects.py [--database-url postgresql://.../postgres] [--large 100000]
"""
import argparse
import os
import statistics
import sys
import tempfile
import uuid
from datetime import UTC, datetime

import requests
from sqlalchemy import create_engine, func, select, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.growth import median_latency_ms, postgres_databases  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env, wrk  # noqa: E402
from config import database_uri  # noqa: E402

# Project i (1..count) gets the id <salt><i, 24 digits> and created_at base + i seconds. The
# caller is in projects 1..mine: it owns the first half and is a plain member of the second,
# whose owner (like every other project's) is the filler account.
SERIES = {
    "sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)",
    "postgresql": "WITH n(i) AS (SELECT generate_series(1, :count))",
}
PROJECT_ID = {"sqlite": ":salt || printf('%024d', i)",
              "postgresql": ":salt || lpad(i::text, 24, '0')"}
STAMP = {"sqlite": "strftime('%Y-%m-%d %H:%M:%S', :base, '+' || i || ' seconds') || '.000000'",
         "postgresql": "CAST(:base AS timestamptz) + i * interval '1 second'"}
FILL = [
    """INSERT INTO projects (id, name, description, created_at, updated_at)
       SELECT {id}, 'Project ' || i, NULL, {stamp}, {stamp} FROM n""",
    """INSERT INTO memberships (project_id, user_id, role, joined_at)
       SELECT {id}, CASE WHEN i <= :mine / 2 THEN :user_id ELSE :filler_id END, 'owner', {stamp}
       FROM n""",
    """INSERT INTO memberships (project_id, user_id, role, joined_at)
       SELECT {id}, :user_id, 'member', {stamp} FROM n WHERE i > :mine / 2 AND i <= :mine""",
]


def fill(url, user_id, filler_id, count, mine):
    engine = create_engine(database_uri(url, ""))
    dialect = engine.dialect.name
    base = datetime(2026, 1, 1, tzinfo=UTC)
    salt = uuid.uuid4().hex[:8]
    params = {"count": count, "mine": mine, "user_id": user_id, "filler_id": filler_id,
              "salt": salt, "base": base.strftime("%Y-%m-%d %H:%M:%S") if dialect == "sqlite"
              else base}
    with engine.begin() as conn:
        for statement in FILL:
            sql = statement.format(id=PROJECT_ID[dialect], stamp=STAMP[dialect])
            conn.execute(text(SERIES[dialect] + " " + sql), params)
        conn.execute(text("ANALYZE"))
        total = conn.execute(text("SELECT count(*) FROM projects")).scalar()
    engine.dispose()
    return total, salt + "1".zfill(24)  # a project the caller owns


def explain(url, token):
    """The plans of the list's page and count queries and of one read, as the service runs them."""
    os.environ.setdefault("SECRET_KEY", "bench-secret")
    from flask import g

    import policies
    from app import create_app
    from services import projects
    from services.auth import sessions

    app = create_app({"DATABASE_URL": url})
    with app.test_request_context():
        g._bearer_session = sessions.lookup(token)
        who = policies.caller()
        statement = projects._rows(who, every=False)
        page = statement.order_by(projects.SORTS["createdAt"].desc(),
                                  projects.Project.id.desc()).limit(20)
        count = select(func.count()).select_from(
            statement.order_by(None).subquery())
        one = projects._rows(who, every=True).where(projects.Project.id == "x")
        prefix = ("EXPLAIN QUERY PLAN " if url.startswith("sqlite") else "EXPLAIN ")
        session = projects.db.session
        for name, query in (("page", page), ("count", count), ("read", one)):
            compiled = query.compile(dialect=session.get_bind().dialect,
                                     compile_kwargs={"literal_binds": True})
            plan = session.execute(text(prefix + str(compiled))).all()
            print(f"--- plan of the {name} query:")
            for row in plan:
                print("   ", " | ".join(str(c) for c in row))


def start(args, workdir, name, url, size):
    env = service_env(argparse.Namespace(database_url=url,
                                         ratelimit_storage=args.ratelimit_storage), workdir)
    prepare_database(env)
    server = Server("wsgi:app", env, args.threads, f"{workdir}/{name}.log").__enter__()
    accounts = []
    for who in ("caller", "filler"):
        answer = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
            "email": f"{who}-{size}@example.com", "password": PASSWORD}).json()
        accounts.append(answer)
    total, project = fill(url, accounts[0]["user"]["id"], accounts[1]["user"]["id"], size,
                          args.mine)
    return server, accounts[0]["session"]["token"], total, project


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
          f"{args.mine:,} projects")
    print(f"(a) list p50 latency {large_total:,} vs {small_total:,} projects: {a:.2f} "
          f"(target <= 1.30) {'ok' if a <= 1.3 else 'MISS'}")
    print(f"(b) GET /api/projects/{{id}} / GET /api/auth/session throughput: {b:.2f} "
          f"(target >= 0.80) {'ok' if b >= 0.8 else 'MISS'}")


if __name__ == "__main__":
    main()
