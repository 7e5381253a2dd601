"""The OIDC callback's time against a password sign-in on the same server (extensions.md E4.2):
a real OpenID provider on loopback (oidc-provider-mock), each callback a fresh sign-in whose
state, code and ID token are new; the callback makes one token request, discovery and the JWKS
come from the connection's cache. Requests alternate one by one; medians and their ratio.
With --before (a checkout of an older commit), that tree is served beside this one, each on its
own database, and the two callbacks alternate too: the ratio of their server times.
Usage: python bench/sso.py [--samples 200] [--database-url URL] [--before DIR]"""
import argparse
import contextlib
import logging
import os
import statistics
import sys
import tempfile
import time
import uuid
import warnings
from urllib.parse import parse_qs, urlsplit

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import cluster  # noqa: E402
from bench.run import PASSWORD, ROOT, Server, prepare_database, service_env  # noqa: E402

logging.getLogger("werkzeug").setLevel(logging.WARNING)  # the provider's request lines
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the provider imports Authlib's deprecated authlib.jose
    import oidc_provider_mock

DOMAIN = "bench-corp.test"


def setup(http, base, database_url, issuer):
    """An owner, a project holding DOMAIN VERIFIED, an OIDC connection; a password account."""
    owner = http.post(f"{base}/api/auth/sign-up", json={
        "email": f"owner@{DOMAIN}", "password": PASSWORD}, timeout=30).json()
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    project = http.post(f"{base}/api/projects", headers=headers, json={"name": "Bench"},
                        timeout=30).json()["data"]["id"]
    url = database_url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO project_domains (id, project_id, domain, status, value, verified_at, "
            "created_at) VALUES (:id, :p, :d, 'VERIFIED', 'saas-verification=x', "
            "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"),
            {"id": uuid.uuid4().hex, "p": project, "d": DOMAIN})
    engine.dispose()
    made = http.post(f"{base}/api/projects/{project}/sso-connections", headers=headers,
                     timeout=30, json={"type": "oidc", "name": "Bench IdP", "issuer": issuer,
                                       "clientId": "bench", "clientSecret": "bench-secret"})
    made.raise_for_status()
    http.post(f"{base}/api/auth/sign-up", json={"email": "pw@bench.test", "password": PASSWORD},
              timeout=30).raise_for_status()


def sso_callback(http, base, email, sub):
    """One sign-in up to the provider's redirect (untimed), then the callback (timed)."""
    authorize = http.get(f"{base}/api/auth/sso", params={"email": email},
                         allow_redirects=False, timeout=30).headers["Location"]
    back = http.post(authorize, data={"sub": sub}, allow_redirects=False,
                     timeout=30).headers["Location"]
    parts = urlsplit(back)
    start = time.perf_counter()
    response = http.get(f"{base}{parts.path}?{parts.query}", allow_redirects=False, timeout=30)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.text
    return elapsed


def provider_token(http, issuer):
    """The provider's own token endpoint, called directly (timed): the part of the callback's
    time spent at the provider (oidc-provider-mock signs each ID token with RS256)."""
    authorize = http.post(f"{issuer}/oauth2/authorize", params={
        "response_type": "code", "client_id": "bench", "redirect_uri": "http://bench.test/cb",
        "scope": "openid email", "state": "s", "nonce": uuid.uuid4().hex}, data={"sub": "ada"},
        allow_redirects=False, timeout=30)
    code = parse_qs(urlsplit(authorize.headers["Location"]).query)["code"][0]
    start = time.perf_counter()
    response = http.post(f"{issuer}/oauth2/token", auth=("bench", "bench-secret"), timeout=30,
                         data={"grant_type": "authorization_code", "code": code,
                               "redirect_uri": "http://bench.test/cb"})
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.text
    return elapsed


def password_sign_in(http, base):
    start = time.perf_counter()
    response = http.post(f"{base}/api/auth/sign-in", json={"email": "pw@bench.test",
                                                           "password": PASSWORD}, timeout=30)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.text
    return elapsed


def server_seconds(http, base) -> dict:
    """(sum of seconds, count) per endpoint of the server's own request histogram (/metrics):
    the time the server spent on each request, without the client's side of loopback."""
    found = {}
    for line in http.get(f"{base}/metrics", timeout=30).text.splitlines():
        for part in ("sum", "count"):
            if line.startswith(f"http_request_duration_seconds_{part}{{"):
                endpoint = line.split('endpoint="', 1)[1].split('"', 1)[0]
                found.setdefault(endpoint, {})[part] = float(line.rsplit(" ", 1)[1])
    return found


def mean_ms(before, after, endpoint) -> float:
    seconds = after[endpoint]["sum"] - before.get(endpoint, {}).get("sum", 0)
    count = after[endpoint]["count"] - before.get(endpoint, {}).get("count", 0)
    return seconds / count * 1000


