"""Load benchmarks: the service under waitress on loopback, driven by wrk; every figure a ratio to
a baseline in the same run (bench/README.md). Usage: python bench/run.py [--duration 10]
[--rounds 3] [--database-url URL] [--only NAME ...]"""
import argparse
import hashlib
import hmac
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.join(ROOT, "bench")
WEBHOOK_SECRET = "whsec_bench"
PASSWORD = "Tr0ub4dor&3-horse-staple"
UNLIMITED = "100000000 per minute"  # limiter on, doing its work, but never the bottleneck


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A waitress process serving `target` (module:app) as production does: `python serve.py`,
    with its limits (serve.py), on a loopback port."""

    def __init__(self, target, env, threads, log_path, root=ROOT):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        env = {**env, "LISTEN": f"127.0.0.1:{self.port}", "THREADS": str(threads)}
        with open(log_path, "w") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "serve.py", target],
                cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)

    def __enter__(self):
        deadline = time.time() + 120  # as tests/conftest.py waits: a loaded machine starts slowly
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    with open(self.log_path) as log:
                        raise RuntimeError(log.read())
                time.sleep(0.05)  # waiting for the process to listen
        raise RuntimeError("server did not start")

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(timeout=10)

    def rss_mib(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            kib = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
        return kib / 1024


def wrk(url, args, script=None, script_args=()):
    """Requests per second that wrk measured, and how many answers were not 2xx."""
    command = ["wrk", f"-t{args.wrk_threads}", f"-c{args.connections}", f"-d{args.duration}s"]
    for header in args.headers:
        command += ["-H", header]
    if script:
        command += ["-s", script]
    command.append(url)
    if script_args:
        command += ["--", *script_args]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, int(errors.group(1)) if errors else 0


def service_env(args, workdir):
    env = dict(os.environ)
    env.update({
        "SECRET_KEY": "bench-secret",
        "DATABASE_URL": args.database_url or f"sqlite:///{workdir}/bench.db",
        "RATELIMIT_PUBLIC": UNLIMITED,
        "RATELIMIT_AUTHENTICATED": UNLIMITED,
        "RATELIMIT_STORAGE_URI": args.ratelimit_storage,
        "PAYMENT_WEBHOOK_SECRET": WEBHOOK_SECRET,
    })
    return env


def prepare_database(env, root=ROOT):
    subprocess.run([sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"], cwd=root,
                   env=env, check=True, capture_output=True)


def signed_events(path, count):
    """Write `count` distinct signed payment events, one request per line, for replay.lua."""
    now = int(time.time())
    with open(path, "w") as f:
        for i in range(count):
            body = json.dumps({
                "id": f"evt_bench_{uuid.uuid4().hex}", "object": "event", "type":
                "payment_intent.succeeded", "api_version": "2024-06-20", "created": now,
                "data": {"object": {"id": f"pi_bench_{i}_{uuid.uuid4().hex[:8]}",
                                    "object": "payment_intent", "amount": 1000 + i,
                                    "currency": "eur", "status": "succeeded"}}},
                separators=(",", ":"))
            mac = hmac.new(WEBHOOK_SECRET.encode(), f"{now}.{body}".encode(), hashlib.sha256)
            f.write(f"t={now},v1={mac.hexdigest()}\t{body}\n")


def measure(args, baseline, scenario, reference=None):
    """Alternate baseline(s) and scenario; median per-round ratios to the baseline (and to the
    reference, when there is one) with the rates of each round (baseline, reference, scenario)."""
    ratios, reference_ratios, rates = [], [], []
    for _ in range(args.rounds):
        base_rps, _ = baseline()
        ref_rps = reference()[0] if reference else None
        rps, errors = scenario()
        if errors:
            raise RuntimeError(f"{errors} non-2xx answers during the scenario")
        ratios.append(rps / base_rps)
        if ref_rps:
            reference_ratios.append(rps / ref_rps)
        rates.append((base_rps, ref_rps, rps))
    reference_ratio = statistics.median(reference_ratios) if reference_ratios else None
    return statistics.median(ratios), reference_ratio, rates


# Baseline and scenario alternate round by round, because absolute numbers on a shared machine
# are noise. The session's figure is its ratio to a standalone bare Flask app (bench/bare.py, a
# separate process with no extension, under the same waitress settings), printed first; every
# HTTP scenario also shows its ratio to a constant-JSON endpoint in the same app and server (rate
# limiter on, bench/app.py).
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4, help="waitress threads")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--database-url", help="default: a fresh SQLite file")
    parser.add_argument("--ratelimit-storage", default="memory://")
    parser.add_argument("--only", nargs="*",
                        default=["session", "key", "webhook", "sign-in", "growth"])
    parser.add_argument("--small", type=int, default=1_000, help="growth: sessions, baseline")
    parser.add_argument("--large", type=int, default=1_000_000, help="growth: sessions")
    args = parser.parse_args()
    args.headers = []
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed (Debian: apt-get install wrk)")

    workdir = tempfile.mkdtemp(prefix="bench-")
    env = service_env(args, workdir)
    prepare_database(env)
    rows = []
    with Server("bench.bare:app", env, args.threads, f"{workdir}/bare.log") as bare, \
            Server("bench.app:app", env, args.threads, f"{workdir}/service.log") as service:

        def baseline():
            args.headers = []
            return wrk(f"{service.url}/api/bench/bare", args)

        def standalone():
            args.headers = []
            return wrk(f"{bare.url}/bare", args)

        email = f"bench-{uuid.uuid4().hex[:8]}@example.com"
        signed_up = requests.post(f"{service.url}/api/auth/sign-up",
                                  json={"email": email, "password": PASSWORD}, timeout=30)
        if signed_up.status_code != 201:
            sys.exit(f"sign-up failed: {signed_up.status_code} {signed_up.text}")
        token = signed_up.json()["session"]["token"]

        if "session" in args.only:

            def session():
                args.headers = [f"Authorization: Bearer {token}"]
                return wrk(f"{service.url}/api/auth/session", args)

            # The figure of issue 11: against the standalone app (the in-app ratio is shown too).
            rows.append(("GET /api/auth/session", ">=0.45 bare",
                         *measure(args, baseline, session, standalone)))

        if "key" in args.only:  # extensions.md E2.2: an API key costs what a session costs
            made = requests.post(f"{service.url}/api/auth/api-keys", timeout=30,
                                 headers={"Authorization": f"Bearer {token}"},
                                 json={"name": "bench", "password": PASSWORD})
            key = made.json()["key"]

            def with_token():
                args.headers = [f"Authorization: Bearer {token}"]
                return wrk(f"{service.url}/api/auth/session", args)

            def with_key():
                args.headers = [f"Authorization: Bearer {key}"]
                return wrk(f"{service.url}/api/auth/session", args)

            rows.append(("session with a key / with a token", ">=0.90",
                         *measure(args, with_token, with_key)))

        if "webhook" in args.only:
            rounds = iter(range(args.rounds))

            def webhook():
                # A new file of distinct events per round: a replayed event would be a duplicate.
                events = os.path.join(workdir, f"events-{next(rounds)}.tsv")
                signed_events(events, args.duration * 4000)
                args.headers = []
                return wrk(service.url, args, os.path.join(HERE, "replay.lua"),
                           (events, str(args.wrk_threads)))

            rows.append(("POST /api/webhooks/payment", ">=0.40",
                         *measure(args, baseline, webhook, standalone)))

        if "sign-in" in args.only:
            body = json.dumps({"email": email, "password": PASSWORD})

            def argon2_alone():
                out = subprocess.run(
                    [sys.executable, os.path.join(HERE, "argon2_rate.py"), str(args.threads),
                     str(args.duration)], capture_output=True, text=True, check=True).stdout
                return float(out), 0

            def sign_in():
                args.headers = []
                return wrk(f"{service.url}/api/auth/sign-in", args,
                           os.path.join(HERE, "post.lua"), (body,))

            rows.append(("POST /api/auth/sign-in vs argon2", ">=0.85",
                         *measure(args, argon2_alone, sign_in)))
        peak_rss = service.rss_mib()

    if "growth" in args.only:
        sys.path.insert(0, ROOT)
        from bench import growth  # its own two servers, one per table size

        ratio, totals = growth.measure(args)
        rows.append((f"session latency {totals[1]:,} vs {totals[0]:,}", "<=1.30", ratio, None,
                     []))

    print(f"\nwaitress threads={args.threads}, wrk -t{args.wrk_threads} -c{args.connections} "
          f"-d{args.duration}s, {args.rounds} rounds, database "
          f"{'PostgreSQL' if args.database_url else 'SQLite'}, limiter {args.ratelimit_storage}")
    # The figure that counts for the session (issue 11) is the ratio to the standalone bare
    # Flask app: first. A target marked "bare" applies to it, any other to the in-app ratio.
    print(f"{'scenario':34} {'vs bare Flask app':>18} {'in-app ratio':>12} {'target':>11}  "
          "per round (in-app baseline / bare app / scenario per second)")
    for name, target, ratio, reference, rates in rows:
        rounds = ", ".join("/".join(f"{r:.0f}" for r in rate if r) for rate in rates)
        bound, _, which = target[2:].partition(" ")
        counted = reference if which == "bare" else ratio
        met = counted >= float(bound) if target.startswith(">") else counted <= float(bound)
        versus = f"{reference:.2f}" if reference else "-"
        print(f"{name:34} {versus:>18} {ratio:12.2f} {target:>11}  {rounds}  "
              f"{'ok' if met else 'MISS'}")
    print(f"peak RSS of the service process: {peak_rss:.0f} MiB")
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
