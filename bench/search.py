"""Search and scheduled articles under load (extensions.md E3.1, E3.2; bench/README.md, "Search"):
search at 100,000 documents vs 1,000, against the article list, and the list with SCHEDULED rows.
Usage: python bench/search.py [--database-url postgresql://.../postgres] [--duration 3]"""
import argparse
import os
import statistics
import sys
import tempfile
import uuid
from datetime import UTC, datetime, timedelta

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.content import KEY, SERIES, p50_ms  # noqa: E402
from bench.growth import postgres_databases  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env, wrk  # noqa: E402
from config import database_uri  # noqa: E402

MATCHES = 20  # items of each kind holding the searched word, whatever the table's size
QUERY = "/api/search?q=needle"
WORDS = ("music", "food", "river", "night", "summer", "garden", "stage", "market")
DOCUMENTS = {
    "postgresql": ("INSERT INTO search_documents (type, item_id, audience, vector) "
                   "SELECT :type, id, 'all', setweight(to_tsvector('simple', {title}), 'A') || "
                   "setweight(to_tsvector('simple', {body}), 'B') FROM {table}"),
    "sqlite": ("INSERT INTO search_documents (type, item_id, audience) "
               "SELECT :type, id, 'all' FROM {table}"),
}
FTS = ("INSERT INTO search_text (rowid, title, body) SELECT d.key, lower({title}), lower({body}) "
       "FROM search_documents d JOIN {table} ON {table}.id = d.item_id AND d.type = :type")


def fill(url, user_id, total, scheduled=0):
    """`total` PUBLISHED articles and festivals (MATCHES of each with "needle"), their search
    documents, and `scheduled` SCHEDULED articles created after them (the newest rows)."""
    engine = create_engine(database_uri(url, ""))
    dialect = engine.dialect.name
    now = datetime.now(UTC)
    stamp = (lambda t: t.strftime("%Y-%m-%d %H:%M:%S.%f")) if dialect == "sqlite" else (lambda t: t)
    series, key, every = SERIES[dialect], KEY[dialect], max(1, total // MATCHES)
    word = "CASE i % 8 " + " ".join(f"WHEN {n} THEN '{w}'" for n, w in enumerate(WORDS)) + " END"
    needle = f"CASE WHEN i % {every} = 0 THEN ' needle' ELSE '' END"
    cast = "" if dialect == "sqlite" else "::text"
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO projects (id, name, created_at, updated_at) "
                          "VALUES ('p1', 'Bench', :now, :now)"), {"now": stamp(now)})
        conn.execute(text("INSERT INTO memberships (project_id, user_id, role, joined_at) "
                          "VALUES ('p1', :user, 'owner', :now)"), {"user": user_id,
                                                                  "now": stamp(now)})
        for _table, statement in (
            ("articles", f"INSERT INTO articles (id, project_id, author_id, title, slug, excerpt, "
                         f"content, status, tags, published_at, created_at, updated_at) "
                         f"SELECT {key}, 'p1', :user, 'Article ' || i{cast}, 'a-' || i{cast}, "
                         f"NULL, 'A story of ' || {word} || {needle}, 'PUBLISHED', '[]', "
                         f":now, :now, :now FROM ({series}) AS s"),
            ("festivals", f"INSERT INTO festivals (id, project_id, name, slug, description, "
                          f"location, starts_at, ends_at, status, created_at, updated_at) "
                          f"SELECT {key}, 'p1', 'Fest ' || i{cast}, 'f-' || i{cast}, "
                          f"'An evening of ' || {word} || {needle}, 'Lyon', :now, :now, "
                          f"'PUBLISHED', :now, :now FROM ({series}) AS s")):
            conn.execute(text(statement), {"user": user_id, "count": total, "now": stamp(now)})
        if scheduled:
            later = stamp(now + timedelta(seconds=1))
            conn.execute(text(
                f"INSERT INTO articles (id, project_id, author_id, title, slug, content, status, "
                f"tags, published_at, publish_at, created_at, updated_at) "
                f"SELECT {key}, 'p1', :user, 'Soon ' || i{cast}, 's-' || i{cast}, 'Later', "
                f"'SCHEDULED', '[]', :at, :at, :later, :later FROM ({series}) AS s"),
                {"user": user_id, "count": scheduled, "later": later,
                 "at": stamp(now + timedelta(days=30))})
        for kind, table, title, body in (
                ("article", "articles", "title", "content"),
                ("festival", "festivals", "name", "coalesce(description, '') || ' ' || "
                                                  "coalesce(location, '')")):
            fields = {"table": table, "title": title, "body": body}
            conn.execute(text(DOCUMENTS[dialect].format(**fields)), {"type": kind})
            if dialect == "sqlite":
                conn.execute(text(FTS.format(**fields)), {"type": kind})
    if dialect == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()


