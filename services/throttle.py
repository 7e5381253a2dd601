"""Per-account cap on failed credential checks, shared by every address (contract section 6).

Counts live in the rate limiter's storage, so several processes on Redis share them.
"""
import math
import time

from flask import current_app
from limits import parse

from errors import APIError
from ratelimit import limiter

SCOPE = "account-failures"


def _item():
    return parse(current_app.config["ACCOUNT_FAILURE_LIMIT"])


def _ids(account: str):
    return current_app.config["RATELIMIT_KEY_PREFIX"], SCOPE, account


def check(account: str) -> None:
    """Raise 429 RATE_LIMITED while `account` has used up its failed attempts."""
    item = _item()
    if limiter.limiter.test(item, *_ids(account)):
        return
    reset_at, _ = limiter.limiter.get_window_stats(item, *_ids(account))
    retry_after = max(1, math.ceil(reset_at - time.time()))
    raise APIError(429, "RATE_LIMITED", "Too many failed attempts for this account, retry later",
                   headers={"Retry-After": str(retry_after)})


def record_failure(account: str) -> None:
    limiter.limiter.hit(_item(), *_ids(account))
