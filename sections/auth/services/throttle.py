"""Per-account cap on failed credential checks, shared by every address (contract section 6):
each check is counted before it runs, atomically in the rate limiter's storage, so at most
ACCOUNT_FAILURE_LIMIT of them are ever checked; a check that succeeds gives its count back."""
import logging
import math
import time

from flask import current_app
from limits import parse
from limits.strategies import FixedWindowRateLimiter
from redis.exceptions import RedisError

from core.ratelimit import limiter_of
from sections.auth.outcomes import TooManyFailures

log = logging.getLogger(__name__)
# Counted in one atomic operation of the rate limiter's storage (Redis INCRBY, or the
# in-memory counter under its lock) that also says whether the cap is passed, however many
# attempts arrive at once, over however many processes. For every endpoint that checks a
# credential of an account (sign-in, two-factor, magic-link completion, change-password,
# account deletion):
#     throttle.attempt(account)     # before the check: counts it, or raises 429 RATE_LIMITED
#     ...check...                   # a failure raises its error: the attempt stays counted
#     throttle.forgive(account)     # the credential was right (or nothing was checked)
SCOPE = "account-failures"


def _counter() -> FixedWindowRateLimiter:
    # limiter_of(...).limiter is the in-memory fallback while Redis is down (see config.py). A
    # fixed window: its counter is one integer, so a refund is one atomic decrement.
    return FixedWindowRateLimiter(limiter_of(current_app).limiter.storage)


def _item():
    return parse(current_app.config["ACCOUNT_FAILURE_LIMIT"])


def _ids(account: str):
    return current_app.config["RATELIMIT_KEY_PREFIX"], SCOPE, account


def attempt(account: str) -> None:
    """Count one credential check of `account`; 429 RATE_LIMITED (with Retry-After) once the
    account has used up its failures for the window."""
    counter, item = _counter(), _item()
    try:
        if counter.hit(item, *_ids(account)):
            return
        reset_at, _ = counter.get_window_stats(item, *_ids(account))
    except RedisError as exc:
        # The request limiter has already fallen back to memory when it saw Redis down; this
        # only happens when Redis went away in between. Fail open, as the limiter does.
        log.warning("rate-limit storage unreachable, account cap not checked: %s", exc)
        return
    raise TooManyFailures(retry_after=max(1, math.ceil(reset_at - time.time())))


def forgive(account: str) -> None:
    """Give back the count of an attempt that did not fail (contract section 6 caps failures).

    An INCRBY -1 on the window's counter. Were the window to end between the attempt and this
    call, the next window would start one lower: one extra try, once, which is harmless."""
    item, counter = _item(), _counter()
    try:
        counter.storage.incr(item.key_for(*_ids(account)), item.get_expiry(), amount=-1)
    except RedisError as exc:
        log.warning("rate-limit storage unreachable, success not refunded: %s", exc)
