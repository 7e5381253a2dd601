"""The service's requests to identity providers (extensions.md E4.2): any project owner names
the provider, so only https URLs of public addresses are fetched, no redirect is followed, and a
body over 1 MiB or an answer slower than 3 seconds is cut off; SSO_ALLOW_PRIVATE_NETWORKS lifts
the first two only (the provider stand-ins below live on loopback, so the tests turn it on)."""
import json
import socket
import threading
import time
from contextlib import contextmanager

import pytest

from tests.content import signed_in_user
from tests.factories import make_project
from tests.http import error
from tests.oauth_providers import serve_url


@pytest.fixture
def owner(app):
    headers = signed_in_user(app, "owner@corp.test")
    return make_project(app, "owner@corp.test"), headers


def connect(client, owner, issuer):
    project, headers = owner
    return client.post(f"/api/projects/{project}/sso-connections", headers=headers, json={
        "type": "oidc", "name": "IdP", "issuer": issuer, "clientId": "c", "clientSecret": "s"})


def refused_issuer(response) -> str:
    body = error(response, 400, "VALIDATION_ERROR")
    return " ".join(body["details"]["issuer"])


@pytest.mark.parametrize("issuer", [
    "https://127.0.0.1:9", "https://10.1.2.3", "https://172.16.0.1", "https://172.31.255.254",
    "https://192.168.1.1", "https://169.254.169.254", "https://[::1]:9", "https://[fc00::1]",
    "https://[fd12:3456::1]", "https://[::ffff:127.0.0.1]", "https://0.0.0.0",
    "https://localhost:9",  # a name resolving to loopback
    # IPv6 addresses leading to a private IPv4 one: NAT64, 6to4, Teredo, IPv4-compatible
    "https://[64:ff9b::a9fe:a9fe]", "https://[64:ff9b::7f00:1]", "https://[64:ff9b:1::a01:203]",
    "https://[2002:a01:203::1]", "https://[2001:0:808:808::f5ff:fffe]", "https://[::a01:203]",
    "https://[::7f00:1]",
])
def test_private_addresses_are_refused_by_default(client, owner, issuer):
    assert "not a public address" in refused_issuer(connect(client, owner, issuer))


def test_only_https_by_default(client, owner, oidc_provider):
    assert "only https" in refused_issuer(connect(client, owner, oidc_provider.issuer))
    assert "only https" in refused_issuer(connect(client, owner, "ftp://example.com"))


def test_the_flag_lets_a_loopback_provider_in(make_app, oidc_provider):
    app = make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)
    client = app.test_client()
    headers = signed_in_user(app, "owner@corp.test")
    project = make_project(app, "owner@corp.test")
    made = connect(client, (project, headers), oidc_provider.issuer)
    assert made.status_code == 201, made.get_json()


def stand_in(answer):
    """A WSGI app answering the discovery path with `answer(start_response)`."""
    def app(environ, start_response):
        return answer(start_response)
    return app


def redirect_to(target):
    def answer(start_response):
        start_response("302 Found", [("Location", target), ("Content-Length", "0")])
        return [b""]
    return answer


def big_body(start_response):
    document = json.dumps({"issuer": "x", "padding": "a" * (2 * 1024 * 1024)}).encode()
    start_response("200 OK", [("Content-Type", "application/json")])
    return (document[i:i + 65536] for i in range(0, len(document), 65536))  # no length given


TRICKLED = []  # the bytes `trickle` gave its server to send


def trickle(start_response):
    start_response("200 OK", [("Content-Type", "application/json")])

    def body():
        yield b"{"
        for _ in range(50):  # one byte every 0.2 s: the answer never ends within 3 seconds
            time.sleep(0.2)
            TRICKLED.append(b" ")
            yield b" "
    return body()


@pytest.mark.parametrize("answer, reason", [
    (redirect_to("http://169.254.169.254/latest/meta-data/"), "redirect"),
    (redirect_to("http://127.0.0.1:9/.well-known/openid-configuration"), "redirect"),
    (big_body, "more than 1048576 bytes"),
    (trickle, "within 3 seconds"),
], ids=["redirect-to-metadata", "redirect-to-loopback", "over-1-MiB", "slow"])
def test_redirects_big_and_slow_answers_are_cut_off(make_app, answer, reason):
    app = make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)
    client = app.test_client()
    headers = signed_in_user(app, "owner@corp.test")
    project = make_project(app, "owner@corp.test")
    TRICKLED.clear()
    with serve_url(stand_in(answer)) as url:
        message = refused_issuer(connect(client, (project, headers), url))
        answered = len(TRICKLED)
    assert reason in message, message
    assert answered < 25  # a slow answer is cut off, not waited out (most not yet sent)


