"""Content lists under load (bench/README.md, "Content lists"): the public article list against
the session, and its p50 and a festival's review list's at 100,000 rows vs 1,000.
Usage: python bench/content.py [--database-url postgresql://.../postgres] [--duration 3]"""
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
from sqlalchemy import create_engine, func, select, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.growth import postgres_databases  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env, wrk  # noqa: E402
from config import database_uri  # noqa: E402

VISIBLE = 1_000  # published articles, and approved reviews of the measured festival
SERIES = {"sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                    "WHERE i < :count) SELECT i FROM n",
          "postgresql": "SELECT i FROM generate_series(1, :count) AS i"}
KEY = {"sqlite": "lower(hex(randomblob(16)))", "postgresql": "md5(random()::text || i::text)"}
SLUG = {"sqlite": "'a-' || i", "postgresql": "'a-' || i::text"}


def fill(url, user_id, total):
    """One project; `total` articles of which VISIBLE are PUBLISHED (the rest DRAFT), and one
    festival with VISIBLE APPROVED reviews among `total` reviews (the rest on other festivals)."""
    engine = create_engine(database_uri(url, ""))
    dialect = engine.dialect.name
    now = datetime.now(UTC)
    stamp = (lambda t: t.strftime("%Y-%m-%d %H:%M:%S.%f")) if dialect == "sqlite" else (lambda t: t)
    series, key = SERIES[dialect], KEY[dialect]
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO projects (id, name, created_at, updated_at) "
                          "VALUES ('p1', 'Bench', :now, :now)"), {"now": stamp(now)})
        conn.execute(text("INSERT INTO memberships (project_id, user_id, role, joined_at) "
                          "VALUES ('p1', :user, 'owner', :now)"), {"user": user_id,
                                                                  "now": stamp(now)})
        conn.execute(text(
            f"INSERT INTO articles (id, project_id, author_id, title, slug, excerpt, content, "
            f"status, tags, published_at, created_at, updated_at) "
            f"SELECT {key}, 'p1', :user, 'Article ' || i, {SLUG[dialect]}, NULL, 'Body', "
            f"CASE WHEN i <= :visible THEN 'PUBLISHED' ELSE 'DRAFT' END, '[]', :now, :now, :now "
            f"FROM ({series}) AS s"), {"user": user_id, "visible": VISIBLE, "count": total,
                                       "now": stamp(now)})
        festivals = max(1, total // VISIBLE)
        starts = stamp(now - timedelta(days=1))
        conn.execute(text(
            f"INSERT INTO festivals (id, project_id, name, slug, starts_at, ends_at, status, "
            f"created_at, updated_at) SELECT 'f' || i, 'p1', 'Fest ' || i, 'f-' || i, :starts, "
            f":now, 'PUBLISHED', :now, :now FROM ({series}) AS s"),
            {"count": festivals, "starts": starts, "now": stamp(now)})
        # Reviews by deleted authors (author_id NULL) escape the one-per-user index.
        conn.execute(text(
            f"INSERT INTO reviews (id, festival_id, author_id, rating, title, body, status, "
            f"created_at, updated_at) SELECT {key}, 'f' || (1 + (i - 1) / {VISIBLE}), NULL, "
            f"1 + i % 5, NULL, 'Fine', 'APPROVED', :now, :now FROM ({series}) AS s"),
            {"count": total, "now": stamp(now)})
        counts = [conn.execute(text(f"SELECT count(*) FROM {t}")).scalar()
                  for t in ("articles", "reviews")]
    if dialect == "postgresql":
        # As autovacuum would soon: statistics, and the visibility map that lets the counts
        # read the index alone (and keeps autovacuum from starting during the measurement).
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()
    return counts


def p50_ms(url, args, headers=()):
    command = ["wrk", "-t1", f"-c{args.connections}", f"-d{args.duration}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out:
        raise RuntimeError(f"non-2xx answers from {url}")
    value, unit = re.search(r"50%\s+([\d.]+)(us|ms|s)", out).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def plans(url):
    """EXPLAIN the page and count queries of both lists, as the service builds them."""
    os.environ.update(SECRET_KEY="x", DATABASE_URL=url)
    from app import create_app
    from core.db import db
    from core.policy import ANONYMOUS
    from sections.articles import service as articles
    from sections.articles.models import Article
    from sections.reviews import service as reviews
    from sections.reviews.models import Review

    app = create_app()
    explain = "EXPLAIN QUERY PLAN " if url.startswith("sqlite") else "EXPLAIN "
    with app.app_context():
        args = {"status": "PUBLISHED", "sort": "createdAt", "order": "desc"}
        shown = articles.list_query(ANONYMOUS, args)
        counted = articles.list_query(ANONYMOUS, args, (Article.id,))
        reviewed = reviews.list_query(ANONYMOUS, {"festivalId": "f1"})
        for name, statement, count_statement, column, key in (
                ("articles", shown, counted, Article.created_at, Article.id),
                ("reviews of f1", reviewed, reviewed, Review.created_at, Review.id)):
            # What listing.page runs: the first page in sort order, and the count.
            page_sql = statement.order_by(column.desc(), key.desc()).limit(20)
            count_sql = select(func.count()).select_from(count_statement.order_by(None)
                                                         .subquery())
            for label, sql in (("page", page_sql), ("count", count_sql)):
                compiled = sql.compile(db.engine, compile_kwargs={"literal_binds": True})
                rows = db.session.execute(text(explain + str(compiled))).all()
                print(f"  {name} {label}: " + " | ".join(str(r[-1]) for r in rows))
        db.session.remove()
        db.engine.dispose()


def throughput(args, workdir):
    """Public article list (anonymous, first page) per second / GET /api/auth/session, as
    served (ARTICLE_LIST_CACHE_SECONDS at its default), and with the cache off."""
    url = (args.database_url.rsplit("/", 1)[0] + "/" + args.names[0] if args.database_url
           else f"sqlite:///{workdir}/throughput.db")
    env = service_env(argparse.Namespace(database_url=url,
                                         ratelimit_storage=args.ratelimit_storage), workdir)
    prepare_database(env)
    uncached = dict(env, ARTICLE_LIST_CACHE_SECONDS="0")
    with Server("wsgi:app", env, args.threads, f"{workdir}/throughput.log") as server, \
            Server("wsgi:app", uncached, args.threads, f"{workdir}/uncached.log") as bare:
        signed_up = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
            "email": "bench@example.com", "password": PASSWORD}).json()
        fill(url, signed_up["user"]["id"], VISIBLE)
        args.headers, ratios, uncached_ratios = [], [], []
        for _ in range(args.rounds):
            args.headers = [f"Authorization: Bearer {signed_up['session']['token']}"]
            session, _ = wrk(f"{server.url}/api/auth/session", args)
            args.headers = []
            listed, errors = wrk(f"{server.url}/api/articles?status=PUBLISHED", args)
            fresh, more_errors = wrk(f"{bare.url}/api/articles?status=PUBLISHED", args)
            assert not errors and not more_errors
            ratios.append(listed / session)
            uncached_ratios.append(fresh / session)
            print(f"  session {session:.0f}/s, public article list {listed:.0f}/s, "
                  f"without the cache {fresh:.0f}/s")
    return statistics.median(ratios), statistics.median(uncached_ratios)


