"""The service as production serves it (`python serve.py`, a real waitress process): the client
address behind a proxy (issue 11 item 2) and the limits against exhaustion (item 5)."""
import contextlib
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from bench import cluster
from tests.conftest import migrated_sqlite_copy


class ForwardingProxy:
    """A minimal HTTP proxy on loopback: it appends the client's address to X-Forwarded-For
    (keeping what the client sent, as nginx's $proxy_add_x_forwarded_for does) and passes the
    request on. The tests play several clients by what they claim to come from."""

    def __init__(self, upstream_port):
        self.upstream = ("127.0.0.1", upstream_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(client,), daemon=True).start()

    def _one(self, client):
        with client, socket.create_connection(self.upstream) as upstream:
            data = b""
            while b"\r\n\r\n" not in data:
                data += client.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            lines = head.split(b"\r\n")
            # Who "the client" is: the test names it in X-Client (a real proxy sees the socket).
            claimed = next((line.split(b":", 1)[1].strip() for line in lines
                            if line.lower().startswith(b"x-client:")), b"192.0.2.1")
            forwarded = [line for line in lines if line.lower().startswith(b"x-forwarded-for:")]
            kept = [line for line in lines if line not in forwarded]
            chain = b", ".join([f.split(b":", 1)[1].strip() for f in forwarded] + [claimed])
            kept.append(b"X-Forwarded-For: " + chain)
            kept = [line for line in kept if not line.lower().startswith(b"connection:")]
            kept.append(b"Connection: close")
            length = next((int(line.split(b":", 1)[1]) for line in lines
                           if line.lower().startswith(b"content-length:")), 0)
            while len(body) < length:
                body += client.recv(65536)
            upstream.sendall(b"\r\n".join(kept) + b"\r\n\r\n" + body)
            while chunk := upstream.recv(65536):
                client.sendall(chunk)

    def close(self):
        self.listener.close()


@contextlib.contextmanager
def serving(folder, migrated_sqlite, **settings):
    """`python serve.py` on SQLite (a copy of the migrated file) with settings, while inside."""
    database = migrated_sqlite_copy(migrated_sqlite, folder, f"serve-{uuid.uuid4().hex}")
    env = cluster.service_env(database, **{"MAIL_SERVER": "", "RATELIMIT_PUBLIC": "2 per minute",
                                           **settings})
    with cluster.servers(1, env, tempfile.mkdtemp(dir=folder)) as [started]:
        started.env = env  # for a command run beside it on the same database
        yield started


@pytest.fixture
def serve(tmp_path, migrated_sqlite):
    """Start `python serve.py` with settings (`serving`); yields the server."""
    with contextlib.ExitStack() as stack:
        yield lambda **settings: stack.enter_context(
            serving(tmp_path, migrated_sqlite, **settings))


@pytest.fixture(scope="module")
def default_server(tmp_path_factory, migrated_sqlite):
    """One server with `serving`'s settings for the tests of the limits against exhaustion,
    which count on no rate limit and change nothing (a start each was most of their time)."""
    with serving(tmp_path_factory.mktemp("serving"), migrated_sqlite) as server:
        yield server


def sign_in_via(url, client=None, forwarded=None):
    """A sign-in that fails (an unknown address) at `url`, as the proxy's client `client`
    (X-Client), with `forwarded` as X-Forwarded-For."""
    headers = {}
    if client:
        headers["X-Client"] = client
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    return requests.post(f"{url}/api/auth/sign-in", headers=headers, timeout=30,
                         json={"email": f"{uuid.uuid4().hex}@example.com", "password": "x"})


