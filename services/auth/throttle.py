"""Per-account cap on failed credential checks, shared by every address (contract section 6).

Counts live in the rate limiter's storage, so several processes on Redis share them.
"""
import logging
import math
import time

from flask import current_app
from limits import parse
from redis.exceptions import RedisError

from errors import APIError
from ratelimit import limiter_of

log = logging.getLogger(__name__)
SCOPE = "account-failures"


def _strategy():
    # limiter_of(...).limiter is the in-memory fallback while Redis is down (see config.py).
    return limiter_of(current_app).limiter


def _item():
    return parse(current_app.config["ACCOUNT_FAILURE_LIMIT"])


def _ids(account: str):
    return current_app.config["RATELIMIT_KEY_PREFIX"], SCOPE, account


def check(account: str) -> None:
    """Raise 429 RATE_LIMITED while `account` has used up its failed attempts."""
    item = _item()
    try:
        if _strategy().test(item, *_ids(account)):
            return
        reset_at, _ = _strategy().get_window_stats(item, *_ids(account))
    except RedisError as exc:
        # The request limiter has already fallen back to memory when it saw Redis down; this
        # only happens when Redis went away in between. Fail open, as the limiter does.
        log.warning("rate-limit storage unreachable, account cap not checked: %s", exc)
        return
    retry_after = max(1, math.ceil(reset_at - time.time()))
    raise APIError(429, "RATE_LIMITED", "Too many failed attempts for this account, retry later",
                   headers={"Retry-After": str(retry_after)})


def record_failure(account: str) -> None:
    try:
        _strategy().hit(_item(), *_ids(account))
    except RedisError as exc:
        log.warning("rate-limit storage unreachable, failure not counted: %s", exc)
