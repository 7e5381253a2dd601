"""The SCIM service under load (bench/README.md, "Directory provisioning"): p50 of
`GET /Users?filter=userName eq "..."` with 100,000 Users in the project vs 1,000, and of a
PATCH adding (then removing) one member of a Group of 10,000 members vs one of 10.
Usage: python bench/scim.py [--database-url postgresql://.../postgres] [--duration 3]"""
import argparse
import os
import statistics
import sys
import tempfile
import urllib.parse
import uuid
from datetime import UTC, datetime

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.content import SERIES, p50_ms  # noqa: E402
from bench.growth import postgres_databases  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env  # noqa: E402
from config import database_uri  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
TEXT = {"sqlite": "CAST(i AS TEXT)", "postgresql": "i::text"}
AS_JSON = {"sqlite": "{}", "postgresql": "CAST({} AS json)"}  # JSON written as text


def directory_at(server) -> tuple[str, str]:
    """(a new project at `server`, a SCIM token of it), through the API."""
    owner = requests.post(f"{server}/api/auth/sign-up", timeout=30, json={
        "email": f"{uuid.uuid4().hex[:8]}@example.com", "password": PASSWORD}).json()
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    project = requests.post(f"{server}/api/projects", json={"name": "Bench"}, headers=headers,
                            timeout=30).json()["data"]["id"]
    token = requests.post(f"{server}/api/projects/{project}/scim-tokens",
                          json={"name": "Bench"}, headers=headers, timeout=30).json()["token"]
    return project, token


def fill(url, project, users, groups):
    """`users` Users (user1@example.com ...) and, for each size in `groups`, a Group of that
    many of them, written with SQL as a directory's first sync would leave them."""
    engine = create_engine(database_uri(url, ""))
    dialect = engine.dialect.name
    now = datetime.now(UTC)
    stamp = now.strftime("%Y-%m-%d %H:%M:%S.%f") if dialect == "sqlite" else now
    number = TEXT[dialect]
    as_json = AS_JSON[dialect]
    user_data = as_json.replace("{}", (
        f"'{{\"schemas\": [\"{SCHEMA}\"], \"userName\": \"user' || {number} || "
        f"'@example.com\"}}'"))
    with engine.begin() as conn:
        conn.execute(text(
            f"INSERT INTO scim_users (id, project_id, user_name, user_name_key, external_id, "
            f"display_name_key, active, address, data, created_at, updated_at) "
            f"SELECT 'u' || {number}, :project, 'user' || {number} || '@example.com', "
            f"'user' || {number} || '@example.com', 'ext' || {number}, 'user ' || {number}, "
            f"true, 'user' || {number} || '@example.com', {user_data}, :now, :now "
            f"FROM ({SERIES[dialect]}) AS s"),
            {"project": project, "count": users, "now": stamp})
        ids = []
        for size in groups:
            group = uuid.uuid4().hex
            conn.execute(text(
                "INSERT INTO scim_groups (id, project_id, display_name, display_name_key, data, "
                "created_at, updated_at) VALUES (:id, :project, :name, :name, "
                f"{as_json.replace('{}', ':data')}, :now, :now)"),
                {"id": group, "project": project, "name": f"group of {size}", "now": stamp,
                 "data": '{"schemas": ["urn:ietf:params:scim:schemas:core:2.0:Group"], '
                         f'"displayName": "group of {size}"}}'})
            conn.execute(text(
                f"INSERT INTO scim_group_members (group_id, member_id, member_type) "
                f"SELECT :group, 'u' || {number}, 'User' FROM ({SERIES[dialect]}) AS s "
                f"WHERE i > 1"), {"group": group, "count": size + 1})
            ids.append(group)
    if dialect == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()
    return ids


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="a PostgreSQL server URL; default: SQLite files")
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--duration", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=4)
    # PATCHes of one Group queue on its row (locked while its members change): one connection
    # measures a PATCH's own cost, not the queue.
    parser.add_argument("--patch-connections", type=int, default=1)
    parser.add_argument("--ratelimit-storage", default="memory://")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="scim-")
    names = [f"scim_{what}_{uuid.uuid4().hex[:6]}" for what in ("small", "large")]
    admin = postgres_databases(args.database_url, names) if args.database_url else None
    servers, groups = [], None
    try:
        for name, size in zip(names, (args.small, args.large), strict=True):
            url = (args.database_url.rsplit("/", 1)[0] + "/" + name if args.database_url
                   else f"sqlite:///{workdir}/{name}.db")
            env = service_env(argparse.Namespace(database_url=url,
                                                 ratelimit_storage=args.ratelimit_storage),
                              workdir)
            prepare_database(env)
            server = Server("wsgi:app", env, args.threads, f"{workdir}/{name}.log").__enter__()
            servers.append(server)
            project, token = directory_at(server.url)
            server.token = token
            found = fill(url, project, size, (10, 10_000) if size == args.large else ())
            groups = found or groups
            print(f"  {size:,} Users" + (" and Groups of 10 and 10,000 members" if found else ""))
        results = run(args, servers, groups)
    finally:
        for server in servers:
            server.__exit__(None, None, None)
        if admin is not None:
            with admin.connect() as conn:
                for name in names:
                    conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    backend = "PostgreSQL" if args.database_url else "SQLite"
    for label, ratio in results.items():
        print(f"{backend}: {label} = {ratio:.2f} (target <= 1.30) "
              f"{'ok' if ratio <= 1.3 else 'MISS'}")


def run(args, servers, groups) -> dict:
    wanted = urllib.parse.quote('userName eq "user500@example.com"')
    path = f"/api/scim/v2/Users?filter={wanted}"
    large = servers[1]
    patch = f"{large.url}/api/scim/v2/Groups/{{}}?excludedAttributes=members"
    results = {"filter p50 100,000 vs 1,000 Users": [],
               "PATCH p50 Group of 10,000 vs 10": []}
    for _ in range(args.rounds):
        small_ms, large_ms = (p50_ms(s.url + path, args, [f"Authorization: Bearer {s.token}"])
                              for s in servers)
        results["filter p50 100,000 vs 1,000 Users"].append(large_ms / small_ms)
        ten, many = (p50_ms_script(patch.format(group), args, large.token) for group in groups)
        results["PATCH p50 Group of 10,000 vs 10"].append(many / ten)
        print(f"  filter: p50 {small_ms:.2f} ms vs {large_ms:.2f} ms; PATCH: p50 {ten:.2f} ms "
              f"(10 members) vs {many:.2f} ms (10,000)")
    return {label: statistics.median(values) for label, values in results.items()}


def p50_ms_script(url, args, token):
    """p50 of the PATCH script (bench/scim_patch.lua) against `url`: the member is user1,
    in neither Group (fill starts their members at user2)."""
    import re
    import subprocess
    command = ["wrk", "-t1", f"-c{args.patch_connections}", f"-d{args.duration}s", "--latency",
               "-s", f"{HERE}/scim_patch.lua", url, "--", "u1", token]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out:
        raise RuntimeError(f"non-2xx answers from {url}:\n{out}")
    value, unit = re.search(r"50%\s+([\d.]+)(us|ms|s)", out).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


if __name__ == "__main__":
    main()
