"""User enumeration by timing: sign-in latency for an unknown e-mail vs a wrong password.

Real argon2 parameters, a real server, requests interleaved one by one; prints both medians
and their ratio (SECURITY.md asks for a difference under 10%).
Usage: python bench/enumeration.py [--samples 200] [--database-url URL]
"""
import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid

import requests

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.run import PASSWORD, Server, prepare_database, service_env  # noqa: E402


def timed(http, url, body):
    start = time.perf_counter()
    response = http.post(url, json=body, timeout=30)
    elapsed = time.perf_counter() - start
    assert response.status_code == 401, response.text
    return elapsed, response.content


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="enumeration-")
    env = service_env(argparse.Namespace(database_url=args.database_url,
                                         ratelimit_storage="memory://"), workdir)
    # The per-account failure cap would answer 429 after 10 tries: lift it for the measurement.
    env["ACCOUNT_FAILURE_LIMIT"] = "1000000 per minute"
    prepare_database(env)
    with Server("wsgi:app", env, 4, f"{workdir}/service.log") as server, \
            requests.Session() as http:
        url = f"{server.url}/api/auth/sign-in"
        email = f"enum-{uuid.uuid4().hex[:8]}@example.com"
        http.post(f"{server.url}/api/auth/sign-up", json={"email": email, "password": PASSWORD},
                  timeout=30).raise_for_status()
        unknown, wrong, bodies = [], [], set()
        for i in range(args.samples + 20):
            a = timed(http, url, {"email": f"nobody-{i}@example.com", "password": PASSWORD})
            b = timed(http, url, {"email": email, "password": f"wrong-{i}-{PASSWORD}"})
            bodies.update((a[1], b[1]))
            if i >= 20:  # the first ones warm up caches and the dummy hash
                unknown.append(a[0])
                wrong.append(b[0])
    u, w = statistics.median(unknown) * 1000, statistics.median(wrong) * 1000
    print(f"median sign-in latency: unknown e-mail {u:.1f} ms, wrong password {w:.1f} ms, "
          f"ratio {u / w:.3f} ({abs(u / w - 1) * 100:.1f}% apart; target < 10%)")
    print(f"distinct answer bodies: {len(bodies)} (target 1)")


if __name__ == "__main__":
    main()
