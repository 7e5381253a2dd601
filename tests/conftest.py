"""Fixtures: an app per test on SQLite (or PostgreSQL when DATABASE_URL is set), a real SMTP
sink, a movable clock, an `auth` helper, a real server on loopback, identity providers, and
service processes (two on PostgreSQL and Redis, or one on SQLite)."""
import contextlib
import json
import logging
import os
import pathlib
import re
import shutil
import socket
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.policy import default as default_policy
from urllib.parse import parse_qs, urlsplit

import pytest
import redis
import requests
from aiosmtpd.controller import Controller
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text

# The example section's table is part of every test database (its test adds the section).
import tests.example_section.models  # noqa: E402,F401,I001
from app import SECTIONS as ALL_SECTIONS
from app import create_app
from bench import cluster
from core import logs, outbox
from core.db import db
from tests.dns_server import DnsStandIn
from tests.oauth_providers import GitHubStandIn, GoogleProvider, serve_url
from tests.sso_provider import OidcProvider
from tests.threaded_server import serve

PASSWORD = "Tr0ub4dor&3-horse-staple"
SECRET_KEY = "test-secret-key"
# Every secret the suite sees issued (tokens, codes, TOTP secrets, e-mailed links' tokens):
# none may appear in the log of the whole run (checked by `no_secret_is_logged`).
ISSUED_SECRETS = {PASSWORD, SECRET_KEY}
ERROR_CODE = re.compile(r"[A-Z][A-Z_]*")
SECRET_FIELDS = {"token", "secret", "recoveryCodes", "challengeId", "code", "key"}
POSTGRES_URL = os.environ.get("DATABASE_URL", "")
USING_POSTGRES = POSTGRES_URL.startswith("postgres")
# The optional sections this run's apps are built without (SECTIONS_LEFT_OUT=reviews,tickets):
# their tests (tests/<section>/, and those marked `sections(...)` with one of them) are not run.
# tests/service/test_sections_left_out.py starts such runs.
LEFT_OUT = {name for name in os.environ.get("SECTIONS_LEFT_OUT", "").split(",") if name}
SECTIONS = tuple(name for name in ALL_SECTIONS if name not in LEFT_OUT)
assert LEFT_OUT <= set(ALL_SECTIONS), f"SECTIONS_LEFT_OUT names no section: {LEFT_OUT}"
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def database_of_worker(url: str, worker: str) -> str:
    """The suite runs in several processes (pytest-xdist, setup.cfg): each has its own database
    beside the one DATABASE_URL names (`test_gw0`, ...), created when missing."""
    from bench.cluster import engine

    base, name = url.rsplit("/", 1)
    if name.endswith(f"_{worker}"):  # this module imported a second time, as tests.conftest
        return url
    name = f"{name}_{worker}"
    admin = engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        if not conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"),
                            {"n": name}).first():
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return f"{base}/{name}"


if USING_POSTGRES and os.environ.get("PYTEST_XDIST_WORKER"):
    POSTGRES_URL = database_of_worker(POSTGRES_URL, os.environ["PYTEST_XDIST_WORKER"])
    os.environ["DATABASE_URL"] = POSTGRES_URL


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_healthy(port: int, process, output) -> None:
    """Wait for a server started as `process` (its output in the file `output`) to answer
    /api/health; fail with its output if it exits or takes two minutes."""
    deadline = time.monotonic() + 120
    while True:
        try:
            if requests.get(f"http://127.0.0.1:{port}/api/health", timeout=10).ok:
                return
        except (requests.ConnectionError, requests.Timeout):
            pass
        assert process.poll() is None and time.monotonic() < deadline, output.read_text()
        time.sleep(0.05)  # waiting for the server to listen, not a timing assertion


def deliver_outbox(app):
    """Wait for `app`'s sender thread to finish its round, then deliver what is still due."""
    sender = outbox.sender_of(app, start=False)
    if sender is not None:
        sender.wait_idle()
    with app.app_context():
        outbox.deliver_due()


