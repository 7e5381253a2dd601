"""A metadata-document client's authorization (extensions.md E5.2) against a pre-registered
app's, as server time (the service's own request histogram, /metrics): a first authorization
by a new metadata-document client id (its document read over https on loopback from this
process, the row written: fetch + cache) and a later one by the previous round's id (cached),
each `GET /api/oauth2/authorize` up to its 302, beside an app's authorization in the same round,
the three in an order that turns.
Usage: python bench/metadata_documents.py [--samples 100] [--database-url URL]"""
import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import uuid

import requests
from sqlalchemy import text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import cluster  # noqa: E402
from bench.oauth import pkce  # noqa: E402
from bench.run import PASSWORD, Server, prepare_database, service_env  # noqa: E402
from bench.sso import server_seconds  # noqa: E402
from tests.document_server import authority, serving  # noqa: E402

REDIRECT = "http://127.0.0.1/callback"
ENDPOINT = "/api/oauth2/authorize"


def app_client(http, base, database_url) -> str:
    """The client id of a public app of a new account with a verified address."""
    email = f"bench-{uuid.uuid4().hex[:10]}@example.com"
    token = http.post(f"{base}/api/auth/sign-up", json={"email": email, "password": PASSWORD},
                      timeout=60).json()["session"]["token"]
    engine = cluster.engine(database_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE users SET email_verified = true WHERE email = :e"),
                     {"e": email})
    engine.dispose()
    made = http.post(f"{base}/api/auth/oauth-apps", headers={"Authorization": f"Bearer {token}"},
                     json={"name": "Bench", "redirectUris": [REDIRECT], "type": "public"},
                     timeout=30)
    made.raise_for_status()
    return made.json()["app"]["clientId"]


def timed(http, base, client_id) -> float:
    """Server seconds of one authorization request by `client_id`, which must answer 302."""
    before = server_seconds(http, base).get(ENDPOINT, {"sum": 0, "count": 0})
    answer = http.get(f"{base}{ENDPOINT}", allow_redirects=False, timeout=30, params={
        "response_type": "code", "client_id": client_id, "redirect_uri": REDIRECT,
        "scope": "read", "state": "s", "code_challenge": pkce()[1],
        "code_challenge_method": "S256"})
    if answer.status_code != 302:
        raise RuntimeError(f"{client_id}: {answer.status_code} {answer.text[:500]}")
    after = server_seconds(http, base)[ENDPOINT]
    assert after["count"] == before["count"] + 1
    return after["sum"] - before["sum"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="cimd-bench-")
    url = args.database_url
    ca = authority("Bench CA")
    fresh_database = (cluster.fresh_database(url, "bench_cimd") if url
                      else contextlib.nullcontext())  # None: SQLite in the work folder
    with serving(ca) as documents, fresh_database as fresh:
        env = service_env(argparse.Namespace(database_url=fresh,
                                             ratelimit_storage="memory://"), workdir)
        env.update(SSO_ALLOW_PRIVATE_NETWORKS="true", REQUESTS_CA_BUNDLE=str(ca.ca_file))
        prepare_database(env)
        with Server("wsgi:app", env, 4, f"{workdir}/service.log") as server, \
                requests.Session() as http:
            app = app_client(http, server.url, env["DATABASE_URL"])
            found = {"first": [], "cached": [], "app": []}
            previous = None
            for i in range(args.samples + 10):
                client_id = documents.document(f"/agents/{i}.json", name=f"Agent {i}",
                                               redirect_uris=[REDIRECT],
                                               headers={"Cache-Control": "max-age=3600"})
                # Each round: the new client's first authorization, the previous round's
                # client again (cached), the app's; in an order that turns, so that none
                # always follows another.
                ids = {"first": client_id, "cached": previous or client_id, "app": app}
                names = ["first", "cached", "app"]
                order = names[i % 3:] + names[:i % 3]
                if previous is None:  # the first round: the new client before its cached use
                    order = names
                for name in order:
                    seconds = timed(http, server.url, ids[name])
                    if i >= 10:  # the warm-up is over
                        found[name].append(seconds)
                previous = client_id
            assert len(documents.seen) == args.samples + 10  # each document read once
    report(found["first"], found["cached"], found["app"], args.samples)


def report(first, cached, apps, samples):
    def ms(values):
        return statistics.median(values) * 1000

    def mean(values):
        return statistics.fmean(values) * 1000

    print(f"server time, median (mean) of {samples} each: first authorization of a new "
          f"metadata-document client {ms(first):.2f} ms ({mean(first):.2f}), a known one "
          f"cached {ms(cached):.2f} ms ({mean(cached):.2f}), a pre-registered app "
          f"{ms(apps):.2f} ms ({mean(apps):.2f})")
    print(f"ratios to the app's (medians): first {ms(first) / ms(apps):.2f}, cached "
          f"{ms(cached) / ms(apps):.2f}")


if __name__ == "__main__":
    main()