def served(args, workdir, name, root, issuer, stack):
    """(a name, the server of `root` on a database of its own, set up for the bench)."""
    url = args.database_url
    if url:
        url = stack.enter_context(cluster.fresh_database(url, f"bench_sso_{name}"))
    env = service_env(argparse.Namespace(database_url=url, ratelimit_storage="memory://"),
                      f"{workdir}/{name}")
    os.makedirs(f"{workdir}/{name}")
    env.update(SSO_ALLOW_PRIVATE_NETWORKS="true", ACCOUNT_FAILURE_LIMIT="1000000 per minute")
    prepare_database(env, root)
    server = stack.enter_context(Server("wsgi:app", env, 4, f"{workdir}/{name}.log", root))
    with requests.Session() as http:
        setup(http, server.url, env["DATABASE_URL"], issuer)
    return name, server


def compare(args):
    """This tree's callback against the one of --before, served side by side."""
    workdir = tempfile.mkdtemp(prefix="sso-bench-")
    with oidc_provider_mock.run_server_in_thread() as provider, contextlib.ExitStack() as stack, \
            requests.Session() as http:
        issuer = f"http://localhost:{provider.server_port}"
        requests.put(f"{issuer}/users/ada", json={"email": f"ada@{DOMAIN}", "name": "Ada"},
                     timeout=10).raise_for_status()
        variants = [served(args, workdir, "before", args.before, issuer, stack),
                    served(args, workdir, "after", ROOT, issuer, stack)]
        start = {}
        for i in range(args.samples + 20):
            if i == 20:  # the warm-up is over
                start = {name: server_seconds(http, server.url) for name, server in variants}
            for _, server in (variants if i % 2 == 0 else variants[::-1]):
                sso_callback(http, server.url, f"ada@{DOMAIN}", "ada")
                password_sign_in(http, server.url)
        means = {}
        for name, server in variants:
            end = server_seconds(http, server.url)
            means[name] = (mean_ms(start[name], end, "/api/auth/sso/oidc/callback"),
                           mean_ms(start[name], end, "/api/auth/sign-in"))
            print(f"{name}: server time, mean: OIDC callback {means[name][0]:.2f} ms, password "
                  f"sign-in {means[name][1]:.2f} ms")
    (before, before_pw), (after, after_pw) = means["before"], means["after"]
    print(f"OIDC callback, this tree / --before: {after / before:.3f} (server time; "
          f"callback per password sign-in {after / after_pw:.3f} against {before / before_pw:.3f};"
          f" {args.samples} of each, alternating)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--database-url")
    parser.add_argument("--before", help="a checkout of an older commit, served beside this one")
    args = parser.parse_args()
    if args.before:
        return compare(args)
    workdir = tempfile.mkdtemp(prefix="sso-bench-")
    env = service_env(argparse.Namespace(database_url=args.database_url,
                                         ratelimit_storage="memory://"), workdir)
    env.update(SSO_ALLOW_PRIVATE_NETWORKS="true", ACCOUNT_FAILURE_LIMIT="1000000 per minute")
    prepare_database(env)
    with oidc_provider_mock.run_server_in_thread() as provider, \
            Server("wsgi:app", env, 4, f"{workdir}/service.log") as server, \
            requests.Session() as http:
        issuer = f"http://localhost:{provider.server_port}"
        requests.put(f"{issuer}/users/ada", json={"email": f"ada@{DOMAIN}", "name": "Ada"},
                     timeout=10).raise_for_status()
        setup(http, server.url, env["DATABASE_URL"], issuer)
        sso_times, password_times, provider_times = [], [], []
        for i in range(args.samples + 20):
            if i == 20:  # the warm-up is over
                before = server_seconds(http, server.url)
            a = sso_callback(http, server.url, f"ada@{DOMAIN}", "ada")
            b = password_sign_in(http, server.url)
            c = provider_token(http, issuer)
            if i >= 20:
                sso_times.append(a)
                password_times.append(b)
                provider_times.append(c)
        after = server_seconds(http, server.url)
    callback = mean_ms(before, after, "/api/auth/sso/oidc/callback")
    password = mean_ms(before, after, "/api/auth/sign-in")
    print(f"server time (the service's own histogram), mean: OIDC callback {callback:.2f} ms, "
          f"password sign-in {password:.2f} ms, ratio {callback / password:.3f}")
    t = statistics.median(provider_times) * 1000
    print(f"the provider's token endpoint alone: median {t:.2f} ms; the callback's server time "
          f"less it: {callback - t:.2f} ms, ratio to the password sign-in "
          f"{(callback - t) / password:.3f}")
    s, p = statistics.median(sso_times) * 1000, statistics.median(password_times) * 1000
    s90 = statistics.quantiles(sso_times, n=10)[-1] * 1000
    p90 = statistics.quantiles(password_times, n=10)[-1] * 1000
    print(f"OIDC callback: median {s:.2f} ms (p90 {s90:.2f}); password sign-in: median "
          f"{p:.2f} ms (p90 {p90:.2f}); ratio callback / password {s / p:.3f} "
          f"({args.samples} of each, alternating)")


if __name__ == "__main__":
    main()
