"""Prometheus metrics of this serving process at GET /metrics (docs/how-to/operations.md); each
process answers its own, and Prometheus scrapes every process and sums over them."""
import hmac
import logging

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
from prometheus_client.core import GaugeMetricFamily
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from core import clock, errors
from core.bearer import bearer_token
from core.db import db
from core.models import OutboxMessage
from perf.tallies import RequestTallies

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


# Per serving thread, summed at scrape time: perf/tallies.py says why.
TALLIES = RequestTallies(LATENCY_BUCKETS)
REGISTRY.register(TALLIES)


# The request counters are fed by the pipeline (pipeline.py); sections report their own
# events with one call each (`sign_in`, `webhook_event`); the mail outbox and the database pool
# are read at scrape time (ScrapeTimeCollector).
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