def growth(args, workdir):
    servers, urls, festival = [], [], "f1"
    for name, size in zip(args.names[1:], (args.small, args.large), strict=True):
        url = (args.database_url.rsplit("/", 1)[0] + "/" + name if args.database_url
               else f"sqlite:///{workdir}/{name}.db")
        env = service_env(argparse.Namespace(database_url=url,
                                             ratelimit_storage=args.ratelimit_storage), workdir)
        env["ARTICLE_LIST_CACHE_SECONDS"] = "0"  # growth measures the queries, not the cache
        prepare_database(env)
        server = Server("wsgi:app", env, args.threads, f"{workdir}/{name}.log").__enter__()
        signed_up = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
            "email": "bench@example.com", "password": PASSWORD}).json()
        print(f"  {size:,}: rows (articles, reviews) = {fill(url, signed_up['user']['id'], size)}")
        servers.append(server)
        urls.append(url)
    print("query plans with the large table:")
    plans(urls[1])
    results = {"articles": [], "reviews": []}
    try:
        for _ in range(args.rounds):
            for label, path in (("articles", "/api/articles?status=PUBLISHED"),
                                ("reviews", f"/api/reviews?festivalId={festival}")):
                small, large = (p50_ms(s.url + path, args) for s in servers)
                results[label].append(large / small)
                print(f"  {label}: p50 {small:.2f} ms ({args.small:,}) vs {large:.2f} ms "
                      f"({args.large:,})")
    finally:
        for server in servers:
            server.__exit__(None, None, None)
    return {label: statistics.median(r) for label, r in results.items()}


# Throughput of the public article list against GET /api/auth/session in the same run, and p50
# growth of the public article list and of a festival's review list with 100,000 rows in the
# table against 1,000 (resources.md R1: lists must not slow down with the table). Rows are
# bulk-inserted with SQL; the query plans of the page and count queries are shown.
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server URL; default: SQLite files")
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--duration", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--ratelimit-storage", default="memory://")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="content-")
    args.names = [f"content_{what}_{uuid.uuid4().hex[:6]}" for what in ("tp", "small", "large")]
    admin = postgres_databases(args.database_url, args.names) if args.database_url else None
    try:
        ratio, uncached = throughput(args, workdir)
        grown = growth(args, workdir)
    finally:
        if admin:
            with admin.connect() as conn:
                for name in args.names:
                    conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    backend = "PostgreSQL" if args.database_url else "SQLite"
    print(f"{backend}: public article list / session = {ratio:.2f} (target >= 0.60) "
          f"{'ok' if ratio >= 0.6 else 'MISS'}; without the cache {uncached:.2f}")
    for label, value in grown.items():
        print(f"{backend}: {label} p50 {args.large:,} vs {args.small:,} rows = {value:.2f} "
              f"(target <= 1.30) {'ok' if value <= 1.3 else 'MISS'}")


if __name__ == "__main__":
    main()
