"""The per-account failure cap (contract section 6, issue 11 item 1) holds however many attempts
arrive at once: real waitress processes, 40+ concurrent wrong passwords or codes, at most 10 of
them ever checked (401 / 400), the others 429."""
import tempfile
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pyotp
import pytest
import requests

from bench import cluster
from tests.conftest import PASSWORD, migrated_sqlite_copy
from tests.http import bearer, sign_up_at

CAP = 10
CONCURRENT = 48


def at_once(count, request):
    """Run `request(i)` `count` times in parallel, released together; their status codes."""
    barrier = threading.Barrier(count)

    def one(i):
        barrier.wait(timeout=30)
        return request(i).status_code

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, range(count)))


def assert_capped(statuses, refused_status=401):
    assert set(statuses) <= {refused_status, 429}, statuses
    assert 1 <= statuses.count(refused_status) <= CAP, statuses


def wrong_passwords(servers, email):
    def attempt(i):
        return requests.post(f"{servers[i % len(servers)]}/api/auth/sign-in",
                             json={"email": email, "password": f"wrong-{i}"}, timeout=60)
    return attempt


@pytest.fixture
def argon2_server(tmp_path, smtp_sink, migrated_sqlite):
    """One waitress process on SQLite with in-memory limits and the real argon2 parameters
    (a hash takes long enough for the attempts to overlap, as in production)."""
    env = cluster.service_env(migrated_sqlite_copy(migrated_sqlite, tmp_path, "cap"),
                              RATELIMIT_STORAGE_URI="memory://",
                              MAIL_SERVER="127.0.0.1", MAIL_PORT=smtp_sink[1])
    with cluster.servers(1, env, tempfile.mkdtemp(dir=tmp_path), threads=16) as started:
        yield started[0].url
    assert "Traceback" not in cluster.log_of(started[0])


def test_concurrent_wrong_passwords_on_one_process_pass_the_cap_at_most_ten_times(
        argon2_server):
    email = f"{uuid.uuid4().hex[:10]}@example.com"
    bearer(sign_up_at(argon2_server, email)["session"]["token"])
    assert_capped(at_once(CONCURRENT, wrong_passwords([argon2_server], email)))
    right = requests.post(f"{argon2_server}/api/auth/sign-in",
                          json={"email": email, "password": PASSWORD}, timeout=30)
    assert right.status_code == 429 and "Retry-After" in right.headers


def test_concurrent_wrong_two_factor_codes_are_capped(argon2_server, smtp_sink):
    mail = smtp_sink[0]
    email = f"{uuid.uuid4().hex[:10]}@example.com"
    headers = bearer(sign_up_at(argon2_server, email)["session"]["token"])
    token = mail.last_token(email)
    requests.post(f"{argon2_server}/api/auth/verify-email", json={"token": token}, timeout=30)
    secret = requests.post(f"{argon2_server}/api/auth/two-factor/enable", headers=headers,
                           timeout=30).json()["secret"]
    enabled = requests.post(f"{argon2_server}/api/auth/two-factor/verify", headers=headers,
                            json={"code": pyotp.TOTP(secret).now()}, timeout=30)
    assert enabled.status_code == 200, enabled.text

    def wrong_code(i):
        return requests.post(f"{argon2_server}/api/auth/two-factor/disable", headers=headers,
                             json={"code": f"{i:06d}"[-6:], "password": PASSWORD},
                             timeout=60)

    statuses = at_once(CONCURRENT, wrong_code)
    # A wrong code at disable is 400 INVALID_TOTP (contract section 1); none may be right.
    assert_capped(statuses, refused_status=400)


@pytest.mark.postgres
@pytest.mark.redis
def test_concurrent_wrong_passwords_over_two_processes_pass_the_cap_at_most_ten_times(
        database, smtp_sink, tmp_path):
    env = cluster.service_env(
        database, RATELIMIT_STORAGE_URI=cluster.redis_url(),
        RATELIMIT_KEY_PREFIX="cap-" + uuid.uuid4().hex, MAIL_SERVER="127.0.0.1",
        MAIL_PORT=smtp_sink[1])
    with cluster.servers(2, env, tempfile.mkdtemp(dir=tmp_path), threads=16) as pair:
        urls = [server.url for server in pair]
        email = f"{uuid.uuid4().hex[:10]}@example.com"
        sign_up_at(urls[0], email)
        assert_capped(at_once(64, wrong_passwords(urls, email)))
    for server in pair:
        assert "Traceback" not in cluster.log_of(server)


def test_a_right_password_gives_its_count_back(client, auth):
    """Only failures use the budget: 9 wrong, any number right, and one more wrong is still
    checked (401); the 11th failure is refused."""
    auth.sign_up()
    body = {"email": "alice@example.com"}
    for _ in range(9):
        assert client.post("/api/auth/sign-in", json={**body, "password": "wrong"}).status_code \
            == 401
    for _ in range(5):
        assert client.post("/api/auth/sign-in", json={**body, "password": PASSWORD}).status_code \
            == 200
    assert client.post("/api/auth/sign-in", json={**body, "password": "wrong"}).status_code == 401
    assert client.post("/api/auth/sign-in", json={**body, "password": PASSWORD}).status_code \
        == 429