class MailSink:
    """A real SMTP server on loopback that keeps what it receives.

    Mail leaves through the outbox (core/outbox.py), after the request. Reading what was
    received first delivers what the test's apps have queued (`flush`); `last_body` also waits,
    a few seconds at most, for a message from a server process."""

    WAIT = 10.0

    def __init__(self):
        self.messages = []
        self.apps = []  # the current test's apps (make_app), whose outboxes `flush` delivers
        self._cond = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        msg = message_from_bytes(envelope.content, policy=default_policy)
        ISSUED_SECRETS.update(re.findall(r"token=([\w-]+)", msg.get_body(("plain",)).get_content()))
        with self._cond:
            self.messages.append(msg)
            self._cond.notify_all()
        return "250 OK"

    def clear(self):
        """Forget what was received so far, once what is queued has gone out."""
        self.flush()
        self.messages.clear()

    def flush(self):
        """Deliver now what the test's apps have queued and wait for their senders' rounds:
        after this, a message that is not here was not sent (retries excepted)."""
        for app in list(self.apps):
            deliver_outbox(app)

    def to(self, address):
        self.flush()
        return [m for m in self.messages if m["To"] == address]

    def wait_for(self, address, count=1):
        """The messages to `address` once there are `count` of them (or the wait ran out)."""
        self.flush()
        with self._cond:
            self._cond.wait_for(lambda: len(self._to(address)) >= count, self.WAIT)
            return self._to(address)

    def _to(self, address):
        return [m for m in self.messages if m["To"] == address]

    def last_body(self, address) -> str:
        sent = self.wait_for(address)
        assert sent, f"no e-mail was delivered to {address}"
        return sent[-1].get_body(("plain",)).get_content()

    def last_link(self, address) -> str:
        """The link of the last message to `address` that has one (security notices, which
        may arrive in between, have none)."""
        sent = self.wait_for(address)
        for message in reversed(sent):
            found = re.search(r"https?://\S+", message.get_body(("plain",)).get_content())
            if found:
                return found.group(0)
        raise AssertionError(f"no e-mail with a link was delivered to {address}")

    def last_token(self, address) -> str:
        return parse_qs(urlsplit(self.last_link(address)).query)["token"][0]


@pytest.fixture(scope="session")
def smtp_sink():
    sink = MailSink()
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield sink, controller.port
    controller.stop()


@pytest.fixture
def mail(smtp_sink, make_app):
    sink, _ = smtp_sink
    sink.messages.clear()
    return sink


def settings_for(tmp_path, smtp_port, **overrides):
    settings = {
        "TESTING": True,
        "SECRET_KEY": SECRET_KEY,
        "DATABASE_URL": POSTGRES_URL if USING_POSTGRES else f"sqlite:///{tmp_path}/test.db",
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI", "memory://"),
        # A fresh prefix isolates each test's counters when they live in a shared Redis.
        "RATELIMIT_KEY_PREFIX": "test-" + uuid.uuid4().hex,
        "MAIL_SERVER": "127.0.0.1",
        "MAIL_PORT": smtp_port,
        "MAIL_TIMEOUT": 5.0,
        # Senders look for retries often, so a test waits for mail briefly (timing: bench/).
        "MAIL_POLL_INTERVAL": 0.1,
        "MAIL_RETRY_BASE": 0.5,
        "APP_BASE_URL": "http://app.test",
        # Fast hashing in tests; production keeps the OWASP parameters (config.py).
        "PASSWORD_HASH_MEMORY_COST": 1024,
        "PASSWORD_HASH_TIME_COST": 1,
    }
    if LEFT_OUT:
        settings["SECTIONS"] = SECTIONS
    settings.update(overrides)
    return settings


_schema_built = False
_sqlite_schema = None  # SQLite: a file holding the empty schema, made once per process


def collect_secrets(value, key=None):
    if isinstance(value, dict):
        for k, v in value.items():
            collect_secrets(v, k)
    elif isinstance(value, list):
        for item in value:
            collect_secrets(item, key)
    elif key in SECRET_FIELDS and isinstance(value, str) and len(value) >= 8:
        if key == "code" and ERROR_CODE.fullmatch(value):
            # An error envelope's `code` (CONFLICT) is no secret: a log line quoting SQL's
            # ON CONFLICT would otherwise read as a leak.
            return
        ISSUED_SECRETS.add(value)


class RecordingClient(FlaskClient):
    """The test client, noting every secret the service hands out (bodies and redirects)."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        if response.is_json and not response.is_streamed:
            collect_secrets(response.get_json(silent=True))
        query = urlsplit(response.headers.get("Location", "")).query
        collect_secrets({k: v[0] for k, v in parse_qs(query).items()})
        return response


def collect_from_http(response, streamed=False):
    """Note the secrets in a `requests` response: its JSON body and its redirect's query."""
    for hop in [*response.history, response]:
        query = urlsplit(hop.headers.get("Location", "")).query
        collect_secrets({k: v[0] for k, v in parse_qs(query).items()})
    if not streamed and "json" in response.headers.get("Content-Type", ""):
        try:
            collect_secrets(response.json())
        except (ValueError, RecursionError):  # not JSON, or a hostile provider's deep document
            pass


