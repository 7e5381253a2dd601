"""Prometheus metrics of this serving process, exposed at GET /metrics (docs/how-to/operations.md).

Each serving process keeps its own counters and answers its own /metrics: Prometheus scrapes
every process (its LISTEN address) and sums over them. The request counters are fed by the
request pipeline (pipeline.py); sections report their own events with one call each
(`sign_in`, `webhook_event`); the mail outbox and the database pool are read at scrape time.
"""
import bisect
import hmac
import itertools
import logging
import threading

from flask import Blueprint, Response, current_app, has_app_context
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.utils import floatToGoString
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from core import clock, errors
from core.bearer import bearer_token
from core.db import db
from core.models import OutboxMessage

log = logging.getLogger(__name__)
PATH = "/metrics"
UNMATCHED = "unmatched"  # the endpoint label of a request that matched no route (a 404)

# This module's own registry: what /metrics shows is exactly what is declared here.
disable_created_metrics()  # no `_created` series beside every counter: the page stays small
REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)  # CPU, memory, open files of this process
PlatformCollector(registry=REGISTRY)

SIGN_INS = Counter("sign_ins_total", "Sign-in attempts by flow and outcome "
                   "(success, failure, two_factor_required, banned, rate_limited)",
                   ("method", "outcome"), registry=REGISTRY)
WEBHOOK_EVENTS = Counter("webhook_events_total", "Payment webhook deliveries by event type "
                         "and outcome (applied, duplicate, invalid_signature, invalid_payload)",
                         ("type", "outcome"), registry=REGISTRY)

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
LATENCY_BUCKETS = (.0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10)


class RequestTallies:
    """`http_requests_total`, `http_request_duration_seconds` and `rate_limit_refusals_total`,
    kept per serving thread and summed when /metrics is asked. prometheus_client's own values
    take a lock on every increment, which eight serving threads contend for: a waiting thread
    gives up the GIL, and the server's CPU per request rose by 7 % with them (bench/README.md).
    Here each thread adds to its own lists, which only it writes."""

    def __init__(self, bounds=LATENCY_BUCKETS):
        self.bounds = bounds
        self._local = threading.local()
        self._tallies = []  # every thread's {(endpoint, method, status): [bucket counts..., sum]}
        self._lock = threading.Lock()  # taken once per thread, and per scrape

    def observe(self, endpoint: str, method: str, status: int, seconds: float) -> None:
        tally = getattr(self._local, "tally", None)
        if tally is None:
            tally = self._local.tally = {}
            with self._lock:
                self._tallies.append(tally)
        row = tally.get((endpoint, method, status))
        if row is None:
            row = tally[(endpoint, method, status)] = [0.0] * (len(self.bounds) + 2)
        row[bisect.bisect_left(self.bounds, seconds)] += 1  # `le`: a bound holds its equal
        row[-1] += seconds

    def merged(self) -> dict:
        with self._lock:
            tallies = list(self._tallies)
        total = {}
        for tally in tallies:
            for key, row in tally.copy().items():
                into = total.setdefault(key, [0.0] * len(row))
                for index, value in enumerate(list(row)):
                    into[index] += value
        return total

    def collect(self):
        requests = CounterMetricFamily("http_requests", "Requests answered, by route, method "
                                       "and status", labels=("endpoint", "method", "status"))
        latency = HistogramMetricFamily(
            "http_request_duration_seconds",
            "Time from the first pipeline step to the answer, by route and method",
            labels=("endpoint", "method"))
        refused = CounterMetricFamily("rate_limit_refusals", "429 answers (request limits and "
                                      "the per-account cap), by route", labels=("endpoint",))
        routes, refusals = {}, {}
        for (endpoint, method, status), row in self.merged().items():
            requests.add_metric((endpoint, method, str(status)), sum(row[:-1]))
            if status == 429:
                refusals[endpoint] = refusals.get(endpoint, 0.0) + sum(row[:-1])
            into = routes.setdefault((endpoint, method), [0.0] * len(row))
            for index, value in enumerate(row):
                into[index] += value
        for labels, row in routes.items():
            counts = list(itertools.accumulate(row[:-1]))
            bounds = [floatToGoString(bound) for bound in self.bounds] + ["+Inf"]
            latency.add_metric(labels, list(zip(bounds, counts, strict=True)), row[-1])
        for endpoint, count in refusals.items():
            refused.add_metric((endpoint,), count)
        return [requests, latency, refused]

    def describe(self):
        return []


TALLIES = RequestTallies()
REGISTRY.register(TALLIES)


def observe_request(endpoint: str, method: str, status: int, seconds: float) -> None:
    """Count one answer (called by the pipeline for every request). A method HTTP does not
    define is `other`: a client making up methods must not make up label values."""
    TALLIES.observe(endpoint, method if method in METHODS else "other", status, seconds)


def sign_in(method: str, outcome: str) -> None:
    SIGN_INS.labels(method, outcome).inc()


def webhook_event(event_type: str, outcome: str) -> None:
    WEBHOOK_EVENTS.labels(event_type, outcome).inc()


class ScrapeTimeCollector:
    """What is read when /metrics is asked: the mail outbox (shared by every process: the
    same value from each) and this process's database pool."""

    def describe(self):
        return []  # read from the app at scrape time: nothing to declare ahead

    def collect(self):
        if not has_app_context():
            return
        yield from outbox_metrics()
        yield from pool_metrics()


def outbox_metrics():
    try:
        queued, oldest = db.session.execute(
            select(func.count(), func.min(OutboxMessage.created_at))).one()
        db.session.rollback()
    except SQLAlchemyError as exc:  # the database is away: the rest of the page still answers
        db.session.rollback()
        log.warning("metrics: the mail outbox could not be read: %s", type(exc).__name__)
        return
    yield GaugeMetricFamily("mail_outbox_queued", "Messages waiting in the mail outbox",
                            value=queued)
    age = (clock.utcnow() - oldest).total_seconds() if oldest is not None else 0.0
    yield GaugeMetricFamily("mail_outbox_oldest_age_seconds",
                            "Age of the oldest message in the mail outbox (0 when empty)",
                            value=max(0.0, age))


def pool_metrics():
    pool = db.engine.pool
    if hasattr(pool, "checkedout"):
        yield GaugeMetricFamily("db_pool_connections_in_use",
                                "Database connections of this process's pool checked out",
                                value=pool.checkedout())
    if hasattr(pool, "size"):
        yield GaugeMetricFamily("db_pool_size", "Connections this process's pool keeps",
                                value=pool.size())


REGISTRY.register(ScrapeTimeCollector())


def metrics_page():
    """Prometheus text format of this process (docs/how-to/operations.md, "Metrics")."""
    expected = current_app.config["METRICS_TOKEN"]
    if expected:
        offered = bearer_token() or ""
        if not hmac.compare_digest(offered.encode(), expected.encode()):
            raise errors.APIError(401, "INVALID_TOKEN", "The metrics token is missing or wrong",
                                  headers={"WWW-Authenticate": "Bearer"})
    return Response(generate_latest(REGISTRY), content_type=CONTENT_TYPE_LATEST)


def register(app, limiter) -> None:
    """GET /metrics on `app` (outside /api, never rate limited) when METRICS is on."""
    if not app.config["METRICS"]:
        return
    blueprint = Blueprint("metrics", __name__)
    blueprint.add_url_rule(PATH, "metrics", metrics_page, methods=["GET"])
    # A blueprint's exemption, as the other sections' (a view's own exemption would mark it
    # for Flask-Limiter's general path and take every request off the short one: perf/limiter).
    limiter.exempt(blueprint)
    app.register_blueprint(blueprint)
