"""Application factory: configuration, extensions, blueprints, error handlers and commands."""
import importlib
import os
import sqlite3

from flask import Flask, Request
from flask.json.provider import DefaultJSONProvider
from flask_cors import CORS
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.middleware.proxy_fix import ProxyFix

import config
import perf
from commands import MIGRATIONS, register_commands  # noqa: F401 (MIGRATIONS: tests)
from core import errors, logs, metrics, pipeline, serving, tracing
from core.db import db, ping_after_idle
from core.fields import ErrorSchema
from core.ratelimit import init_limiter, limiter_of, settle_limits
from perf import audit_driver
from perf.openapi import LazyDocumentApi
from sections.auth.services import oauth_providers
from sections.auth.services.passwords import PasswordHasher

EXPOSED_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
                   "Retry-After", "X-Request-ID"]
# The sections, each a package under sections/ with a `register(app, api)` (docs/contributing).
SECTIONS = ("auth", "site", "payments", "projects", "articles", "festivals", "registrations",
            "reviews", "tickets", "search", "admin", "audit",
            "domains", "sso",
            "scim", "oauth")


class JsonRequest(Request):
    """Flask's request, with JSON nested deeper than the parser goes (RecursionError) treated
    as any other unreadable body: None with `silent`, else 400."""

    def get_json(self, force=False, silent=False, cache=True):
        try:
            return super().get_json(force=force, silent=silent, cache=cache)
        except RecursionError as exc:
            return None if silent else self.on_json_loading_failed(exc)


class JsonProvider(DefaultJSONProvider):
    """JSON answers carry text as written ("Crème"), not as `\u00e8` escapes (it is UTF-8,
    RFC 8259 section 8.1). Text that UTF-8 cannot hold (a lone surrogate) is escaped as before."""

    ensure_ascii = False

    def dumps(self, obj, **kwargs):
        text = super().dumps(obj, **kwargs)
        if not text.isascii():
            try:
                text.encode()
            except UnicodeEncodeError:
                return super().dumps(obj, **{**kwargs, "ensure_ascii": True})
        return text


class App(Flask):
    """The service's Flask: its request reads JSON as above, its answers are written as above."""

    request_class = JsonRequest
    json_provider_class = JsonProvider