@pytest.fixture(scope="session", autouse=True)
def secrets_over_http():
    """Tests that talk to live servers use `requests` (bare `requests.post` too, which goes
    through a Session): every response they get is searched for secrets like the test client's."""
    send = requests.sessions.Session.send

    def recording_send(self, request, **kwargs):
        response = send(self, request, **kwargs)
        collect_from_http(response, streamed=bool(kwargs.get("stream")))
        return response

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(requests.sessions.Session, "send", recording_send)
        yield


@pytest.fixture(autouse=True)
def no_sender_outlives_its_test():
    """Stop the mail senders a test started, whichever way it made its apps: on PostgreSQL every
    test shares one outbox table, and a leftover sender would deliver the next test's mail."""
    yield
    outbox.stop_all()


END_OF_RUN = "the run's log ends here"


@pytest.fixture(scope="session", autouse=True)
def no_secret_is_logged(tmp_path_factory):
    """Write the whole run's log (INFO and up, as in production) to two files, in each of the
    LOG_FORMATs (core/logs.py: text, and JSON with the request's fields), then look in both
    for every secret issued during the run (SECURITY.md, "secrets never logged")."""
    folder = tmp_path_factory.mktemp("log")
    paths = {"text": folder / "run.log", "json": folder / "run.jsonl"}
    handlers = []
    for log_format, path in paths.items():
        handler = logging.FileHandler(path)
        handler.setLevel(logging.INFO)
        handler.setFormatter(logs.json_formatter() if log_format == "json"
                             else logging.Formatter(logs.TEXT_FORMAT))
        handler.addFilter(logs.RequestFields())
        handlers.append(handler)
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.INFO)  # what create_app's logs.configure sets when it runs alone
    for handler in handlers:
        root.addHandler(handler)
    yield
    # Still heard at the end of the run (no app's logging setup took the handlers away), also
    # when this process ran only tests whose servers log in processes of their own.
    logging.getLogger("tests").info(END_OF_RUN)
    for handler in handlers:
        root.removeHandler(handler)
        handler.close()
    root.setLevel(level)
    for log_format, path in paths.items():
        log = path.read_text(errors="replace")
        assert END_OF_RUN in log, "the run's log lost its handler: the check would prove nothing"
        if log_format == "json":
            assert all(isinstance(json.loads(line), dict) for line in log.splitlines())
        leaked = sorted(s for s in ISSUED_SECRETS if s in log)
        assert not leaked, f"secrets found in the {log_format} log: {leaked}"


def reset_database(app):
    """SQLite: a fresh file per test, a copy of the first test's new database (create_all took
    0.1 s a test). PostgreSQL: the schema rebuilt once per run (so it always matches the
    models), then emptied before each test: one DELETE per table, dependents first, sent
    together. TRUNCATE took 0.9-1.2 s a test on 29 tables (it replaces every table's files and
    takes an exclusive lock on each), DELETE on a test's few rows 3 ms. The counts that the row
    triggers move while the tables empty (core/stats.py) are deleted last."""
    global _schema_built, _sqlite_schema
    with app.app_context():
        if not USING_POSTGRES:
            path = db.engine.url.database
            if _sqlite_schema is not None and not os.path.exists(path):
                shutil.copyfile(_sqlite_schema, path)  # no connection to `path` is open yet
                return
            db.create_all()
            db.engine.dispose()  # the last connection closed: the WAL is folded into the file
            if _sqlite_schema is None and not os.path.exists(f"{path}-wal"):
                _sqlite_schema = f"{path}.schema"
                shutil.copyfile(path, _sqlite_schema)
            return
        if not _schema_built:
            # Everything goes, also the tables of models that no longer exist (a table a
            # migration removed, left by a run of an older tree, would still hold foreign keys
            # to the tables drop_all drops).
            db.session.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
            db.session.commit()
            db.create_all()
            _schema_built = True
        tables = [t.name for t in reversed(db.metadata.sorted_tables) if t.name != "stat_counts"]
        db.session.execute(text("; ".join(f'DELETE FROM "{name}"'
                                          for name in [*tables, "stat_counts"])))
        db.session.commit()


