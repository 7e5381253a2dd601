"""Several waitress processes of the service sharing one fresh PostgreSQL database and Redis:
what the soak (bench/soak.py) and the scale-out tests (tests/service/test_scaleout.py) run against.
"""
import contextlib
import hashlib
import hmac
import os
import time
import uuid

from sqlalchemy import create_engine, text

from bench.run import Server, prepare_database
from config import database_uri

DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


def redis_url(environ=os.environ) -> str:
    """RATELIMIT_STORAGE_URI when it names a Redis, else the local default."""
    configured = environ.get("RATELIMIT_STORAGE_URI", "")
    return configured if configured.startswith("redis://") else DEFAULT_REDIS


def engine(url, **options):
    """An engine for a DATABASE_URL as the service spells it (postgresql:// is psycopg 3)."""
    return create_engine(database_uri(url, ""), **options)


@contextlib.contextmanager
def fresh_database(server_url: str, prefix: str):
    """Create an empty PostgreSQL database beside the one `server_url` names; drop it after."""
    base = server_url.rsplit("/", 1)[0]
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def service_env(database_url: str, **settings) -> dict:
    """The environment of a service process: ours, then the database, then `settings`."""
    env = dict(os.environ)
    env.update({"SECRET_KEY": "cluster-secret", "DATABASE_URL": database_url})
    env.update({name: str(value) for name, value in settings.items()})
    return env


def upgrade(env: dict) -> None:
    """Build the schema as a deployment does: `flask --app app db upgrade`."""
    prepare_database(env)


@contextlib.contextmanager
def servers(count: int, env: dict, log_dir: str, threads: int = 8):
    """Start `count` waitress processes of wsgi:app at once; yield them once all answer."""
    with contextlib.ExitStack() as stack:
        started = []
        for i in range(count):
            server = Server("wsgi:app", env, threads, os.path.join(log_dir, f"server-{i}.log"))
            stack.callback(server.__exit__, None, None, None)  # stopped even if another fails
            started.append(server)
        for server in started:
            server.__enter__()
        yield started


def log_of(server) -> str:
    with open(server.log_path) as f:
        return f.read()


def event(event_type: str, data_object: dict, *, created: int, event_id=None) -> dict:
    """A provider event as the payment provider sends it (api-spec section 6.2)."""
    return {"id": event_id or f"evt_{uuid.uuid4().hex}", "object": "event",
            "api_version": "2024-06-20", "created": created, "type": event_type,
            "data": {"object": data_object}}


def signed(body: bytes, secret: str) -> dict:
    """Headers of a delivery of `body`, signed now (contract section 7)."""
    timestamp = int(time.time())
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return {"Content-Type": "application/json",
            "Payment-Signature": f"t={timestamp},v1={mac.hexdigest()}"}
