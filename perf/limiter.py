"""Flask-Limiter's per-request work cut to what this service's limits need, and on Redis one
round trip per limit instead of three (piece `limiter`, bench/README.md). The private names it
reads are listed, with their pinned versions, in perf/private_names.py."""
import dataclasses
import functools
import threading
import time
from collections import defaultdict

from flask import current_app, request
from flask.globals import _cv_request
from flask_limiter import ExemptionScope, HeaderNames, Limiter, RateLimitExceeded, RequestLimit
from flask_limiter._extension import LimiterContext
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import FixedWindowRateLimiter
from limits.util import WindowStats

import perf

# How often the in-memory counters drop the windows that have ended (their memory, not their
# meaning: a window is read as ended as soon as it has, whether swept or not).
SWEEP_SECONDS = 1.0


class SweptMemoryStorage(MemoryStorage):
    """limits' `memory://` storage, sweeping ended windows once a second instead of starting a
    new timer thread every 10 ms under load (bench/README.md). `new_limiter` uses it where
    RATELIMIT_STORAGE_URI is `memory://`, its documented value. It overrides limits' private
    scheduler; tests/core/test_ratelimit.py checks it still runs."""

    STORAGE_SCHEME = ["swept-memory"]

    def _MemoryStorage__schedule_expiry(self) -> None:
        if not self.timer.is_alive():
            # A local first: two threads here at once each start their own timer (one sweep
            # too many), never the same timer twice (a thread started twice raises).
            timer = threading.Timer(SWEEP_SECONDS, self._MemoryStorage__expire_events)
            timer.daemon = True
            self.timer = timer
            timer.start()


# A fixed-window hit and its window's state in one Redis round trip: limits' own script
# (INCRBY, EXPIRE on the first hit; limits/resources/redis/lua_scripts/incr_expire.lua) with the
# key's TTL answered beside the count. limits' own path is three round trips: the script, then
# GET and TTL for the X-RateLimit-Remaining and -Reset headers (bench/README.md).
HIT_WITH_TTL = """
local current = redis.call("incrby", KEYS[1], ARGV[2])
if tonumber(current) == tonumber(ARGV[2]) then
    redis.call("expire", KEYS[1], ARGV[1])
end
return {current, redis.call("ttl", KEYS[1])}
"""


def new_limiter(app, **kwargs) -> Limiter:
    """The service's limiter for `app` (Limiter's keyword arguments): Flask-Limiter as it comes
    when PERF_OFF names `limiter`."""
    if perf.off(app, "limiter"):
        return GeneralLimiter(**kwargs)
    if app.config["RATELIMIT_STORAGE_URI"] == "memory://":
        kwargs["storage_uri"] = "swept-memory://"
    return ServiceLimiter(**kwargs)


class GeneralLimiter(Limiter):
    """Flask-Limiter unchanged (PERF_OFF=limiter), with nothing to settle."""

    def settle(self) -> None:
        pass