@pytest.fixture
def make_app(tmp_path, smtp_sink):
    """Build an app with extra settings; the database is emptied for each test (by its first
    app). Each app's outbox is delivered by the mail sink's `flush` unless the test takes it
    off the sink's list."""
    made, apps = [], smtp_sink[0].apps
    apps.clear()

    def factory(**overrides):
        app = create_app(settings_for(tmp_path, smtp_sink[1], **overrides))
        app.test_client_class = RecordingClient
        if not made and "DATABASE_URL" not in overrides:
            reset_database(app)
        made.append(app)
        apps.append(app)
        return app

    yield factory
    for app in made:
        outbox.stop_sender(app)
    for app in made:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    apps.clear()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


class Clock:
    """A clock that stands still until moved; patched into core.clock.utcnow."""

    def __init__(self):
        self.now = datetime.now(UTC).replace(microsecond=0)

    def __call__(self):
        return self.now

    def advance(self, **delta):
        self.now += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr("core.clock.utcnow", fake)
    return fake


class AuthActions:
    """Sign up and sign in through the HTTP interface; returns bearer headers."""

    def __init__(self, client, mail=None):
        self.client = client
        self.mail = mail

    def sign_up(self, email="alice@example.com", password=PASSWORD):
        body = {"email": email, "password": password}
        response = self.client.post("/api/auth/sign-up", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def headers(self, email="alice@example.com", password=PASSWORD):
        token = self.sign_up(email, password)["session"]["token"]
        return {"Authorization": f"Bearer {token}"}

    def verified_headers(self, email="alice@example.com", password=PASSWORD):
        """Sign up, then verify the address with the e-mailed link (two-factor needs it)."""
        headers = self.headers(email, password)
        verified = self.client.post("/api/auth/verify-email",
                                    json={"token": self.mail.last_token(email)})
        assert verified.status_code == 200, verified.get_json()
        return headers


@pytest.fixture
def auth(client, smtp_sink):
    return AuthActions(client, smtp_sink[0])


@pytest.fixture
def live_server(app):
    """The app served by waitress on a loopback port, in a background thread."""
    with serve(app) as port:
        yield f"http://127.0.0.1:{port}"


# --- identity providers on loopback, for OAuth sign-in (tests/oauth_flow.py) ---

@pytest.fixture
def github():
    stand_in = GitHubStandIn()
    with serve_url(stand_in.app) as url:
        stand_in.url = url
        yield stand_in


@pytest.fixture
def google():
    provider = GoogleProvider()
    with serve_url(provider.app) as url:
        provider.url = url
        yield provider


@pytest.fixture
def dns_server():
    """A DNS server on loopback (tests/dns_server.py): point DNS_RESOLVER at `.address`."""
    stand_in = DnsStandIn().start()
    yield stand_in
    stand_in.stop()


@pytest.fixture
def oidc_provider():
    """An OpenID provider on loopback for single sign-on (tests/sso_provider.py)."""
    provider = OidcProvider()
    ISSUED_SECRETS.add(provider.CLIENT_SECRET)  # sent to the provider, never logged
    with serve_url(provider.app) as url:
        provider.url = url
        yield provider


# --- service processes: two sharing PostgreSQL and Redis, or one on a SQLite file ---

# The password hashing of the test settings, for servers started as processes.
FAST_HASH = {"PASSWORD_HASH_MEMORY_COST": 1024, "PASSWORD_HASH_TIME_COST": 1}
PAIR_WEBHOOK_SECRET = "whsec_scaleout"  # what `start_pair`'s servers check webhooks with


@contextlib.contextmanager
def copy_of_database(template_url: str, prefix: str):
    """A new PostgreSQL database, a copy of `template_url`'s (to which nothing may be connected);
    dropped afterwards."""
    base, template = template_url.rsplit("/", 1)
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = cluster.engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session")
def migrated_postgres():
    """A PostgreSQL database that `flask db upgrade` built, once per test process: what each
    module's `database` is a copy of (a copy takes a fraction of a second, the upgrade in a
    process of its own several seconds). Nothing connects to it but the upgrade."""
    with cluster.fresh_database(POSTGRES_URL, "migrated") as url:
        cluster.upgrade(cluster.service_env(url))
        yield url


@pytest.fixture(scope="module")
def database(request):
    """A fresh PostgreSQL database migrated to head, for the test module's server processes."""
    if not USING_POSTGRES:
        pytest.skip("processes share a database server only on PostgreSQL; the PostgreSQL run "
                    "(DATABASE_URL=postgresql://...) exercises this")
    with copy_of_database(request.getfixturevalue("migrated_postgres"), "scaleout") as url:
        yield url


@pytest.fixture(scope="module")
def redis_url():
    url = cluster.redis_url()
    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.fail(f"these tests share rate limits through Redis, which does not answer at "
                    f"{url}: {exc}")
    finally:
        client.close()
    return url


@pytest.fixture
def start_pair(database, redis_url, smtp_sink, tmp_path):
    """Start two service processes on the shared database and Redis, with extra settings."""
    started = []

    def start(**settings):
        env = cluster.service_env(
            database, RATELIMIT_STORAGE_URI=redis_url,
            RATELIMIT_KEY_PREFIX="scale-" + uuid.uuid4().hex,
            PAYMENT_WEBHOOK_SECRET=PAIR_WEBHOOK_SECRET,
            MAIL_SERVER="127.0.0.1", MAIL_PORT=smtp_sink[1], **FAST_HASH, **settings)
        pair = stack.enter_context(cluster.servers(2, env, tempfile.mkdtemp(dir=tmp_path)))
        started.extend(pair)
        return [server.url for server in pair]

    with contextlib.ExitStack() as stack:
        yield start
    for server in started:  # stopped by now: every answer was one of ours, none a crash
        assert "Traceback" not in cluster.log_of(server)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """A SQLite file that `flask db upgrade` built, once per test process: copied for each
    `sqlite_server` (the upgrade, in a process of its own, takes several seconds)."""
    path = tmp_path_factory.mktemp("migrated") / "migrated.db"
    cluster.upgrade(cluster.service_env(f"sqlite:///{path}"))
    assert not os.path.exists(f"{path}-wal"), "the upgrade left its WAL: a copy would lose it"
    return path


def migrated_sqlite_copy(migrated_sqlite, directory, name: str) -> str:
    """The URL of a new SQLite file in `directory`, a copy of `migrated_sqlite` (at head): for
    a server process whose test is not the migration itself."""
    path = pathlib.Path(directory) / f"{name}.db"
    shutil.copyfile(migrated_sqlite, path)
    return f"sqlite:///{path}"


@pytest.fixture
def sqlite_server(smtp_sink, tmp_path, migrated_sqlite):
    """One service process on a SQLite file (a copy of one migrated to head); yields (its URL,
    the database URL)."""
    url = migrated_sqlite_copy(migrated_sqlite, tmp_path, "registrations")
    env = cluster.service_env(url, MAIL_SERVER="127.0.0.1", MAIL_PORT=smtp_sink[1], **FAST_HASH)
    with cluster.servers(1, env, tempfile.mkdtemp(dir=tmp_path)) as started:
        yield started[0].url, url
    assert "Traceback" not in cluster.log_of(started[0])


# The longest single tests, started first: the suite's processes take files in collection
# order (setup.cfg: by file), and the fuzz test (two to three minutes) collected in the middle
# of the alphabet was often still running alone at the end. The fuzzing is two files, one for
# each process.
LONGEST_FIRST = ("test_fuzz.py", "test_fuzz_resources.py", "test_sections_left_out.py",
                 "test_migrations_with_data.py", "test_migrations.py", "test_first_use.py",
                 "test_tutorial.py", "test_soak.py")


def pytest_collection_modifyitems(config, items):
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: the rest as is
    if LEFT_OUT:  # a left-out section's tests, and those marked as using it, are not run
        tests = pathlib.Path(__file__).parent
        unrun = [item for item in items if item.path.relative_to(tests).parts[0] in LEFT_OUT
                 or any(set(mark.args) & LEFT_OUT for mark in item.iter_markers("sections"))]
        if unrun:
            config.hook.pytest_deselected(items=unrun)
            items[:] = [item for item in items if item not in unrun]


@pytest.fixture
def new_database(tmp_path):
    """Makes empty databases on the backend under test; PostgreSQL's are dropped afterwards."""
    made = []
    if USING_POSTGRES:
        server = POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://").rsplit("/", 1)[0]
        admin = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")

    def make():
        name = "migrate_" + uuid.uuid4().hex[:12]
        made.append(name)
        if not USING_POSTGRES:
            return f"sqlite:///{tmp_path}/{name}.db"
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        return f"{server}/{name}"

    yield make
    if USING_POSTGRES:
        with admin.connect() as conn:
            for name in made:
                conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()
