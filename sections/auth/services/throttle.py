"""Per-account cap on failed credential checks, shared by every address (contract section 6):
each check is counted before it runs, atomically in the rate limiter's storage, so at most
ACCOUNT_FAILURE_LIMIT of them are ever checked; a check that succeeds gives its count back."""
import logging

from flask import current_app
from limits import parse
from redis.exceptions import RedisError

from core import ratelimit
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


def _item():
    return parse(current_app.config["ACCOUNT_FAILURE_LIMIT"])


def _ids(account: str):
    return current_app.config["RATELIMIT_KEY_PREFIX"], SCOPE, account


def attempt(account: str) -> None:
    """Count one credential check of `account`; 429 RATE_LIMITED (with Retry-After) once the
    account has used up its failures for the window."""
    retry_after = ratelimit.counted("ACCOUNT_FAILURE_LIMIT", SCOPE, account)
    if retry_after is not None:
        raise TooManyFailures(retry_after=retry_after)


def forgive(account: str) -> None:
    """Give back the count of an attempt that did not fail (contract section 6 caps failures).

    An INCRBY -1 on the window's counter. Were the window to end between the attempt and this
    call, the next window would start one lower: one extra try, once, which is harmless."""
    item, counter = _item(), ratelimit.counter()
    try:
        counter.storage.incr(item.key_for(*_ids(account)), item.get_expiry(), amount=-1)
    except RedisError as exc:
        log.warning("rate-limit storage unreachable, success not refunded: %s", exc)