@contextmanager
def dripping(head: bytes, body: bytes):
    """A loopback server answering one request with `head` at once, then `body` one byte a
    second: every read gets a byte well within the 3 seconds, the whole never does. Yields
    its URL and the list of the bytes of `body` it sent before the service hung up (or
    before the test ended): one a second, so a request cut at its deadline leaves most unsent,
    whatever the machine's load."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(10)
    stop = threading.Event()
    sent = []

    def answer():
        try:
            conn, _ = server.accept()
        except OSError:
            return
        with conn:
            try:
                conn.recv(65536)  # the request
                conn.sendall(head)
                for byte in body:
                    if stop.wait(1):
                        break
                    conn.sendall(bytes([byte]))
                    sent.append(byte)
            except OSError:  # the service hung up: what is expected
                pass

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}", sent
    finally:
        stop.set()
        server.close()
        thread.join()


DOCUMENT = b'{"issuer": "x"}' + b" " * 40
HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(DOCUMENT))


@pytest.mark.parametrize("head, body", [(b"", HEAD + DOCUMENT), (HEAD, DOCUMENT)],
                         ids=["headers", "body-of-known-length"])
def test_an_answer_dripping_within_each_read_is_cut_off_at_3_seconds(make_app, head, body):
    app = make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)
    client = app.test_client()
    headers = signed_in_user(app, "owner@corp.test")
    project = make_project(app, "owner@corp.test")
    with dripping(head, body) as (url, sent):
        message = refused_issuer(connect(client, (project, headers), url))
        assert len(sent) < len(body) // 2, sent  # cut off, not waited out
    assert "within 3 seconds" in message, message


def test_answers_dripping_at_once_are_each_cut_off_at_3_seconds(make_app):
    # One watchdog for all: each request's sockets are shut at its own deadline.
    app = make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)
    headers = signed_in_user(app, "owner@corp.test")
    owner = make_project(app, "owner@corp.test"), headers
    messages = []

    def creation(url):
        messages.append(refused_issuer(connect(app.test_client(), owner, url)))

    with dripping(b"", HEAD + DOCUMENT) as (first, sent_first), \
            dripping(HEAD, DOCUMENT) as (second, sent_second):
        threads = [threading.Thread(target=creation, args=(url,)) for url in (first, second)]
        for thread in threads:
            thread.start()
            time.sleep(0.5)  # deadlines half a second apart
        for thread in threads:
            thread.join()
        # Each cut off, not waited out: most of each body was never sent.
        assert len(sent_first) < len(HEAD + DOCUMENT) // 2, sent_first
        assert len(sent_second) < len(DOCUMENT) // 2, sent_second
    assert len(messages) == 2 and all("within 3 seconds" in m for m in messages), messages


def test_provider_requests_start_no_thread_of_their_own(make_app, monkeypatch):
    # One watchdog thread per process ends every request at its deadline (core/
    # watchdog.py): none is started per request. (The host name lookups' pool may still grow
    # to its 4 threads, which a lookup may start when the last one is not yet idle again.)
    app = make_app(SSO_ALLOW_PRIVATE_NETWORKS=True)
    client = app.test_client()
    headers = signed_in_user(app, "owner@corp.test")
    owner = make_project(app, "owner@corp.test"), headers
    here, started = threading.current_thread(), []
    start = threading.Thread.start

    def counted(thread):
        if threading.current_thread() is here and not thread.name.startswith("guarded-dns"):
            started.append(thread.name)
        return start(thread)

    with serve_url(stand_in(redirect_to("http://127.0.0.1:9/"))) as url:
        refused_issuer(connect(client, owner, url))  # the first may start the watchdog
        monkeypatch.setattr(threading.Thread, "start", counted)
        for _ in range(3):
            assert "redirect" in refused_issuer(connect(client, owner, url))
    assert started == []
