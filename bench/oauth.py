"""The identity provider's cost (extensions.md E5; bench/README.md, "The identity provider"),
on PostgreSQL and Redis with two waitress processes sharing them, wrk driving both at once (one
wrk a process, the connections shared out):
- `api`: `GET /api/projects` with an OAuth access token (a JWT checked against the revocation
  list, its grant and client) against the same with a session token of the same user, the two
  alternated round by round (the order turning): the ratio of their rates (target >= 0.9).
- `flow`: the code flow end to end (the authorization request, the consent's decision, the
  code's exchange with PKCE: three requests, bench/oauth.lua) and a refresh grant (rotation
  every time), each per second against a password sign-in (the service's argon2id parameters)
  on the same servers, alternated round by round: the ratios of their rates.
Usage: python bench/oauth.py --database-url postgresql://postgres@127.0.0.1:5432/postgres
       [--rounds 5] [--duration 5] [--connections 16] [--only api flow]"""
import argparse
import base64
import hashlib
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import threading
import uuid
from urllib.parse import parse_qs, urlsplit

import requests
from sqlalchemy import text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench import cluster  # noqa: E402
from bench.run import HERE, PASSWORD, UNLIMITED, prepare_database, wrk  # noqa: E402

ISSUER = "http://localhost"  # APP_BASE_URL and API_BASE_URL of the servers
REDIRECT = "http://127.0.0.1/callback"  # loopback: http allowed (E5.2)
SCRIPT = os.path.join(HERE, "oauth.lua")
POST = os.path.join(HERE, "post.lua")


def pkce() -> tuple[str, str]:
    """(verifier, its S256 challenge), RFC 7636 4.1-4.2."""
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


class Bench:
    """The two servers and what the scenarios use: a user, an app, tokens."""

    def __init__(self, servers, database_url):
        self.servers, self.base = servers, servers[0].url
        self.database_url = database_url

    def sign_up(self) -> tuple[str, str]:
        """(session token, address) of a new account whose address is verified."""
        email = f"bench-{uuid.uuid4().hex[:10]}@example.com"
        answer = requests.post(f"{self.base}/api/auth/sign-up", timeout=60,
                               json={"email": email, "password": PASSWORD}).json()
        engine = cluster.engine(self.database_url)
        with engine.begin() as conn:
            conn.execute(text("UPDATE users SET email_verified = true WHERE email = :e"),
                         {"e": email})
        engine.dispose()
        return answer["session"]["token"], email

    def app(self, token) -> tuple[str, str]:
        """(client id, client secret) of a new confidential app of the user of `token`."""
        made = requests.post(f"{self.base}/api/auth/oauth-apps", timeout=30,
                             headers={"Authorization": f"Bearer {token}"},
                             json={"name": "Bench", "redirectUris": [REDIRECT],
                                   "type": "confidential"})
        made.raise_for_status()
        return made.json()["app"]["clientId"], made.json()["clientSecret"]

    def code_flow(self, token, client, scope="read offline_access") -> dict:
        """The token answer of one code flow consented with `token`'s session."""
        verifier, challenge = pkce()
        authorize = requests.get(f"{self.base}/api/oauth2/authorize", timeout=30,
                                 allow_redirects=False, params={
                                     "response_type": "code", "client_id": client[0],
                                     "redirect_uri": REDIRECT, "scope": scope, "state": "s",
                                     "code_challenge": challenge,
                                     "code_challenge_method": "S256"})
        request_id = parse_qs(urlsplit(authorize.headers["Location"]).query)["request"][0]
        decided = requests.post(f"{self.base}/api/auth/authorizations/{request_id}",
                                timeout=30, headers={"Authorization": f"Bearer {token}"},
                                json={"decision": "allow"})
        code = parse_qs(urlsplit(decided.json()["redirectTo"]).query)["code"][0]
        answer = requests.post(f"{self.base}/api/oauth2/token", auth=client, timeout=30, data={
            "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
            "code_verifier": verifier})
        answer.raise_for_status()
        return answer.json()

    def rate(self, args, path, headers=(), script=None, script_args=lambda index: ()) -> float:
        """Requests per second through both processes at once, one wrk each (the connections
        shared out; `script_args(index)` the script's arguments for the wrk of process
        `index`)."""
        share = argparse.Namespace(**{**vars(args), "headers": list(headers),
                                      "connections": args.connections // len(self.servers)})
        found = [None] * len(self.servers)

        def run(index):
            found[index] = wrk(f"{self.servers[index].url}{path}", share, script,
                               script_args(index))

        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(self.servers))]
        cpu = self.cpu_seconds()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        cpu = self.cpu_seconds() - cpu
        if None in found or any(errors for _, errors in found):
            with open(self.servers[0].log_path) as log:
                tail = log.read()[-3000:]
            raise RuntimeError(f"{path}: wrk failed or saw non-2xx answers: {found}\n{tail}")
        rate = sum(rps for rps, _ in found)
        return rate, cpu / (rate * args.duration)

    def cpu_seconds(self) -> float:
        """User and system CPU of the serving processes so far: on a shared machine it moves
        far less than the rate does."""
        total = 0
        for server in self.servers:
            with open(f"/proc/{server.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")


def alternate(args, variants: dict) -> dict:
    """{name: [(rate, CPU seconds a request) of each round]}: every round runs every variant,
    in an order that turns."""
    names, found = list(variants), {name: [] for name in variants}
    for round_ in range(args.rounds):
        order = names[round_ % len(names):] + names[:round_ % len(names)]
        for name in order:
            found[name].append(variants[name](round_))
        print(f"round {round_ + 1}: " + ", ".join(
            f"{name} {found[name][-1][0]:.1f}/s ({found[name][-1][1] * 1000:.2f} ms CPU)"
            for name in names), flush=True)
    return found


