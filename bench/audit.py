"""The audit chain (extensions.md E4.5; bench/README.md, "The audit chain"): audited writes per
second with the chain against the same write before it, the NDJSON export of 1,000,000 entries
(rate, the server's memory) and `flask --app app audit verify` over them, in one run.

"Before" is the service as it was before the chain: a checkout of an older commit (--before, a
git worktree), served on its own database beside this tree's, the same requests alternated with
this tree's round by round. Two writes (--write):
- `rename` (the figure's): a project renamed. Before the chain a rename wrote no audit entry at
  all, so the ratio is the whole cost of the entry: its insert, its indexes, the lock, the head
  read and the hash.
- `user-rename`: an admin renames a user (`PATCH /api/admin/users/{id}`), a write audited
  before the chain too (`user.update`), so the ratio is the chain's own cost.
`--before this-tree-without-entries` serves a copy of this tree whose `audit.record` keeps
nothing: the same service without the entry and its chain.
Usage: python bench/audit.py --before /path/to/older/checkout [--database-url URL] [--rounds 5]
       [--write rename user-rename] [--projects 1] [--entries 1000000] [--only writes export]
       [--before-perf-off audit_driver] (with --before "$PWD": the piece off against on)"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench import cluster  # noqa: E402
from bench.run import HERE, PASSWORD, UNLIMITED, Server, free_port, wrk  # noqa: E402


class Served:
    """`processes` serve.py processes of a tree (`root`) on its own database."""

    def __init__(self, name, root, database_url, processes, threads, perf_off=""):
        self.name, self.root, self.url_of_database = name, root, database_url
        self.processes, self.threads, self.servers = processes, threads, []
        self.perf_off = perf_off

    def env(self):
        env = dict(os.environ)
        env.update({"SECRET_KEY": "bench-secret", "DATABASE_URL": self.url_of_database,
                    "RATELIMIT_PUBLIC": UNLIMITED, "RATELIMIT_AUTHENTICATED": UNLIMITED,
                    "RATELIMIT_STORAGE_URI": "memory://", "PASSWORD_HASH_MEMORY_COST": "1024",
                    "PASSWORD_HASH_TIME_COST": "1", "METRICS": "false"})
        if self.perf_off:
            env["PERF_OFF"] = self.perf_off
        return env

    def prepare(self):
        subprocess.run([sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"],
                       cwd=self.root, env=self.env(), check=True, capture_output=True)

    def start(self, workdir):
        for index in range(self.processes):
            server = Server.__new__(Server)
            server.port = free_port()
            server.url = f"http://127.0.0.1:{server.port}"
            server.log_path = os.path.join(workdir, f"{self.name}-{index}.log")
            env = {**self.env(), "LISTEN": f"127.0.0.1:{server.port}",
                   "THREADS": str(self.threads)}
            with open(server.log_path, "w") as log:
                server.proc = subprocess.Popen([sys.executable, "serve.py", "wsgi:app"],
                                               cwd=self.root, env=env, stdout=log,
                                               stderr=subprocess.STDOUT)
            self.servers.append(server)
            server.__enter__()

    def stop(self):
        for server in self.servers:
            server.__exit__(None, None, None)
        self.servers = []

    def sign_up(self):
        """(token, user id) of a new account."""
        email = f"bench-{uuid.uuid4().hex[:8]}@example.com"
        answer = requests.post(f"{self.servers[0].url}/api/auth/sign-up",
                               json={"email": email, "password": PASSWORD}, timeout=30).json()
        return answer["session"]["token"], answer["user"]["id"], email

    def owner_and_project(self, count=1):
        """A new account's token and the ids of `count` projects it owns."""
        token, _, _ = self.sign_up()
        projects = [requests.post(f"{self.servers[0].url}/api/projects", json={"name": "Bench"},
                                  headers={"Authorization": f"Bearer {token}"},
                                  timeout=30).json()["data"]["id"] for _ in range(count)]
        return token, projects

    def renamer(self, write, count):
        """(a token, the `count` paths its PATCHes rename in turn) for `write`."""
        if write == "rename":
            token, projects = self.owner_and_project(count)
            return token, [f"/api/projects/{project}" for project in projects]
        token, _, email = self.sign_up()
        subprocess.run([sys.executable, "-m", "flask", "--app", "app", "set-role", email,
                        "admin"], cwd=self.root, env=self.env(), check=True,
                       capture_output=True)
        return token, [f"/api/admin/users/{self.sign_up()[1]}" for _ in range(count)]

    def rename_rate(self, args, token, paths, round_):
        """Renames per second through all processes at once (one wrk each, the connections
        shared out), every request a new name."""
        share = argparse.Namespace(**{**vars(args), "headers": [
            f"Authorization: Bearer {token}"], "connections": args.connections // self.processes})
        found = [None] * self.processes

        def run(index):
            found[index] = wrk(f"{self.servers[index].url}{paths[0]}", share,
                               script=os.path.join(HERE, "rename.lua"),
                               script_args=[f"r{round_}p{index}x", *paths])

        threads = [threading.Thread(target=run, args=(i,)) for i in range(self.processes)]
        cpu = self.cpu_seconds()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        cpu = self.cpu_seconds() - cpu
        if None in found or any(errors for _, errors in found):
            with open(self.servers[0].log_path) as log:
                tail = log.read()[-3000:]
            raise RuntimeError(f"{self.name}: wrk failed or saw non-2xx answers: {found}\n{tail}")
        rate = sum(rps for rps, _ in found)
        return rate, cpu / (rate * args.duration)

    def cpu_seconds(self) -> float:
        """User and system CPU of the serving processes so far (less noisy than the rate on a
        shared machine)."""
        total = 0
        for server in self.servers:
            with open(f"/proc/{server.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")


def databases(args, workdir, names):
    """A database URL per name: SQLite files, or fresh PostgreSQL databases (dropped after)."""
    if not args.database_url:
        return {name: f"sqlite:///{workdir}/{name}.db" for name in names}, []
    contexts = [cluster.fresh_database(args.database_url, f"bench_audit_{name}")
                for name in names]
    return {name: c.__enter__() for name, c in zip(names, contexts, strict=True)}, contexts


NO_ENTRY = "this-tree-without-entries"
KEPT = "    chain.keep(db.session(), entry)\n"


def tree_without_entries(workdir) -> str:
    """A copy of this tree's tracked files whose `audit.record` keeps nothing: the same
    service, with no entry and so no chain (--before this-tree-without-entries)."""
    copy = os.path.join(workdir, "without-entries")
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        os.makedirs(os.path.dirname(os.path.join(copy, name)), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, name), os.path.join(copy, name))
    service = os.path.join(copy, "sections", "audit", "service.py")
    with open(service) as f:
        text = f.read()
    assert KEPT in text, "audit.record no longer keeps its entry this way: update the bench"
    with open(service, "w") as f:
        f.write(text.replace(KEPT, "    pass  # the bench's baseline: no entry\n"))
    return copy


def writes(args, workdir):
    urls, contexts = databases(args, workdir, ["before", "after"])
    baseline = tree_without_entries(workdir) if args.before == NO_ENTRY else args.before
    try:
        variants = [Served("before", baseline, urls["before"], args.processes, args.threads,
                           args.before_perf_off),
                    Served("after", ROOT, urls["after"], args.processes, args.threads)]
        owners = {}
        for variant in variants:
            variant.prepare()
            variant.start(workdir)
            owners[variant.name] = variant.renamer(args.write, args.projects)
        ratios, cpu_ratios, rates = [], [], {"before": [], "after": []}
        for round_ in range(args.rounds):
            got, cpu = {}, {}
            order = variants if round_ % 2 == 0 else variants[::-1]
            for variant in order:
                got[variant.name], cpu[variant.name] = variant.rename_rate(
                    args, *owners[variant.name], round_)
                rates[variant.name].append(got[variant.name])
            ratios.append(got["after"] / got["before"])
            cpu_ratios.append(cpu["before"] / cpu["after"])
            print(f"round {round_ + 1}: before {got['before']:.0f}/s "
                  f"({cpu['before'] * 1e6:.0f} us CPU each), with the chain {got['after']:.0f}/s "
                  f"({cpu['after'] * 1e6:.0f} us), ratio {ratios[-1]:.3f}, by CPU per request "
                  f"{cpu_ratios[-1]:.3f}", flush=True)
        for variant in variants:
            variant.stop()
        what = (f"audited rename (PATCH /api/projects/{{id}}) of {args.projects} project(s)"
                if args.write == "rename" else f"admin's audited rename (PATCH /api/admin/"
                f"users/{{id}}) of {args.projects} user(s)")
        before = ("this tree, no entry" if args.before == NO_ENTRY
                  else f"the tree at {args.before}") + (
            f", PERF_OFF={args.before_perf_off}" if args.before_perf_off else "")
        print(f"{what} in turn, {args.processes} process(es) x "
              f"{args.threads} threads, {args.connections} connections: with the chain "
              f"{statistics.median(rates['after']):.0f}/s, before the chain (--before, "
              f"{before}) {statistics.median(rates['before']):.0f}/s; ratio median "
              f"{statistics.median(ratios):.3f} (rounds: "
              f"{', '.join(f'{r:.3f}' for r in ratios)}); by server CPU per request "
              f"(before / with) median {statistics.median(cpu_ratios):.3f}; target >= 0.8")
        after = Served("after", ROOT, urls["after"], 1, 1)
        checked = verify(after)
        print(f"the chain after the run: {checked[0].strip()}")
    finally:
        for context in contexts:
            context.__exit__(None, None, None)


def fill(url, count, project):
    """`count` chained entries of `project`, written as the service writes them (the chain's
    own hash), in batches."""
    from sqlalchemy import insert

    from core.fields import utc_iso
    from sections.audit.chain import ZERO, entry_hash, hashed_fields
    from sections.audit.models import AuditEntry
    engine = cluster.engine(url)
    start, prev, batch = datetime(2026, 1, 1, tzinfo=UTC), ZERO, []
    with engine.begin() as conn:
        for seq in range(1, count + 1):
            moment = start + timedelta(milliseconds=seq)
            details = {"name": {"from": f"Name {seq - 1}", "to": f"Name {seq}"}}
            fields = hashed_fields(seq, "bench-actor", "project.update", "project", project,
                                   project, details, utc_iso(moment))
            digest = entry_hash(prev, fields)
            batch.append({"id": uuid.uuid4().hex, "seq": seq, "actor_id": "bench-actor",
                          "action": "project.update", "target_type": "project",
                          "target_id": project, "project_id": project, "details": details,
                          "created_at": moment, "prev_hash": prev, "hash": digest})
            prev = digest
            if len(batch) == 10_000:
                conn.execute(insert(AuditEntry.__table__), batch)
                batch = []
        if batch:
            conn.execute(insert(AuditEntry.__table__), batch)
    engine.dispose()


def rss_mib(pid, field) -> float:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(field)) / 1024


