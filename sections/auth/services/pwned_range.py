"""The k-anonymity range API of a breach corpus (extensions E1.1; Have I Been Pwned's Pwned
Passwords API): `GET {PWNED_PASSWORDS_URL}/range/{first 5 hex digits of the SHA-1}`, answered
with `SUFFIX:COUNT` lines; only the 5-digit prefix leaves the service. Fails open."""
import logging
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as WaitedTooLong

import requests

log = logging.getLogger(__name__)
# Anything but a 200 of such lines (an error status, a redirect, which is never followed, a
# body over 1 MiB, a malformed line), a network error or a call past PWNED_PASSWORDS_TIMEOUT (2 s)
# is a failure: the check is skipped and a warning logged. The call runs on a small pool of
# threads so that the request waits at most the budget, however slowly the service answers; the
# call itself gives up soon after (socket timeouts, a deadline checked between reads), so a hung
# service holds no thread for long.
MAX_BODY = 1024 * 1024
READ_SIZE = 64 * 1024
LINE = re.compile(rb"([0-9A-Fa-f]{35}):([0-9]{1,12})")
WORKERS = 4
_pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="pwned-range")
_local = threading.local()


class RangeFailure(Exception):
    """The range service answered something other than E1.1's 200 of `SUFFIX:COUNT` lines."""


def listed(sha1_hex: str, config) -> bool:
    """Whether the corpus lists this SHA-1 (upper-case hex) at least PWNED_PASSWORDS_MIN_COUNT
    times; False, with a warning logged, when the service fails in any way."""
    budget = config["PWNED_PASSWORDS_TIMEOUT"]
    url = f"{config['PWNED_PASSWORDS_URL'].rstrip('/')}/range/{sha1_hex[:5]}"
    future = _pool.submit(suffix_count, url, sha1_hex[5:], budget, time.monotonic() + budget)
    try:
        count = future.result(timeout=budget)
    except WaitedTooLong:
        log.warning("breached-password range check skipped: no answer within %.1f s", budget)
        return False
    except (requests.RequestException, RangeFailure, OSError) as exc:
        log.warning("breached-password range check skipped: %s: %s", type(exc).__name__, exc)
        return False
    return count >= config["PWNED_PASSWORDS_MIN_COUNT"]


def suffix_count(url: str, suffix: str, timeout: float, deadline: float) -> int:
    """The count the range answer gives `suffix` (0 when it is not listed)."""
    return parse(fetch(url, timeout, deadline), suffix)


def fetch(url: str, timeout: float, deadline: float) -> bytes:
    # identity: the 1 MiB cap is on what is read, never on what a small body inflates to.
    headers = {"Add-Padding": "true", "Accept-Encoding": "identity"}
    with _session().get(url, headers=headers, timeout=(timeout, timeout), stream=True,
                        allow_redirects=False) as response:
        if response.status_code != 200:
            raise RangeFailure(f"status {response.status_code}")
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            raise RangeFailure(f"body of {declared} bytes")
        body = bytearray()
        while chunk := response.raw.read1(READ_SIZE):  # what has arrived, not a full buffer
            body += chunk
            if len(body) > MAX_BODY:
                raise RangeFailure("body over 1 MiB")
            if time.monotonic() > deadline:
                raise RangeFailure("answer still arriving at the deadline")
    return bytes(body)


def parse(body: bytes, suffix: str) -> int:
    """Every line must be `SUFFIX:COUNT` (a last empty line aside); padding lines count 0."""
    lines = body.split(b"\n")
    if lines and lines[-1] in (b"", b"\r"):
        lines.pop()
    found, wanted = 0, suffix.encode("ascii")
    for line in lines:
        match = LINE.fullmatch(line.rstrip(b"\r"))
        if match is None:
            raise RangeFailure("malformed line")
        if match.group(1).upper() == wanted:
            found = int(match.group(2))
    return found


def _session() -> requests.Session:
    """One HTTP session per pool thread: connections are kept alive between checks."""
    if not hasattr(_local, "session"):
        _local.session = requests.Session()  # honours HTTPS_PROXY / NO_PROXY
    return _local.session
