"""The production path (bench/README.md, first section): PostgreSQL and Redis, serve.py with
THREADS=8, each variant its own process(es), alternated round by round as bench/pieces.py does.
Usage: python bench/production.py --database-url URL [--only session observability webhook ...]"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.pieces import Variant, turned  # noqa: E402
from bench.run import (  # noqa: E402
    HERE,
    PASSWORD,
    Server,
    free_port,
    prepare_database,
    service_env,
    signed_events,
    wrk,
)

SESSION = "/api/auth/session"
QUIET = {"METRICS": "false", "ACCESS_LOG": "false"}
LOGGED = {"ACCESS_LOG": "true"}


class Served(Variant):
    """A Variant with settings of its own on top of the run's environment, served from this
    tree or from `root` (another checkout of the project: --before)."""

    def __init__(self, name, settings=None, root=None, **kwargs):
        super().__init__(name, **kwargs)
        self.settings, self.root = settings or {}, root

    def start(self, env, workdir):
        if self.root is None:
            return super().start({**env, **self.settings}, workdir)
        env = {**env, **self.settings, "LISTEN": "", "THREADS": str(self.threads)}
        for index in range(self.processes):
            server = Server.__new__(Server)
            server.port = free_port()
            server.url = f"http://127.0.0.1:{server.port}"
            server.log_path = os.path.join(workdir, f"before-{index}.log")
            env["LISTEN"] = f"127.0.0.1:{server.port}"
            with open(server.log_path, "w") as log:
                server.proc = subprocess.Popen([sys.executable, "serve.py", self.target],
                                               cwd=self.root, env=env, stdout=log,
                                               stderr=subprocess.STDOUT)
            self.servers.append(server)
            server.__enter__()
        return None


FILES = iter(range(10**6))


def cpu_seconds(variant) -> float:
    """User + system CPU of the variant's processes so far (/proc/<pid>/stat)."""
    total = 0
    for server in variant.servers:
        with open(f"/proc/{server.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def rate_and_cpu(variant, path, args, headers):
    """Requests per second and the server's CPU microseconds per request."""
    before = cpu_seconds(variant)
    rps = variant.rate(path, args, headers)
    return rps, (cpu_seconds(variant) - before) / (rps * args.duration) * 1e6


def webhook_rate(variant, args, workdir):
    events = os.path.join(workdir, f"events-{next(FILES)}.tsv")
    signed_events(events, args.duration * 3000)
    return wrk(variant.servers[0].url, argparse.Namespace(**{**vars(args), "headers": []}),
               os.path.join(HERE, "replay.lua"), (events, str(args.wrk_threads)))[0]


def mixed_rate(variant, args, token, email, project):
    """The mixed workload through every process of `variant` at once (one wrk each)."""
    share = argparse.Namespace(**{**vars(args), "headers": [],
                                  "connections": args.connections // variant.processes})
    import threading
    found = [0.0] * variant.processes

    def run(index):
        found[index] = wrk(variant.servers[index].url, share, os.path.join(HERE, "mixed.lua"),
                           (token, PASSWORD, email, project))[0]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(variant.processes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(found)


# - session: GET /api/auth/session / a standalone minimal Flask app doing one primary-key SELECT
#   per request on a per-thread psycopg connection (bench/bare_pg.py), target >= 0.60.
# - observability: the session served as shipped / the same with METRICS=false and
#   ACCESS_LOG=false (tracing is off in both: no OTEL_EXPORTER_OTLP_ENDPOINT); cost <= 5 %.
# - webhook: POST /api/webhooks/payment, distinct signed events / the in-app baseline
#   (bench/app.py), target >= 0.40; run it with and without --database-url for both databases.
# - processes: a mixed workload (bench/mixed.lua, its proportions there) through two serve.py
#   processes / through one, target >= 1.5 on a machine with spare cores.
# Other options: [--ratelimit-storage redis://127.0.0.1:6379/4] [--rounds 5] [--duration 5]
# [--before /path/to/another/checkout] [--only ... breakdown].
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--database-url", help="default: a fresh SQLite file")
    parser.add_argument("--ratelimit-storage", default="redis://127.0.0.1:6379/4")
    parser.add_argument("--before", help="another checkout: its session served beside")
    parser.add_argument("--only", nargs="*", default=["session", "observability", "webhook"],
                        choices=["session", "observability", "webhook", "processes",
                                 "breakdown"])
    args = parser.parse_args()
    args.headers = []
    workdir = tempfile.mkdtemp(prefix="production-")
    env = service_env(args, workdir)
    prepare_database(env)
    t = args.threads
    service = Served("service", threads=t)
    quiet = Served("service, metrics and access log off", QUIET, threads=t)
    logged = Served("service, access log on", LOGGED, threads=t)
    # Where the session's time goes: the same with the limits counted in process memory.
    memory = Served("service, limits in memory", {"RATELIMIT_STORAGE_URI": "memory://"},
                    threads=t)
    inapp = Served("in-app baseline", threads=t, target="bench.app:app")
    # The webhook with its ledger written through the ORM's session (perf piece ledger_sql off).
    ledger_off = Served("service, PERF_OFF=ledger_sql", off=("ledger_sql",), threads=t)
    one = Served("mixed, one process", threads=t)
    two = Served("mixed, two processes", threads=t, processes=2)
    older = Served("before", root=args.before, threads=t) if args.before else None
    variants = [service, *([older] if older else [])]
    if "observability" in args.only:
        variants += [quiet, logged]
    if "breakdown" in args.only:
        variants.append(memory)
    if "webhook" in args.only:
        variants += [inapp, ledger_off]
    if "processes" in args.only:
        variants += [one, two]
    bare = None
    ratios = {}
    try:
        for variant in variants:
            variant.start(env, workdir)
        email = f"production-{os.getpid()}@example.com"
        signed_up = requests.post(f"{service.servers[0].url}/api/auth/sign-up", timeout=30,
                                  json={"email": email, "password": PASSWORD}).json()
        token = signed_up["session"]["token"]
        auth = [f"Authorization: Bearer {token}"]
        project = requests.post(f"{service.servers[0].url}/api/projects", timeout=30,
                                json={"name": "bench"}, headers={
                                    "Authorization": f"Bearer {token}"}).json()["data"]["id"]
        if "session" in args.only and args.database_url:
            bare = Served("bare psycopg app", {"BARE_PG_ID": signed_up["session"]["id"]},
                          threads=t, target="bench.bare_pg:app")
            bare.start(env, workdir)
        warm = argparse.Namespace(**{**vars(args), "duration": 1})
        for variant in [v for v in variants if v.target == "wsgi:app"]:
            variant.rate(SESSION, warm, auth)
        cpus = {}
        for index in range(args.rounds):
            got, cpu = {}, {}
            if bare:
                before, bare_cpu = rate_and_cpu(bare, "/bare", args, ())
                cpus.setdefault("bare psycopg app", []).append(bare_cpu)
            members = [v for v in (service, quiet, logged, older, memory) if v in variants
                       and {"session", "observability", "breakdown"} & set(args.only)]
            for variant in turned(members, index) if members else ():
                got[variant.name], cpu[variant.name] = rate_and_cpu(variant, SESSION, args, auth)
                cpus.setdefault(variant.name, []).append(cpu[variant.name])
            if bare:
                base = (before + bare.rate("/bare", args)) / 2
                got["bare psycopg app"] = base
                ratios.setdefault("session / bare psycopg app", []).append(
                    got["service"] / base)
                if memory in variants:
                    ratios.setdefault("limits in memory: session / bare", []).append(
                        got[memory.name] / base)
                if older:
                    ratios.setdefault("before: session / bare psycopg app", []).append(
                        got["before"] / base)
            if quiet in variants:
                ratios.setdefault("observability cost (1 - on/off)", []).append(
                    1 - got["service"] / got[quiet.name])
                ratios.setdefault("observability CPU cost (on/off - 1)", []).append(
                    cpu["service"] / cpu[quiet.name] - 1)
                ratios.setdefault("the same, access log on", []).append(
                    1 - got[logged.name] / got[quiet.name])
                ratios.setdefault("CPU cost, access log on", []).append(
                    cpu[logged.name] / cpu[quiet.name] - 1)
            if inapp in variants:
                base = inapp.rate("/api/bench/bare", args)
                hooks, orm = [webhook_rate(v, args, workdir) for v in (service, ledger_off)] \
                    if index % 2 == 0 else reversed([webhook_rate(v, args, workdir)
                                                     for v in (ledger_off, service)])
                got.update({"in-app baseline": base, "webhook": hooks, "webhook, ORM": orm})
                ratios.setdefault("webhook / in-app baseline", []).append(hooks / base)
                ratios.setdefault("PERF_OFF=ledger_sql: webhook / in-app", []).append(orm / base)
            if one in variants:
                single = mixed_rate(one, args, token, email, project)
                double = mixed_rate(two, args, token, email, project)
                got.update({"mixed x1": single, "mixed x2": double})
                ratios.setdefault("mixed, two processes / one", []).append(double / single)
            print(f"round {index + 1}: " + ", ".join(f"{k} {v:.0f}/s" for k, v in got.items()),
                  flush=True)
    finally:
        for variant in [*variants, *([bare] if bare else [])]:
            variant.stop()
    print(f"\nserve.py THREADS={t}, wrk -t{args.wrk_threads} -c{args.connections} "
          f"-d{args.duration}s, {args.rounds} rounds, database "
          f"{'PostgreSQL' if args.database_url else 'SQLite'}, limiter {args.ratelimit_storage}")
    for name, found in cpus.items():
        print(f"  server CPU per request, {name:40} {statistics.median(found):.0f} µs")
    for name, found in ratios.items():
        print(f"  {name:40} {statistics.median(found):.3f}  "
              f"[{' '.join(f'{r:.3f}' for r in found)}]")
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