def start(args, workdir, name, size, scheduled=0):
    url = (args.database_url.rsplit("/", 1)[0] + "/" + name if args.database_url
           else f"sqlite:///{workdir}/{name}.db")
    env = service_env(argparse.Namespace(database_url=url,
                                         ratelimit_storage=args.ratelimit_storage), workdir)
    env["ARTICLE_LIST_CACHE_SECONDS"] = "0"  # the queries, not the cache
    prepare_database(env)
    server = Server("wsgi:app", env, args.threads, f"{workdir}/{name}.log").__enter__()
    signed_up = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
        "email": "bench@example.com", "password": PASSWORD}).json()
    fill(url, signed_up["user"]["id"], size, scheduled)
    found = requests.get(server.url + QUERY, timeout=30).json()["meta"]["total"]
    print(f"  {name}: {size:,} articles and festivals, {scheduled:,} scheduled; "
          f"'needle' finds {found}")
    return server


# p50 of GET /api/search with 100,000 articles and 100,000 festivals against 1,000 of each;
# search throughput against the first page of GET /api/articles on the same server; p50 of the
# public article list with 10,000 SCHEDULED articles in the table against none. Rows and their
# search documents are written in bulk with SQL (the documents as core/search.py makes them for
# this plain ASCII text).
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server URL; default: SQLite files")
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--scheduled", type=int, default=10_000)
    parser.add_argument("--duration", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--ratelimit-storage", default="memory://")
    args = parser.parse_args()
    args.headers = []
    workdir = tempfile.mkdtemp(prefix="search-")
    names = [f"search_{what}_{uuid.uuid4().hex[:6]}" for what in ("small", "large", "sched")]
    admin = postgres_databases(args.database_url, names) if args.database_url else None
    servers, results = [], {"growth": [], "throughput": [], "scheduled": []}
    try:
        for name, size, scheduled in zip(names, (args.small, args.large, args.small),
                                         (0, 0, args.scheduled), strict=True):
            servers.append(start(args, workdir, name, size, scheduled))
        small, large, sched = servers
        for _ in range(args.rounds):
            p_small, p_large = p50_ms(small.url + QUERY, args), p50_ms(large.url + QUERY, args)
            searched, errors = wrk(large.url + QUERY, args)
            listed, more = wrk(large.url + "/api/articles", args)
            assert not errors and not more
            l_plain = p50_ms(small.url + "/api/articles", args)
            l_sched = p50_ms(sched.url + "/api/articles", args)
            results["growth"].append(p_large / p_small)
            results["throughput"].append(searched / listed)
            results["scheduled"].append(l_sched / l_plain)
            print(f"  search p50 {p_small:.2f} ms ({args.small:,}) vs {p_large:.2f} ms "
                  f"({args.large:,}); search {searched:.0f}/s vs article list {listed:.0f}/s; "
                  f"article list p50 {l_plain:.2f} ms vs {l_sched:.2f} ms with "
                  f"{args.scheduled:,} scheduled")
    finally:
        for server in servers:
            server.__exit__(None, None, None)
        if admin:
            with admin.connect() as conn:
                for name in names:
                    conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    backend = "PostgreSQL" if args.database_url else "SQLite"
    for key, label, target, better in (
            ("growth", "search p50, large / small", 1.3, "<="),
            ("throughput", "search / article list throughput", 0.5, ">="),
            ("scheduled", "article list p50 with scheduled / without", 1.1, "<=")):
        value = statistics.median(results[key])
        ok = value <= target if better == "<=" else value >= target
        print(f"{backend}: {label} = {value:.2f} (target {better} {target}) "
              f"{'ok' if ok else 'MISS'}")

if __name__ == "__main__":
    main()