class ServiceLimiter(Limiter):
    """Flask-Limiter with a short path for the limits this service registers: default limits
    (a limit string per request: public or authenticated), a key function and exemptions. Its
    general path resolves every kind of limit on every request (application, decorated,
    blueprint, meta, per method, conditional) and builds new limit objects each time. Here the
    resolution is remembered per limit string, and the hits go to the same strategy and
    storage under the same keys, leaving the same context for the headers and raising the same
    RateLimitExceeded (bench/README.md). Any other kind of limit, a check from a decorated
    view, or a storage that failed (the in-memory fallback) goes the general path;
    tests/core/test_ratelimit.py holds both paths to the same answers, headers and counters.
    Its own attributes carry no underscore: every `._name` here is Flask-Limiter's."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.plain_defaults = None  # set by `settle` when every registered limit is plain
        self.exempt_endpoints = {}  # endpoint -> exempt from the default limits (settled)
        self.resolved = {}  # limit strings -> RuntimeLimits
        self.by_endpoint = kwargs.get("request_identifier") is None  # Flask-Limiter's default
        self.one_trip = (None, None)  # (storage, per thread: its HIT_WITH_TTL script)

    def init_app(self, app) -> None:
        super().init_app(app)
        # Registered after Flask-Limiter's header hook, so run before it (Flask runs
        # after_request hooks in reverse): the short path's answers get their headers here.
        app.after_request(self.inject_headers)

    @property
    def context(self) -> LimiterContext:
        # The general property's lookups through werkzeug's proxies, seven times a request.
        ctx = _cv_request.get()
        try:
            contexts = ctx._limiter_request_context
        except AttributeError:
            contexts = ctx._limiter_request_context = defaultdict(LimiterContext)
        return contexts[self]

    def settle(self) -> None:
        """Take the short path from now on if every limit registered is a plain default."""
        remember_endpoint_answers(self)
        manager = self.limit_manager
        defaults = list(manager._default_limits)
        plain = defaults and all(
            limit.scope is None and not limit.shared and not limit.methods
            and not limit.per_method and limit.exempt_when is None and limit.deduct_when is None
            and limit.on_breach is None and not limit.meta_limits and not callable(limit.cost)
            and limit.error_message is None
            for limit in defaults)
        others = (manager._application_limits or manager._decorated_limits
                  or manager._blueprint_limits or manager._endpoint_hints
                  or self._marked_for_limiting or self._meta_limits or self._request_filters
                  or self._on_breach)
        self.plain_defaults = defaults if plain and not others else None
        self.exempt_endpoints.clear()
        self.resolved.clear()

    def runtime_limits(self, strings: tuple) -> tuple:
        """What Flask-Limiter's Limits yield for these limit strings, in its evaluation order:
        remembered (the strings are the configured ones, RuntimeLimits are immutable)."""
        found = self.resolved.get(strings)
        if found is None:
            limits = [runtime
                      for limit, string in zip(self.plain_defaults, strings, strict=True)
                      for runtime in dataclasses.replace(limit, limit_provider=string).bind(self)]
            found = tuple(sorted(limits, key=lambda runtime: runtime.limit))
            if len(self.resolved) >= 64:  # a provider making up strings must not grow it
                self.resolved.clear()
            self.resolved[strings] = found
        return found

    def _check_request_limit(self, callable_name=None, in_middleware=True) -> None:
        defaults = self.plain_defaults
        # A view decorated after create_app (marked for limiting) would check the defaults
        # again in the general path: then every check takes it.
        if (defaults is None or callable_name or not in_middleware or self._storage_dead
                or self._marked_for_limiting or not (self.enabled and self.initialized)):
            return super()._check_request_limit(callable_name, in_middleware)
        endpoint = (_cv_request.get().request.endpoint or "" if self.by_endpoint
                    else self.identify_request())
        exempt = self.exempt_endpoints.get(endpoint)
        if exempt is None:
            exempt = self.exempt_endpoints[endpoint] = bool(
                not endpoint or endpoint.rpartition(".")[2] == "static"
                or self.limit_manager.exemption_scope(current_app, endpoint, request.blueprint)
                & ExemptionScope.DEFAULT)
        if exempt:
            return None
        limits = self.runtime_limits(tuple(
            limit.limit_provider() if callable(limit.limit_provider) else limit.limit_provider
            for limit in defaults))
        try:
            self.hit_defaults(endpoint, limits)
        except RateLimitExceeded:
            raise
        except Exception:
            # The storage failed: as the general path, mark it dead and count in memory.
            if self._in_memory_fallback_enabled:
                self.logger.warning(
                    "Rate limit storage unreachable - falling back to in-memory storage")
                self._storage_dead = True
                self.context.seen_limits.clear()
                return super()._check_request_limit(callable_name, in_middleware)
            if not self._swallow_errors:
                raise
            self.logger.exception("Failed to rate limit. Swallowing error")
        return None

    def inject_headers(self, response):
        """X-RateLimit-Limit, -Remaining and -Reset, as Flask-Limiter writes them; the limit is
        then taken off the request's context, so Flask-Limiter's own hook, next, has none to
        write again. A 429, and every answer while the short path is off, is left to that hook
        (its Retry-After, which pipeline.finish_response keeps for a 429 only)."""
        if (self.plain_defaults is None or self._storage_dead or response.status_code == 429
                or not (self.enabled and self._headers_enabled)):
            return response
        context = self.context
        limit = context.view_rate_limit
        if limit is not None:
            try:
                reset_at, remaining = limit.reset_at, limit.remaining
            except Exception:  # the storage failed: Flask-Limiter's hook falls back or logs
                return response
            names, headers = self._header_mapping, response.headers
            headers.add(names[HeaderNames.LIMIT], str(limit.limit.amount))
            headers.add(names[HeaderNames.REMAINING], str(remaining))
            headers.add(names[HeaderNames.RESET], str(reset_at))
            context.view_rate_limit = None
        return response

    def redis_hit(self):
        """HIT_WITH_TTL on this serving thread's own connection when the limiter's storage is
        Redis under a fixed window (the service's settings), else None. Each thread keeps one
        connection of the storage's pool (redis-py's `client()`): a pooled call checks a
        connection out and in per command and polls its socket for stray data each time, the
        thread's own connection does neither. The counters, keys and script are the same; a
        connection that fails raises as the pooled one would (the fallback)."""
        limiter = self.limiter
        storage = limiter.storage
        if self.one_trip[0] is not storage:
            threads = None
            if type(limiter) is FixedWindowRateLimiter and isinstance(storage, RedisStorage):
                threads = threading.local()
            self.one_trip = (storage, threads)
        threads = self.one_trip[1]
        if threads is None:
            return None
        script = getattr(threads, "script", None)
        if script is None:
            script = threads.script = storage.get_connection().client().register_script(
                HIT_WITH_TTL)
        return script

    def hit_once(self, counted: RequestLimit, cost: int, script) -> bool:
        """limits' FixedWindowRateLimiter.hit, and the window's state its headers read
        (RequestLimit.window, what get_window_stats would answer), in one round trip."""
        item = counted.limit
        current, ttl = script([self.limiter.storage.prefixed_key(counted.key)],
                              [item.get_expiry(), cost])
        counted._window = WindowStats(max(ttl, 0) + time.time(), max(0, item.amount - current))
        return current <= item.amount

    def hit_defaults(self, endpoint: str, limits: tuple) -> None:
        context = self.context
        counted, breached = [], []
        script = self.redis_hit()
        for limit in limits:
            key = limit.key_func()
            if not key:
                self.logger.error("Skipping limit: %s. Empty value found in parameters.",
                                  limit.limit)
                continue
            args = [self._key_prefix, key, endpoint] if self._key_prefix else [key, endpoint]
            counted.append(RequestLimit(self, limit.limit, args, False, False))
            if script is not None:
                allowed = self.hit_once(counted[-1], limit.deduction_amount, script)
            else:
                allowed = self.limiter.hit(limit.limit, *args, cost=limit.deduction_amount)
            if not allowed:
                self.logger.info("ratelimit %s (%s) exceeded at endpoint: %s",
                                 limit.limit, key, endpoint)
                counted[-1].breached = True
                breached.append(limit)
                if self._fail_on_first_breach:
                    break
        if counted:
            context.view_rate_limit = next((c for c in counted if c.breached), counted[0])
        context.view_rate_limits = counted
        if breached:
            raise RateLimitExceeded(breached[0])


def remember_endpoint_answers(limiter) -> None:
    """Flask-Limiter works out every request's exemptions and blueprint limits from what was
    registered (`limiter.exempt`, `limiter.limit`), walking every exempt blueprint each time
    (bench/README.md). All of it is registered inside create_app, which calls this last: from
    then on the answers are remembered per endpoint."""
    manager = limiter.limit_manager
    for name in ("exemption_scope", "blueprint_limits"):
        setattr(manager, name, functools.lru_cache(maxsize=1024)(getattr(manager, name)))