def test_behind_a_trusted_proxy_each_client_has_its_own_bucket(serve):
    server = serve(TRUSTED_PROXY_COUNT=1)
    proxy = ForwardingProxy(server.port)
    try:
        assert ([sign_in_via(proxy.url, "192.0.2.1").status_code for _ in range(3)]
                == [401, 401, 429])
        # Another client behind the same proxy is not locked out by the first one.
        assert sign_in_via(proxy.url, "192.0.2.2").status_code == 401
        # A client's own X-Forwarded-For is not believed: the proxy's last entry is.
        spoofed = sign_in_via(proxy.url, "192.0.2.1", forwarded="198.51.100.9")
        assert spoofed.status_code == 429
    finally:
        proxy.close()


def test_without_trusted_proxies_the_socket_address_counts_and_the_header_is_ignored(serve):
    server = serve()
    statuses = [sign_in_via(server.url, forwarded=f"203.0.113.{i}").status_code for i in range(3)]
    assert statuses == [401, 401, 429]  # one bucket: the socket's, whatever the header says


def slow_client(port, opened):
    """A connection that sends half a request line and then nothing (slowloris)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
    opened.append(sock)


def test_a_hundred_and_fifty_slow_connections_do_not_stop_answers(default_server):
    server = default_server
    opened = []
    try:
        for _ in range(150):
            slow_client(server.port, opened)
        started = time.monotonic()
        health = requests.get(f"{server.url}/api/health", timeout=2)
        assert health.status_code == 200 and time.monotonic() - started < 2
    finally:
        for sock in opened:
            sock.close()


def test_a_twenty_megabyte_upload_is_refused_before_it_is_read(default_server):
    server = default_server
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"POST /api/auth/sign-up HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: 20000000\r\n\r\n" + b" " * 65536)
        # The answer comes now, with 19.9 MB still unsent (else recv times out after 5 s).
        answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


def test_a_body_just_over_one_mib_gets_the_json_413(default_server):
    server = default_server
    body = b'{"email": "' + b"a" * (1024 * 1024 + 10) + b'"}'
    response = requests.post(f"{server.url}/api/auth/sign-up", data=body, timeout=30,
                             headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == "PAYLOAD_TOO_LARGE"


def test_a_queue_of_waiting_requests_writes_no_log_line_per_request(default_server):
    """waitress warns "Task queue depth is N" for each request that waits for a thread: under
    load, a line per request. serve.py keeps the queue's errors only."""
    server = default_server
    start = threading.Barrier(64)

    def one():
        start.wait()
        assert requests.get(f"{server.url}/api/health", timeout=30).status_code == 200

    clients = [threading.Thread(target=one) for _ in range(64)]
    for client in clients:
        client.start()
    for client in clients:
        client.join()
    assert "Task queue depth" not in cluster.log_of(server)


def test_every_server_thread_reads_sessions_as_they_are_now_committed(serve):
    """On SQLite each server thread reads the bearer lookup on a connection of its own
    (perf/held_sqlite.py): a change committed by another thread, or by another process
    (the CLI), is what every thread's next read sees."""
    server = serve(RATELIMIT_PUBLIC="100 per minute")
    email = f"{uuid.uuid4().hex[:12]}@example.com"
    token = requests.post(f"{server.url}/api/auth/sign-up", timeout=30, json={
        "email": email, "password": "correct horse battery staple"}).json()["session"]["token"]

    def read_all(count=32):
        # More requests at once than the server has threads: every thread answers some.
        def read(_):
            response = requests.get(f"{server.url}/api/auth/session", timeout=30,
                                    headers={"Authorization": f"Bearer {token}"})
            return response.status_code, (response.json().get("user") or {}).get("role")
        with ThreadPoolExecutor(16) as pool:
            return set(pool.map(read, range(count)))

    assert read_all() == {(200, "user")}
    subprocess.run([sys.executable, "-m", "flask", "--app", "app", "set-role", email, "admin"],
                   env=server.env, check=True, capture_output=True, timeout=60)
    assert read_all() == {(200, "admin")}
    signed_out = requests.post(f"{server.url}/api/auth/sign-out", timeout=30,
                               headers={"Authorization": f"Bearer {token}"})
    assert signed_out.status_code == 200
    assert read_all() == {(401, None)}
