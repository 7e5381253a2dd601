"""Tracing (docs/how-to/operations.md, "Tracing"): a real serve.py process exports its spans over
OTLP/HTTP to a receiver stand-in on loopback, which parses and counts them; without
OTEL_EXPORTER_OTLP_ENDPOINT, OpenTelemetry is not even imported."""
import os
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from bench import cluster
from tests.conftest import PASSWORD, REDIS_URL, migrated_sqlite_copy
from tests.oauth_providers import GoogleProvider, serve_url

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Receiver:
    """An OTLP/HTTP collector stand-in: POST /v1/traces with a protobuf body, spans counted
    by the instrumentation that made them, names kept."""

    def __init__(self):
        self.spans, self.names, self.paths = Counter(), [], []
        self.cond = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                batch = ExportTraceServiceRequest.FromString(body)
                with receiver.cond:
                    receiver.paths.append((self.path, self.headers["Content-Type"]))
                    for resource in batch.resource_spans:
                        for scope in resource.scope_spans:
                            receiver.spans[scope.scope.name] += len(scope.spans)
                            receiver.names += [span.name for span in scope.spans]
                    receiver.cond.notify_all()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, scopes, names=(), seconds=60):
        """Wait until every instrumentation in `scopes` has sent a span and every span name in
        `names` has come (or the wait ends): a request's own span may come in a later batch
        than its children's."""
        deadline = time.monotonic() + seconds
        with self.cond:
            while not (all(self.spans[scope] for scope in scopes)
                       and set(names) <= set(self.names)):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.cond.wait(left)
            return Counter(self.spans)


# The server spans of the test's two requests, named by their route's rule.
REQUESTS = ("POST /api/auth/sign-up", "GET /api/auth/oauth/<any(github, google):provider>")
SCOPES = ("opentelemetry.instrumentation.flask", "opentelemetry.instrumentation.sqlalchemy",
          "opentelemetry.instrumentation.redis", "opentelemetry.instrumentation.requests")


@pytest.mark.redis
def test_requests_sql_redis_and_outgoing_calls_are_traced(tmp_path, migrated_sqlite):
    receiver, google = Receiver(), GoogleProvider()
    with serve_url(google.app) as google_url:
        google.url = google_url
        env = cluster.service_env(
            migrated_sqlite_copy(migrated_sqlite, tmp_path, "traced"), MAIL_SERVER="",
            OTEL_EXPORTER_OTLP_ENDPOINT=receiver.url, OTEL_BSP_SCHEDULE_DELAY="100",
            RATELIMIT_STORAGE_URI=REDIS_URL, RATELIMIT_KEY_PREFIX="trace-" + uuid.uuid4().hex,
            GOOGLE_CLIENT_ID=google.CLIENT_ID, GOOGLE_CLIENT_SECRET=google.CLIENT_SECRET,
            GOOGLE_DISCOVERY_URL=google.discovery_url)
        with cluster.servers(1, env, tempfile.mkdtemp(dir=tmp_path)) as servers:
            base = servers[0].url
            up = requests.post(f"{base}/api/auth/sign-up", timeout=30, json={
                "email": "traced@example.com", "password": PASSWORD})
            assert up.status_code == 201
            # The provider's discovery document is fetched with requests: an outgoing call.
            start = requests.get(f"{base}/api/auth/oauth/google", allow_redirects=False,
                                 timeout=30)
            assert start.status_code == 302
            spans = receiver.wait_for(SCOPES, REQUESTS)
    assert all(spans[scope] >= 1 for scope in SCOPES), spans
    assert set(REQUESTS) <= set(receiver.names)
    assert receiver.paths[0] == ("/v1/traces", "application/x-protobuf")


def test_off_when_unset_and_nothing_of_it_loaded(tmp_path):
    """redis-py 8 imports OpenTelemetry's API and metrics SDK by itself when they are installed
    (redis/observability); the tracing SDK, the exporter and the instrumentations are ours to
    load, and stay out."""
    code = ("import sys; from app import create_app; "
            f"app = create_app({{'SECRET_KEY': 'x', "
            f"'DATABASE_URL': 'sqlite:///{tmp_path}/off.db'}}); "
            "app.test_client().get('/api/health'); "
            "print(sorted(m for m in sys.modules if m.startswith(("
            "'opentelemetry.instrumentation', 'opentelemetry.exporter', "
            "'opentelemetry.sdk.trace')))); "
            "print(type(app.wsgi_app).__name__)")
    env = cluster.service_env("sqlite:///unused.db")
    env.pop("OTEL_EXPORTER_OTLP_ENDPOINT", None)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip().splitlines()[-2:] == ["[]", "method"]  # Flask's own wsgi_app, unwrapped