def report(found, scenario, baseline, per=1):
    """The median of the per-round ratios of `scenario`'s rate (divided by `per`, its requests
    a flow) to `baseline`'s, every round's, and the same of the CPU a request."""
    pairs = list(zip(found[scenario], found[baseline], strict=True))
    ratios = [s / per / b for (s, _), (b, _) in pairs]
    cpu = [b / (s * per) for (_, s), (_, b) in pairs]
    print(f"{scenario} / {baseline}, rate: median {statistics.median(ratios):.3f}; rounds "
          + " ".join(f"{r:.3f}" for r in ratios) + f" ({scenario} "
          + " ".join(f"{s / per:.1f}" for s, _ in found[scenario]) + f"/s; {baseline} "
          + " ".join(f"{b:.1f}" for b, _ in found[baseline]) + "/s)")
    print(f"{scenario} / {baseline}, by CPU (the baseline's CPU a request over the scenario's): "
          f"median {statistics.median(cpu):.3f}; rounds " + " ".join(f"{c:.3f}" for c in cpu))


def api(args, bench):
    """GET /api/projects: an OAuth access token against a session token, same user."""
    session, _ = bench.sign_up()
    for name in ("Alpha", "Beta", "Gamma"):
        requests.post(f"{bench.base}/api/projects", json={"name": name}, timeout=30,
                      headers={"Authorization": f"Bearer {session}"}).raise_for_status()
    access = bench.code_flow(session, bench.app(session), scope="read")["access_token"]
    for token in (session, access):  # both reach the same list
        listed = requests.get(f"{bench.base}/api/projects", timeout=30,
                              headers={"Authorization": f"Bearer {token}"}).json()
        assert listed["meta"]["total"] == 3, listed
    print(f"GET /api/projects (3 projects), {len(bench.servers)} processes x {args.threads} "
          f"threads, wrk -t{args.wrk_threads} -c{args.connections} -d{args.duration}s, "
          f"{args.rounds} rounds", flush=True)
    rates = alternate(args, {
        "session": lambda _: bench.rate(args, "/api/projects",
                                        [f"Authorization: Bearer {session}"]),
        "oauth": lambda _: bench.rate(args, "/api/projects",
                                      [f"Authorization: Bearer {access}"])})
    report(rates, "oauth", "session")


def flow(args, bench, workdir):
    """The code flow and a refresh, per second, against a password sign-in."""
    owner, _ = bench.sign_up()
    client = bench.app(owner)
    basic = "Basic " + base64.b64encode(f"{client[0]}:{client[1]}".encode()).decode()
    sessions = os.path.join(workdir, "sessions.txt")
    with open(sessions, "w") as f:  # the users who consent, in turn
        f.write("\n".join(bench.sign_up()[0] for _ in range(16)) + "\n")
    verifier, challenge = pkce()  # one pair for every flow: each code is bound to it
    _, email = bench.sign_up()
    body = f'{{"email": "{email}", "password": "{PASSWORD}"}}'
    per_process = args.connections // len(bench.servers)

    def refresh_tokens(round_, index):
        """A file of live refresh tokens for wrk `index` this round: one a connection, and a
        few more, because wrk asks the script for one request before it connects (the
        request it checks), which takes a token that is never sent."""
        path = os.path.join(workdir, f"refresh-{round_}-{index}.txt")
        with open(path, "w") as f:
            f.write("\n".join(bench.code_flow(owner, client)["refresh_token"]
                              for _ in range(per_process + 4)) + "\n")
        return path

    print(f"code flow (3 requests), refresh grant, password sign-in; {len(bench.servers)} "
          f"processes x {args.threads} threads, wrk -t{args.wrk_threads} -c{args.connections} "
          f"-d{args.duration}s, {args.rounds} rounds", flush=True)

    def refresh(round_):
        files = [refresh_tokens(round_, index) for index in range(len(bench.servers))]
        return bench.rate(args, "/api/oauth2/token", script=SCRIPT,
                          script_args=lambda index: ["refresh", basic, files[index]])

    rates = alternate(args, {
        "sign-in": lambda _: bench.rate(args, "/api/auth/sign-in", script=POST,
                                        script_args=lambda _: [body]),
        "code flow": lambda _: bench.rate(
            args, "/api/oauth2/authorize", script=SCRIPT, script_args=lambda _: [
                "flow", basic, client[0], REDIRECT, challenge, verifier, sessions]),
        "refresh": refresh})
    report(rates, "code flow", "sign-in", per=3)
    report(rates, "refresh", "sign-in")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True,
                        help="a PostgreSQL server (a fresh database is made beside it)")
    parser.add_argument("--redis-url", default=cluster.redis_url())
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=["api", "flow"])
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="bench-oauth-")
    try:
        with cluster.fresh_database(args.database_url, "bench_oauth") as url:
            env = cluster.service_env(
                url, SECRET_KEY="bench-secret", APP_BASE_URL=ISSUER,
                RATELIMIT_PUBLIC=UNLIMITED, RATELIMIT_AUTHENTICATED=UNLIMITED,
                RATELIMIT_STORAGE_URI=args.redis_url,
                RATELIMIT_KEY_PREFIX=f"bench-oauth-{uuid.uuid4().hex[:8]}:",
                ACCOUNT_FAILURE_LIMIT=UNLIMITED, METRICS="false")
            prepare_database(env)
            with cluster.servers(args.processes, env, workdir, args.threads) as servers:
                bench = Bench(servers, url)
                if "api" in args.only:
                    api(args, bench)
                if "flow" in args.only:
                    flow(args, bench, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