class JsonApi(LazyDocumentApi):
    """flask-smorest's Api, answering framework errors in the contract's envelopes (its OpenAPI
    document written when first read: perf/openapi.py)."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error):
        return errors.handle_http_exception(error)


def create_app(test_config=None):
    app = App(__name__, instance_relative_config=True)
    # `/api/projects//members` is a 404 in JSON, not werkzeug's HTML redirect to a merged path.
    app.url_map.merge_slashes = False
    # `/api/projects/` answers as `/api/projects` does (and `/api/docs` as `/api/docs/`).
    app.url_map.strict_slashes = False
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(config.defaults())
    app.config.from_pyfile("config.py", silent=True)
    app.config.update(config.from_environment())
    if test_config:
        app.config.update(test_config)
    finish_config(app)
    logs.configure(app)  # first: LOG_FORMAT (text, or one JSON object per line) for every line
    perf.check(app)  # PERF_OFF: speed-only pieces left out to measure them (perf/)

    register_extensions(app)
    # The request pipeline (request id -> bearer session -> rate limit -> view), in one place.
    pipeline.register(app, limiter_of(app))
    register_sections(app)
    errors.register_error_handlers(app)
    register_commands(app)
    metrics.register(app, limiter_of(app))  # GET /metrics, outside /api, never rate limited
    settle_limits(app)  # last: every exemption and limit is registered by now
    tracing.configure(app)  # only with OTEL_EXPORTER_OTLP_ENDPOINT: OpenTelemetry
    if serving.flask_run_serves():  # wsgi.py says so for waitress
        serving.start(app)
    serving.watch_project_code_only()  # `flask --debug run`'s reloader: the project's files
    return app


def finish_config(app):
    cfg = app.config
    config.coerce(cfg)
    if not cfg["SECRET_KEY"]:
        if not app.debug:
            # A key generated per process would differ between hosts and break sessions,
            # OAuth state and encrypted secrets (contract section 8).
            raise SystemExit(
                "error: SECRET_KEY is not set. Set it in the environment (SECRET_KEY=...) or in "
                "instance/config.py; in development, pass --debug (`flask --app app --debug run`, "
                "`flask --app app --debug purge-expired`), which keeps a generated key in "
                "instance/dev-secret-key")
        cfg["SECRET_KEY"] = config.development_secret(app.instance_path, "dev-secret-key")
    if app.debug and not cfg["PAYMENT_WEBHOOK_SECRET"]:
        # Development signs its own test events (docs/tutorial.md) with no setting to give.
        cfg["PAYMENT_WEBHOOK_SECRET"] = [config.development_secret(
            app.instance_path, "dev-webhook-secret", prefix="whsec_dev_")]
    cfg["SQLALCHEMY_DATABASE_URI"] = config.database_uri(cfg["DATABASE_URL"], app.instance_path)
    if not cfg["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        cfg.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {
            "pool_pre_ping": False,  # pinged after DATABASE_PING_AFTER idle (core/db.py)
            "pool_recycle": 1800,
            "pool_size": cfg["DATABASE_POOL_SIZE"],
            "max_overflow": cfg["DATABASE_MAX_OVERFLOW"],
        })
    cfg["API_BASE_URL"] = cfg["API_BASE_URL"] or cfg["APP_BASE_URL"]
    if cfg["SSO_ALLOW_PRIVATE_NETWORKS"] is None:  # development: a provider on loopback
        cfg["SSO_ALLOW_PRIVATE_NETWORKS"] = app.debug
    if app.debug and not cfg["ALLOWED_REDIRECT_ORIGINS"]:
        # Development: magic links and OAuth may come back to the service's own pages.
        cfg["ALLOWED_REDIRECT_ORIGINS"] = config.loopback_twins(cfg["APP_BASE_URL"])
    cfg["EMAIL_VERIFICATION_URL"] = (cfg["EMAIL_VERIFICATION_URL"]
                                     or cfg["APP_BASE_URL"].rstrip("/") + "/verify-email")
    cfg["INVITATION_URL"] = (cfg["INVITATION_URL"]
                             or cfg["APP_BASE_URL"].rstrip("/") + "/invitations")
    cfg["EMAIL_CHANGE_URL"] = (cfg["EMAIL_CHANGE_URL"]
                               or cfg["APP_BASE_URL"].rstrip("/") + "/change-email")
    cfg["OAUTH_CONSENT_URL"] = (cfg["OAUTH_CONSENT_URL"]
                                or cfg["APP_BASE_URL"].rstrip("/") + "/consent")
    if cfg["TRUSTED_PROXY_COUNT"] > 0:
        hops = cfg["TRUSTED_PROXY_COUNT"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record):
    # WAL and a busy timeout let several threads write without "database is locked" errors.
    # synchronous=NORMAL is SQLite's advice for WAL: never corrupt, and a commit survives a
    # crash of the process; only a power cut may lose the last commits (PostgreSQL for that).
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=5000",
                       "foreign_keys=ON"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()


def register_extensions(app):
    db.init_app(app)
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        with app.app_context():
            ping_after_idle(db.engine, app.config["DATABASE_PING_AFTER"])
            if not perf.off(app, "audit_driver"):
                audit_driver.install(db.engine)
    init_limiter(app)
    cfg = app.config
    app.extensions["password_hasher"] = PasswordHasher(
        cfg["PASSWORD_HASH_MEMORY_COST"], cfg["PASSWORD_HASH_TIME_COST"],
        cfg["PASSWORD_HASH_PARALLELISM"])
    oauth_providers.init_app(app)  # one Authlib registry per app, configured providers only
    # Browser apps on the listed origins may call the API; the bearer token travels in a header,
    # so no cookies (credentials) are allowed. The rate-limit headers are readable by the app.
    # Without an origin there is nothing to allow, and no hook to run on every answer.
    if cfg["CORS_ORIGINS"]:
        CORS(app, resources={r"/api/*": {"origins": cfg["CORS_ORIGINS"]}},
             allow_headers=["Authorization", "Content-Type"], expose_headers=EXPOSED_HEADERS,
             max_age=600)


def register_sections(app):
    """Each section registers its blueprints (and what else it adds) with one call, in this
    order, which is also the order of the OpenAPI document's tags and paths."""
    api = JsonApi(app, spec_kwargs={"components": {"securitySchemes": {
        "bearerAuth": {"type": "http", "scheme": "bearer"}}}})
    # A test may name more sections (a dotted module path: tests/example_section).
    for name in app.config.get("SECTIONS", SECTIONS):
        importlib.import_module(name if "." in name else f"sections.{name}").register(app, api)