def verify(variant):
    """(output, seconds, peak RSS MiB) of `flask --app app audit verify` on its database."""
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "audit",
                                "verify"], cwd=variant.root, env=variant.env(),
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return output, time.monotonic() - started, usage.ru_maxrss / 1024


def export(args, workdir):
    urls, contexts = databases(args, workdir, ["export"])
    try:
        variant = Served("export", ROOT, urls["export"], 1, args.threads)
        variant.prepare()
        variant.start(workdir)
        token, (project,) = variant.owner_and_project()
        started = time.monotonic()
        fill(urls["export"], args.entries, project)
        print(f"filled {args.entries} chained entries in {time.monotonic() - started:.0f} s",
              flush=True)
        server = variant.servers[0]
        before = rss_mib(server.proc.pid, "VmRSS:")
        started = time.monotonic()
        lines = size = 0
        with requests.get(f"{server.url}/api/projects/{project}/audit-log/export",
                          headers={"Authorization": f"Bearer {token}"}, stream=True,
                          timeout=3600) as response:
            response.raise_for_status()
            for line in response.iter_lines(chunk_size=1 << 16):
                lines += 1
                size += len(line) + 1
                if lines == 1:
                    first = json.loads(line)
        seconds = time.monotonic() - started
        peak = rss_mib(server.proc.pid, "VmHWM:")
        variant.stop()
        assert lines == args.entries and first["seq"] == 1, (lines, first)
        print(f"export of {lines} entries ({size / 2**20:.0f} MiB of NDJSON): {seconds:.1f} s, "
              f"{lines / seconds:.0f} entries/s; the serving process: RSS {before:.0f} MiB "
              f"before, peak {peak:.0f} MiB (growth {peak - before:.0f} MiB; target < 50)")
        output, seconds, peak = verify(variant)
        print(f"audit verify over {args.entries} entries: {seconds:.1f} s "
              f"({args.entries / seconds:.0f} entries/s), peak RSS {peak:.0f} MiB: "
              f"{output.strip()}")
    finally:
        for context in contexts:
            context.__exit__(None, None, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a checkout of the service before the chain, or "
                                         f"{NO_ENTRY}: this tree with no entry written")
    parser.add_argument("--before-perf-off", default="",
                        help="PERF_OFF for the --before tree: with --before this tree's own "
                             "path, a speed-only piece measured side by side (audit_driver)")
    parser.add_argument("--database-url", default=None,
                        help="a PostgreSQL server (databases are made beside it); SQLite if not")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--processes", type=int, default=None,
                        help="serving processes per variant (default: 2 on PostgreSQL, 1 on "
                             "SQLite)")
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--write", choices=["rename", "user-rename"], default="rename",
                        help="the audited write: a project's rename (the figure's), or an "
                             "admin's rename of a user (audited before the chain too)")
    parser.add_argument("--projects", type=int, default=1,
                        help="projects (or users) renamed in turn (1: every write waits for "
                             "the one row, before the chain too)")
    parser.add_argument("--only", nargs="*", default=["writes", "export"])
    args = parser.parse_args()
    if args.processes is None:
        args.processes = 2 if args.database_url else 1
    if "writes" in args.only and not args.before:
        parser.error("--before: a checkout of the service before the chain (git worktree add "
                     "/tmp/before <commit>)")
    os.environ.setdefault("SECRET_KEY", "bench-secret")
    workdir = tempfile.mkdtemp(prefix="bench-audit-")
    try:
        if "writes" in args.only:
            writes(args, workdir)
        if "export" in args.only:
            export(args, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
