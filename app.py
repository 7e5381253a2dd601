"""Application factory: configuration, extensions, blueprints, error handlers and commands."""
import importlib
import logging
import os
import sqlite3

from flask import Flask, Request
from flask_cors import CORS
from flask_migrate import Migrate
from flask_smorest import Api
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.middleware.proxy_fix import ProxyFix

import config
import perf
from commands import register_commands
from core import errors, pipeline
from core.db import db
from core.fields import ErrorSchema
from core.ratelimit import init_limiter, limiter_of, settle_limits
from sections.auth.services import oauth_providers
from sections.auth.services.passwords import PasswordHasher

EXPOSED_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
                   "Retry-After", "X-Request-ID"]
# The sections, each a package under sections/ with a `register(app, api)` (docs/contributing).
SECTIONS = ("auth", "site", "payments", "projects", "articles", "festivals", "registrations",
            "reviews", "tickets", "search", "admin", "audit")
MIGRATIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "migrations")


class JsonRequest(Request):
    """Flask's request, with JSON nested deeper than the parser goes (RecursionError) treated
    as any other unreadable body: None with `silent`, else 400."""

    def get_json(self, force=False, silent=False, cache=True):
        try:
            return super().get_json(force=force, silent=silent, cache=cache)
        except RecursionError as exc:
            return None if silent else self.on_json_loading_failed(exc)


class App(Flask):
    """The service's Flask: its request reads JSON as above."""

    request_class = JsonRequest


class JsonApi(Api):
    """flask-smorest's Api, answering framework errors in the contract's envelopes."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error):
        return errors.handle_http_exception(error)


def create_app(test_config=None):
    app = App(__name__, instance_relative_config=True)
    # `/api/projects//members` is a 404 in JSON, not werkzeug's HTML redirect to a merged path.
    app.url_map.merge_slashes = False
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(config.defaults())
    app.config.from_pyfile("config.py", silent=True)
    app.config.update(config.from_environment())
    if test_config:
        app.config.update(test_config)
    finish_config(app)
    perf.check(app)  # PERF_OFF: speed-only pieces left out to measure them (perf/)

    register_extensions(app)
    # The request pipeline (request id -> bearer session -> rate limit -> view), in one place.
    pipeline.register(app, limiter_of(app))
    register_sections(app)
    errors.register_error_handlers(app)
    register_commands(app)
    settle_limits(app)  # last: every exemption and limit is registered by now
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return app


def finish_config(app):
    cfg = app.config
    config.coerce(cfg)
    if not cfg["SECRET_KEY"]:
        if not app.debug:
            # A key generated per process would differ between hosts and break sessions,
            # OAuth state and encrypted secrets (contract section 8).
            raise SystemExit("error: SECRET_KEY is not set; set the SECRET_KEY environment "
                             "variable (only `flask run --debug` generates a development key)")
        cfg["SECRET_KEY"] = config.development_secret_key(app.instance_path)
    cfg["SQLALCHEMY_DATABASE_URI"] = config.database_uri(cfg["DATABASE_URL"], app.instance_path)
    if not cfg["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        cfg.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {
            "pool_pre_ping": True,  # a connection dropped by the server is replaced, not used
            "pool_recycle": 1800,
            "pool_size": cfg["DATABASE_POOL_SIZE"],
            "max_overflow": cfg["DATABASE_MAX_OVERFLOW"],
        })
    cfg["API_BASE_URL"] = cfg["API_BASE_URL"] or cfg["APP_BASE_URL"]
    if app.debug and not cfg["ALLOWED_REDIRECT_ORIGINS"]:
        # Development: magic links and OAuth may come back to the service's own pages.
        cfg["ALLOWED_REDIRECT_ORIGINS"] = [cfg["APP_BASE_URL"]]
    cfg["EMAIL_VERIFICATION_URL"] = (cfg["EMAIL_VERIFICATION_URL"]
                                     or cfg["APP_BASE_URL"].rstrip("/") + "/verify-email")
    cfg["INVITATION_URL"] = (cfg["INVITATION_URL"]
                             or cfg["APP_BASE_URL"].rstrip("/") + "/invitations")
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
    Migrate(app, db, directory=MIGRATIONS, render_as_batch=True)
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
