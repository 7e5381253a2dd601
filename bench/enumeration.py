"""User enumeration by timing: does an answer's latency tell whether an account exists?

- sign-in: an unknown e-mail vs a wrong password (real argon2 parameters);
- forgot-password: a verified account vs an unknown address, and an unverified account vs an
  unknown address, with the e-mail really sent over SMTP to a sink in this process (the mail
  goes out inside the request until the transactional outbox lands; then only rows are written).

A real server, requests interleaved one by one; prints the medians and their ratios (SECURITY.md
asks for a difference under 10%) and how many distinct answer bodies each endpoint gave (1).
Usage: python bench/enumeration.py [--samples 200] [--database-url URL] [--only signin forgot]
"""
import argparse
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from email import message_from_bytes
from email.policy import default as default_policy

import requests
from aiosmtpd.controller import Controller

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.run import PASSWORD, Server, free_port, prepare_database, service_env  # noqa: E402

WARM_UP = 20  # the first rounds warm up caches, connections and the dummy hash
REDIRECT = "http://localhost:3000/reset-password"


class Sink:
    """A real SMTP server on loopback; keeps the verification tokens it sees by address."""

    def __init__(self):
        self.tokens, self.count, self.lock = {}, 0, threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        body = message_from_bytes(envelope.content, policy=default_policy).get_body(("plain",))
        found = re.search(r"verify-email\?token=([\w-]+)", body.get_content())
        with self.lock:
            self.count += 1
            if found:
                self.tokens[envelope.rcpt_tos[0]] = found.group(1)
        return "250 OK"


def timed(http, url, body, status):
    start = time.perf_counter()
    response = http.post(url, json=body, timeout=30)
    elapsed = time.perf_counter() - start
    assert response.status_code == status, response.text
    return elapsed, response.content


def interleaved(http, url, bodies, status, samples):
    """Median latency (ms) of each body maker, run in rotating order; and the distinct answers."""
    times, answers = [[] for _ in bodies], set()
    for i in range(samples + WARM_UP):
        # Each round starts with the next kind, so no kind always follows the same one.
        for k in [(i + j) % len(bodies) for j in range(len(bodies))]:
            make = bodies[k]
            elapsed, content = timed(http, url, make(i), status)
            answers.add(content)
            if i >= WARM_UP:
                times[k].append(elapsed)
    return [statistics.median(t) * 1000 for t in times], len(answers)


def apart(a, b):
    return f"ratio {a / b:.3f} ({abs(a / b - 1) * 100:.1f}% apart; target < 10%)"


def sign_in(http, base, samples):
    email = f"enum-{uuid.uuid4().hex[:8]}@example.com"
    http.post(f"{base}/api/auth/sign-up", json={"email": email, "password": PASSWORD},
              timeout=30).raise_for_status()
    (u, w), distinct = interleaved(http, f"{base}/api/auth/sign-in", [
        lambda i: {"email": f"nobody-{i}@example.com", "password": PASSWORD},
        lambda i: {"email": email, "password": f"wrong-{i}-{PASSWORD}"}], 401, samples)
    print(f"sign-in median latency: unknown e-mail {u:.1f} ms, wrong password {w:.1f} ms, "
          f"{apart(u, w)}")
    print(f"sign-in distinct answer bodies: {distinct} (target 1)")


def logged_token(log_path, email):
    """The verification token of `email` from the service's log (mail without MAIL_SERVER)."""
    with open(log_path) as log:
        text = log.read()
    return re.findall(rf"to {re.escape(email)}: Verify.*?verify-email\?token=([\w-]+)", text,
                      re.S)[-1]


def forgot_password(http, base, sink, samples, log_path=None):
    tag = uuid.uuid4().hex[:8]
    verified, unverified = f"verified-{tag}@example.com", f"unverified-{tag}@example.com"
    for email in (verified, unverified):
        http.post(f"{base}/api/auth/sign-up", json={"email": email, "password": PASSWORD},
                  timeout=30).raise_for_status()
    token = logged_token(log_path, verified) if log_path else sink.tokens[verified]
    http.post(f"{base}/api/auth/verify-email", json={"token": token},
              timeout=30).raise_for_status()
    sent_before = sink.count
    (k, n, u), distinct = interleaved(http, f"{base}/api/auth/forgot-password", [
        lambda i: {"email": verified, "redirectUrl": REDIRECT},
        lambda i: {"email": unverified, "redirectUrl": REDIRECT},
        lambda i: {"email": f"nobody-{tag}-{i}@example.com", "redirectUrl": REDIRECT}],
        200, samples)
    print(f"forgot-password median latency: verified {k:.1f} ms, unverified {n:.1f} ms, "
          f"unknown {u:.1f} ms")
    print(f"  unknown / verified: {apart(u, k)}")
    print(f"  unknown / unverified: {apart(u, n)}")
    print(f"forgot-password distinct answer bodies: {distinct} (target 1); "
          f"messages delivered over SMTP: {sink.count - sent_before}"
          + (" (mail to the log)" if log_path else ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--database-url")
    parser.add_argument("--only", nargs="+", choices=["signin", "forgot"],
                        default=["signin", "forgot"])
    parser.add_argument("--mail", choices=["smtp", "log"], default="smtp",
                        help="log: no MAIL_SERVER, messages go to the service's log (close to "
                             "what the request does once mail is queued in an outbox)")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="enumeration-")
    env = service_env(argparse.Namespace(database_url=args.database_url,
                                         ratelimit_storage="memory://"), workdir)
    # The per-account failure cap would answer 429 after 10 tries: lift it for the measurement.
    env["ACCOUNT_FAILURE_LIMIT"] = "1000000 per minute"
    env["ALLOWED_REDIRECT_ORIGINS"] = "http://localhost:3000"
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    env.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=str(controller.port))
    if args.mail == "log":
        env.pop("MAIL_SERVER")
    prepare_database(env)
    try:
        with Server("wsgi:app", env, 4, f"{workdir}/service.log") as server, \
                requests.Session() as http:
            if "signin" in args.only:
                sign_in(http, server.url, args.samples)
            if "forgot" in args.only:
                forgot_password(http, server.url, sink, args.samples,
                                log_path=server.log_path if args.mail == "log" else None)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
