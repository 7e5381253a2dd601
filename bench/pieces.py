"""The speed-only pieces (perf/) measured side by side, each variant its own serve.py process
(bench/README.md, "Speed-only code"). Usage: python bench/pieces.py [--rounds 5] [--duration 5]
[--only session serving articles startup] [--pieces NAME ...]"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.content import VISIBLE, fill  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env, wrk  # noqa: E402
from perf import PIECES  # noqa: E402

SESSION, ARTICLES = "/api/auth/session", "/api/articles?status=PUBLISHED"
KEEP = 0.05  # the gain a piece must buy on its figure (bench/README.md, "Speed-only code")


class Variant:
    """One way of serving: `processes` serve.py processes of `target` with PERF_OFF=`off`."""

    def __init__(self, name, off=(), threads=4, processes=1, target="wsgi:app"):
        self.name, self.off, self.threads = name, tuple(off), threads
        self.processes, self.target, self.servers = processes, target, []

    def start(self, env, workdir):
        env = {**env, "PERF_OFF": ",".join(self.off)}
        for index in range(self.processes):
            log = os.path.join(workdir, f"{self.name.replace(' ', '_')}-{index}.log")
            self.servers.append(Server(self.target, env, self.threads, log))
            self.servers[-1].__enter__()  # stopped by `stop` even if it does not answer

    def stop(self):
        for server in self.servers:
            server.__exit__(None, None, None)

    def rate(self, path, args, headers=()):
        """Requests per second through all of this variant's processes at once: one wrk per
        process, the connections shared out among them."""
        share = argparse.Namespace(**{**vars(args), "headers": list(headers),
                                      "connections": args.connections // self.processes})
        found = [None] * self.processes

        def run(index):
            found[index] = wrk(f"{self.servers[index].url}{path}", share)

        runs = [threading.Thread(target=run, args=(i,)) for i in range(self.processes)]
        for thread in runs:
            thread.start()
        for thread in runs:
            thread.join()
        if None in found or any(errors for _, errors in found):
            raise RuntimeError(f"{self.name}: wrk failed or saw non-2xx answers: {found}")
        return sum(rps for rps, _ in found)


def groups(pieces=PIECES):
    """Per part, its groups of a round: (name, baseline, [(variant, path)]); the session's
    turns off each of `pieces`, and all of them when they are all the pieces."""
    bare, held_off, served = {}, {}, {}
    for key, label, threads, processes in ((4, "threads=4", 4, 1), (1, "threads=1", 1, 1),
                                           (2, "threads=2", 2, 1),
                                           ("2p", "2 processes x threads=2", 2, 2)):
        bare[key] = Variant(f"bare app, {label}", threads=threads, processes=processes,
                            target="bench.bare:app")
        held_off[key] = Variant(f"held_sqlite off, {label}", ["held_sqlite"], threads, processes)
        served[key] = Variant(f"all on, {label}", threads=threads, processes=processes)
    on = Variant("all on")
    offs = {piece: Variant(f"{piece} off", [piece]) for piece in {*pieces, "answer_cache"}}
    session = [on, *(offs[piece] for piece in pieces)]
    if set(pieces) == set(PIECES):
        session.append(Variant("all off", PIECES))
    cache_off = offs["answer_cache"]
    return {
        "session": [("session", bare[4], [(v, SESSION) for v in session])],
        "serving": [(f"serving {key}", bare[key], [(held_off[key], SESSION),
                                                   (served[key], SESSION)])
                    for key in (1, 2, "2p")],
        "articles": [("articles", None, [(on, SESSION), (on, ARTICLES), (cache_off, ARTICLES)])],
    }


def startup(args, builds=5):
    """Milliseconds per create_app (the median of the rounds' means of `builds` apps), all on
    and with lazy_openapi off, alternated round by round in this process."""
    from app import create_app
    workdir = tempfile.mkdtemp(prefix="pieces-startup-")
    settings = {"SECRET_KEY": "bench-secret", "DATABASE_URL": f"sqlite:///{workdir}/app.db"}
    times = {"all on": [], "lazy_openapi off": []}
    create_app(settings)  # imports done once, outside the measurement
    for round_index in range(args.rounds):
        for name in turned(list(times), round_index):
            off = "lazy_openapi" if name != "all on" else ""
            started = time.perf_counter()
            for _ in range(builds):
                create_app({**settings, "PERF_OFF": off})
            times[name].append((time.perf_counter() - started) / builds * 1000)
    print("\nmilliseconds per create_app, median [per round]")
    for name, found in times.items():
        print(f"  {name:20} {median(found):.0f}  {listed(found, '{:.0f}')}")
    shutil.rmtree(workdir, ignore_errors=True)


def turned(items, by):
    by %= len(items)
    return items[by:] + items[:by]


def measure(args, chosen, token):
    """{(group, variant name, path): [per-round ratio]} and the per-round rates."""
    ratios, rates = {}, {}
    auth = [f"Authorization: Bearer {token}"]
    for round_index in range(args.rounds):
        for group, baseline, members in chosen:
            got = {}
            before = baseline.rate("/bare", args) if baseline else None
            for variant, path in turned(members, round_index):
                got[(variant.name, path)] = variant.rate(
                    path, args, auth if path == SESSION else ())
            if baseline:
                base = (before + baseline.rate("/bare", args)) / 2
                got[(baseline.name, "/bare")] = base
            else:  # the article list's figure is to the session of the same server
                base = got[("all on", SESSION)]
            for key, rps in got.items():
                ratios.setdefault((group, *key), []).append(rps / base)
                rates.setdefault((group, *key), []).append(rps)
            if group == "session":
                bare4 = base
            if group.startswith("serving"):  # also against the figure's own baseline
                for key, rps in got.items():
                    ratios.setdefault(("vs bare4", *key), []).append(rps / bare4)
            print(f"round {round_index + 1} {group}: " + ", ".join(
                f"{name} {rps:.0f}/s" for (name, _), rps in got.items()), flush=True)
    return ratios, rates


def median(values):
    return statistics.median(values) if values else float("nan")


def listed(values, form="{:.3f}"):
    return "[" + " ".join(form.format(v) for v in values) + "]"


def report(args, chosen, ratios, rates):
    print(f"\nwaitress via serve.py, wrk -t{args.wrk_threads} -c{args.connections} "
          f"-d{args.duration}s, {args.rounds} rounds, database "
          f"{'PostgreSQL' if args.database_url else 'SQLite'}, limiter {args.ratelimit_storage}")
    names = {group: members for group, _, members in chosen}
    if "session" in names:
        print("\nGET /api/auth/session / bare app (threads=4), median [per round]")
        for variant, _ in names["session"]:
            key = ("session", variant.name, SESSION)
            print(f"  {variant.name:20} {median(ratios[key]):.3f}  {listed(ratios[key])}"
                  f"  {median(rates[key]):.0f}/s")
        bare = rates[("session", "bare app, threads=4", "/bare")]
        print(f"  {'bare app':20} {median(bare):.0f}/s")
        print("gain of each piece on it (all on - that piece off, per round), median [per round]")
        on = ratios[("session", "all on", SESSION)]
        for piece in (*PIECES, "all"):
            off = ratios.get(("session", f"{piece} off", SESSION))
            if off is None:
                continue
            gains = [a - b for a, b in zip(on, off, strict=True)]
            print(f"  {piece:20} {median(gains):+.3f}  {listed(gains, '{:+.3f}')}"
                  f"  {'>=' if median(gains) >= KEEP else '<'} {KEEP}")
    serving = [(g, m) for g, _, m in chosen if g.startswith("serving")]
    if serving:
        print("\nheld_sqlite vs plain serving settings: GET /api/auth/session / the bare app "
              "served the same way, median [per round] (median / the bare app at threads=4)")
        for group, members in serving:
            for variant, _ in members:
                same = ratios[(group, variant.name, SESSION)]
                four = ratios[("vs bare4", variant.name, SESSION)]
                print(f"  {variant.name:40} {median(same):.3f}  {listed(same)}"
                      f"  ({median(four):.3f}; {median(rates[(group, variant.name, SESSION)]):.0f}"
                      f"/s)")
    if "articles" in names:
        print("\npublic article list / GET /api/auth/session, same server (answer_cache's "
              "figure, target >= 0.60), median [per round]")
        on = ratios[("articles", "all on", ARTICLES)]
        off = ratios[("articles", "answer_cache off", ARTICLES)]
        for name, found in (("all on", on), ("answer_cache off", off)):
            print(f"  {name:20} {median(found):.3f}  {listed(found)}")
        gains = [a - b for a, b in zip(on, off, strict=True)]
        print(f"  {'gain':20} {median(gains):+.3f}  {listed(gains, '{:+.3f}')}")


# - GET /api/auth/session per second / the bare app (bench/bare.py), bench/run.py's first figure,
#   with every piece on, with each piece off in turn (PERF_OFF) and with all of them off; each
#   piece's gain is all-on minus that piece off, round by round.
# - held_sqlite against plain serving settings: held_sqlite off at THREADS=1, at THREADS=2 and
#   in two processes (THREADS=2 each, one wrk per process sharing the connections), each against
#   the bare app served the same way, beside all-on served the same ways.
# - The public article list (anonymous, first page) / GET /api/auth/session, bench/content.py's
#   figure, with the answer cache on and off (answer_cache's figure).
# - Milliseconds per create_app, in this process, with the OpenAPI document written lazily and
#   with lazy_openapi off (`--only startup`; its figure: what every test and `flask` command pays).
# Every group of a round is the bare app, the group's variants in an order that turns each round,
# then the bare app again; a variant's ratio in a round is to the mean of the two. Medians of
# the rounds are printed.
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--wrk-threads", type=int, default=1)
    parser.add_argument("--database-url", help="default: a fresh SQLite file")
    parser.add_argument("--ratelimit-storage", default="memory://")
    parser.add_argument("--only", nargs="*", default=["session", "serving", "articles"],
                        choices=["session", "serving", "articles", "startup"])
    parser.add_argument("--pieces", nargs="*", default=list(PIECES), choices=PIECES,
                        help="the pieces turned off one by one in the session figure")
    args = parser.parse_args()
    args.headers = []
    if "startup" in args.only:
        startup(args)
        if set(args.only) == {"startup"}:
            return
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed (Debian: apt-get install wrk)")
    workdir = tempfile.mkdtemp(prefix="pieces-")
    env = service_env(args, workdir)
    prepare_database(env)
    every = groups(tuple(args.pieces))
    chosen = [group for name in ("session", "serving", "articles") if name in args.only
              for group in every[name]]
    if "serving" in args.only and "session" not in args.only:
        chosen = every["session"] + chosen  # the serving figures are also shown / bare at 4
    variants = {id(v): v for _, base, members in chosen for v in [base, *(m for m, _ in members)]
                if v is not None}
    try:
        for variant in variants.values():
            variant.start(env, workdir)
        some = next(v for v in variants.values() if v.target == "wsgi:app").servers[0]
        signed_up = requests.post(f"{some.url}/api/auth/sign-up", timeout=30, json={
            "email": "pieces@example.com", "password": PASSWORD}).json()
        if "articles" in args.only:
            fill(env["DATABASE_URL"], signed_up["user"]["id"], VISIBLE)
        token = signed_up["session"]["token"]
        warm = argparse.Namespace(**{**vars(args), "duration": 1})
        for variant in variants.values():  # statements compiled, connections opened
            variant.rate("/bare" if variant.target != "wsgi:app" else SESSION, warm,
                         [f"Authorization: Bearer {token}"])
        ratios, rates = measure(args, chosen, token)
    finally:
        for variant in variants.values():
            variant.stop()
    report(args, chosen, ratios, rates)
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
