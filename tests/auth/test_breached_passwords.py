"""Breached passwords (extensions E1.1): the shipped list, checked offline at sign-up, change and
reset of a password; and the k-anonymity range API against a stand-in on loopback that serves
`/range/{prefix}` with padding lines, and can fail, redirect, answer garbage or 10 MB, or hang."""
import hashlib
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from sections.auth.services import breached_passwords, pwned_range
from tests.conftest import PASSWORD, AuthActions

# In the shipped list (SecLists' top 1M) and strong enough for zxcvbn: only the list refuses them.
BREACHED = ["VQsaBLPzLa", "MeveFalkcakk", "tAMwsN3sja"]
# In no list: a password the range stand-in decides about.
FRESH = "plum-Otter-quarry-5120"
FRESH_SHA1 = hashlib.sha1(FRESH.encode()).hexdigest().upper()
RANGE_LOG = "sections.auth.services.pwned_range"
PADDING = b"0" * 35 + b":0\r\n"


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=["http://app.test"])


def refused_as_breached(response, field):
    body = response.get_json()
    assert response.status_code == 400, body
    assert body["error"] == "VALIDATION_ERROR"
    [message] = body["details"][field]
    assert "data breach" in message
    return True


# --- the shipped list ---

def test_the_shipped_list_holds_at_least_100000_entries():
    shipped = breached_passwords.read()
    assert shipped.count >= 100_000
    assert "SecLists" in shipped.header and "min-length=8" in shipped.header
    for password in BREACHED + ["password1", "iloveyou2"]:
        assert hashlib.sha1(password.encode()).digest() in shipped
    assert hashlib.sha1(FRESH.encode()).digest() not in shipped


def test_the_list_is_read_once_per_process(app):
    with app.app_context():
        assert breached_passwords.breach_list() is breached_passwords.breach_list()


def test_a_damaged_list_stops_the_process_instead_of_checking_nothing(tmp_path):
    damaged = tmp_path / "list.bin"
    data = breached_passwords.PATH.read_bytes()
    damaged.write_bytes(data[:-3])
    with pytest.raises(RuntimeError, match="damaged"):
        breached_passwords.read(damaged)


@pytest.mark.parametrize("password", BREACHED)
def test_sign_up_refuses_a_breached_password(client, password):
    response = client.post("/api/auth/sign-up",
                           json={"email": "alice@example.com", "password": password})
    assert refused_as_breached(response, "password")


def test_a_weak_password_and_a_breached_one_each_say_why_in_the_message(client, auth):
    """One rule for a VALIDATION_ERROR with one reason: `message` is that reason, whether the
    schema refused the password (weak) or the service did (breached), at sign-up or change."""
    weak = client.post("/api/auth/sign-up",
                       json={"email": "bob@example.com", "password": "password1234"})
    breached = client.post("/api/auth/sign-up",
                           json={"email": "bob@example.com", "password": BREACHED[0]})
    changed = client.post("/api/auth/change-password", headers=auth.headers(),
                          json={"currentPassword": PASSWORD, "newPassword": "password1234"})
    for answer, field in ((weak, "password"), (breached, "password"), (changed, "newPassword")):
        body = answer.get_json()
        assert answer.status_code == 400 and body["error"] == "VALIDATION_ERROR"
        assert [body["message"]] == body["details"][field]
    assert weak.get_json()["message"].startswith("Password is too weak")
    two = client.post("/api/auth/sign-up", json={"email": "bob@", "password": "short"})
    assert two.get_json()["message"] == "Request validation failed"
    assert set(two.get_json()["details"]) == {"email", "password"}


def test_change_password_refuses_a_breached_password(client, auth):
    headers = auth.headers()
    response = client.post("/api/auth/change-password", headers=headers,
                           json={"currentPassword": PASSWORD, "newPassword": BREACHED[0]})
    assert refused_as_breached(response, "newPassword")
    assert client.post("/api/auth/sign-in", json={
        "email": "alice@example.com", "password": PASSWORD}).status_code == 200


def test_reset_password_refuses_a_breached_password_and_keeps_the_token(client, auth, mail):
    auth.sign_up()
    client.post("/api/auth/forgot-password", json={
        "email": "alice@example.com", "redirectUrl": "http://app.test/reset"})
    token = mail.last_token("alice@example.com")
    refused = client.post("/api/auth/reset-password",
                          json={"token": token, "newPassword": BREACHED[1]})
    assert refused_as_breached(refused, "newPassword")
    done = client.post("/api/auth/reset-password", json={"token": token, "newPassword": FRESH})
    assert done.status_code == 200


def test_the_offline_check_can_be_turned_off(make_app):
    client = make_app(BREACHED_PASSWORDS_OFFLINE=False).test_client()
    AuthActions(client).sign_up(password=BREACHED[0])


# --- the range API: a stand-in on loopback ---

