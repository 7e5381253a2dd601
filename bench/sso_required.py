"""Requiring single sign-on (extensions.md E4.2; bench/README.md, "Requiring single sign-on"):
`GET /api/projects` for a bound member in 1,000 projects against the same for an unbound one,
same server, alternating round by round: the binding rule must cost no query per project.
Usage: python bench/sso_required.py [--database-url postgresql://.../postgres]"""
import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.growth import median_latency_ms, postgres_databases  # noqa: E402
from bench.projects import fill  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env  # noqa: E402
from config import database_uri  # noqa: E402

DOMAIN = "bound.test"


def caller(server, email, url, mine):
    """A new account in `mine` projects (it owns half, is a plain member of the rest); its
    token and the id of a project it is a plain member of."""
    answer = requests.post(f"{server.url}/api/auth/sign-up", timeout=30,
                           json={"email": email, "password": PASSWORD}).json()
    _, owned = fill(url, answer["user"]["id"], mine, mine)
    member_of = owned[:8] + str(mine).zfill(24)  # fill's ids: salt, then i on 24 digits
    return answer["session"]["token"], member_of


def require_sso(url, project):
    """The project requires SSO and holds the bound caller's domain VERIFIED (rows written
    directly: the figure is the list's, not verification's)."""
    engine = create_engine(database_uri(url, ""))
    with engine.begin() as conn:
        conn.execute(text("UPDATE projects SET sso_required = :on WHERE id = :p"),
                     {"on": True, "p": project})
        conn.execute(text(
            "INSERT INTO project_domains (id, project_id, domain, status, value, verified_at, "
            "created_at) VALUES (:id, :p, :d, 'VERIFIED', :v, CURRENT_TIMESTAMP, "
            "CURRENT_TIMESTAMP)"),
            {"id": uuid.uuid4().hex, "p": project, "d": DOMAIN,
             "v": "saas-verification=" + "a" * 43})
    engine.dispose()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server URL; default: SQLite files")
    parser.add_argument("--mine", type=int, default=1_000, help="projects each caller is in")
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--ratelimit-storage", default="memory://")
    parser.add_argument("--samples", type=int, default=200, help="in-process requests each")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="sso-required-")
    name = f"sso_required_{uuid.uuid4().hex[:6]}"
    admin = postgres_databases(args.database_url, [name]) if args.database_url else None
    url = (args.database_url.rsplit("/", 1)[0] + "/" + name) if admin \
        else f"sqlite:///{workdir}/{name}.db"
    env = service_env(argparse.Namespace(database_url=url,
                                         ratelimit_storage=args.ratelimit_storage), workdir)
    prepare_database(env)
    server = Server("wsgi:app", env, args.threads, f"{workdir}/server.log").__enter__()
    try:
        bound, project = caller(server, f"caller@{DOMAIN}", url, args.mine)
        unbound, _ = caller(server, "caller@other.test", url, args.mine)
        require_sso(url, project)
        lists = "/api/projects?sort=createdAt"
        totals = [requests.get(server.url + lists, timeout=30,
                               headers={"Authorization": f"Bearer {token}"}).json()["meta"]
                  ["total"] for token in (bound, unbound)]
        assert totals == [args.mine - 1, args.mine], totals  # the binding project left out
        in_process(url, lists, bound, unbound, args.samples)
        report(args, server, lists, bound, unbound)
    finally:
        server.__exit__(None, None, None)
        if admin:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def in_process(url, path, bound, unbound, samples):
    """In one process, on the same database: the statements one `GET path` sends through the
    engine (the bearer lookup's prepared read aside), a figure the machine's load cannot move;
    then the request's median time over `samples` calls alternating the two callers."""
    os.environ.setdefault("SECRET_KEY", "bench-secret")
    from sqlalchemy import event

    from app import create_app
    from core.db import db

    app = create_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    with app.app_context():
        engine = db.engine
    sent, times = [], {"bound": [], "unbound": []}

    def get(token):
        response = client.get(path, headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.get_data(as_text=True)

    def note(conn, cursor, statement, *rest):
        sent.append(statement)

    counts = {}
    for token, label in ((bound, "bound"), (unbound, "unbound")):
        get(token)  # warm
        event.listen(engine, "before_cursor_execute", note)
        get(token)
        event.remove(engine, "before_cursor_execute", note)
        counts[label], sent[:] = len(sent), []
    for i in range(samples):
        for token, label in [(bound, "bound"), (unbound, "unbound")][:: 1 if i % 2 else -1]:
            started = time.perf_counter()
            get(token)
            times[label].append((time.perf_counter() - started) * 1000)
    with app.app_context():
        db.engine.dispose()
    medians = {label: statistics.median(values) for label, values in times.items()}
    print(f"statements per request: bound {counts['bound']}, unbound {counts['unbound']}")
    print(f"in process, {samples} requests each, alternating: bound {medians['bound']:.2f} ms, "
          f"unbound {medians['unbound']:.2f} ms, ratio "
          f"{medians['bound'] / medians['unbound']:.3f}")


def report(args, server, path, bound, unbound):
    ratios = []
    for i in range(args.rounds):
        order = [(bound, "bound"), (unbound, "unbound")][:: 1 if i % 2 == 0 else -1]
        p50 = {label: median_latency_ms(server.url + path, token, args)
               for token, label in order}
        ratios.append(p50["bound"] / p50["unbound"])
        print(f"GET /api/projects p50: bound {p50['bound']:.2f} ms, "
              f"unbound {p50['unbound']:.2f} ms, ratio {ratios[-1]:.3f}")
    backend = "PostgreSQL" if args.database_url else "SQLite"
    ratio = statistics.median(ratios)
    print(f"\n{backend}, waitress threads={args.threads}, wrk -t1 -c{args.connections} "
          f"-d{args.duration}s, {args.rounds} rounds, each caller in {args.mine:,} projects")
    print(f"bound / unbound p50: {ratio:.3f} (target <= 1.10) "
          f"{'ok' if ratio <= 1.10 else 'MISS'}")


if __name__ == "__main__":
    main()