class RangeService(ThreadingHTTPServer):
    """Answers `/range/{prefix}` as told by `mode`; keeps every request line and header seen."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), RangeHandler)
        self.mode, self.count, self.seen = "ok", 3, []
        self.release = threading.Event()  # lets a hanging answer go at the end of the test

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}"


class RangeHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        service = self.server
        service.seen.append((self.path, dict(self.headers)))
        prefix = self.path.rsplit("/", 1)[-1]
        mode = service.mode
        if mode == "hang":
            service.release.wait(30)
            return
        if mode == "redirect":
            self.send_response(302)
            self.send_header("Location", f"{service.url}/elsewhere/{prefix}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if mode == "drip":  # the lines one byte at a time, never done within the budget
            return self.drip(self.lines(prefix))
        if mode == "huge unannounced":  # 10 MB without a Content-Length, until closed
            return self.flood()
        status, body = {
            "ok": lambda: (200, self.lines(prefix)),
            "error": lambda: (503, b"Service Unavailable"),
            "garbage": lambda: (200, b"<html>not a range answer</html>"),
            "bad line": lambda: (200, self.lines(prefix) + b"\r\nABCDEF:12"),
            "huge": lambda: (200, self.lines(prefix) + b"\r\n" + PADDING * 260_000),
        }[mode]()
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def drip(self, body):
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        for byte in body:
            if self.server.release.wait(0.05):
                return
            self.wfile.write(bytes([byte]))
            self.wfile.flush()

    def flood(self):
        self.send_response(200)
        self.end_headers()
        try:
            for _ in range(260):
                self.wfile.write(PADDING * 1000)
        except OSError:  # the client stopped reading at its cap
            pass

    def lines(self, prefix):
        """Padding lines (count 0) around the listed suffixes, as the real service pads."""
        listed = [("0" * 35, 0), ("F" * 35, 0)]
        if prefix == FRESH_SHA1[:5]:
            listed.append((FRESH_SHA1[5:], self.server.count))
        return "\r\n".join(f"{suffix}:{count}" for suffix, count in listed).encode()


@pytest.fixture
def range_service():
    service = RangeService()
    thread = threading.Thread(target=service.serve_forever, daemon=True)
    thread.start()
    yield service
    service.release.set()
    service.shutdown()
    service.server_close()


@pytest.fixture
def range_client(make_app, range_service):
    def client_for(**settings):
        return make_app(PWNED_PASSWORDS_URL=range_service.url, **settings).test_client()
    return client_for


def sign_up(client, password=FRESH):
    return client.post("/api/auth/sign-up",
                       json={"email": "alice@example.com", "password": password})


def test_a_listed_password_is_refused_and_only_the_prefix_is_sent(range_client, range_service):
    response = sign_up(range_client())
    assert refused_as_breached(response, "password")
    [(path, headers)] = range_service.seen
    assert path == f"/range/{FRESH_SHA1[:5]}"
    assert headers["Add-Padding"] == "true"
    sent = path + repr(headers)
    assert FRESH_SHA1[5:] not in sent.upper() and FRESH not in sent


def test_a_count_under_the_minimum_is_accepted(range_client, range_service):
    range_service.count = 2
    assert sign_up(range_client(PWNED_PASSWORDS_MIN_COUNT=3)).status_code == 201
    range_service.count = 3
    client = range_client(PWNED_PASSWORDS_MIN_COUNT=3)
    assert refused_as_breached(
        client.post("/api/auth/sign-up", json={"email": "bob@example.com", "password": FRESH}),
        "password")


def test_a_padding_line_does_not_refuse(range_client, range_service):
    range_service.count = 0  # listed only as padding
    assert sign_up(range_client()).status_code == 201


@pytest.mark.parametrize("mode", ["error", "garbage", "bad line", "huge", "huge unannounced",
                                  "redirect"])
def test_a_failing_range_service_is_skipped_with_a_warning(range_client, range_service, mode,
                                                          caplog):
    range_service.mode = mode
    with caplog.at_level(logging.WARNING, logger=RANGE_LOG):
        response = sign_up(range_client())
    assert response.status_code == 201, response.get_json()
    assert any("range check skipped" in r.getMessage() for r in caplog.records)
    paths = [path for path, _ in range_service.seen]
    assert not any(path.startswith("/elsewhere") for path in paths)  # never followed


@pytest.mark.parametrize("mode", ["hang", "drip"])
def test_a_range_service_past_the_budget_is_skipped(range_client, range_service, mode, caplog):
    range_service.mode = mode
    with caplog.at_level(logging.WARNING, logger=RANGE_LOG):
        response = sign_up(range_client(PWNED_PASSWORDS_TIMEOUT=0.3))
    assert response.status_code == 201, response.get_json()
    assert any("range check skipped" in r.getMessage() for r in caplog.records)


def test_an_unreachable_range_service_is_skipped(make_app, caplog):
    from tests.conftest import free_port
    client = make_app(PWNED_PASSWORDS_URL=f"http://127.0.0.1:{free_port()}").test_client()
    with caplog.at_level(logging.WARNING, logger=RANGE_LOG):
        assert sign_up(client).status_code == 201
    assert any("range check skipped" in r.getMessage() for r in caplog.records)


def test_the_offline_list_answers_before_the_range_service_is_asked(range_client,
                                                                    range_service):
    assert refused_as_breached(sign_up(range_client(), BREACHED[2]), "password")
    assert range_service.seen == []


@pytest.mark.parametrize("body, count", [
    (b"", 0), (FRESH_SHA1[5:].encode() + b":7\r\n", 7),
    (FRESH_SHA1[5:].lower().encode() + b":7", 7),
])
def test_range_lines_are_read_strictly(body, count):
    assert pwned_range.parse(body, FRESH_SHA1[5:]) == count
    for bad in (b"\r\n\r\n", b"X" * 35 + b":1", b"0" * 35 + b":", b"0" * 35 + b":-1",
                b"0" * 36 + b":1", b"0" * 35 + b":1 "):
        with pytest.raises(pwned_range.RangeFailure):
            pwned_range.parse(body + b"\n" + bad, FRESH_SHA1[5:])
