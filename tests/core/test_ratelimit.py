"""Rate limits (contract section 6): headers, JSON 429, per IP / per user, shared storage."""
import time
import uuid

import pytest

from tests.conftest import REDIS_URL

HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")


def unknown_sign_in(client, ip="192.0.2.1"):
    # A fresh address per call keeps the per-account failure cap out of the way.
    return client.post("/api/auth/sign-in",
                       json={"email": f"{uuid.uuid4().hex}@example.com", "password": "x"},
                       environ_base={"REMOTE_ADDR": ip})


def test_public_endpoint_allows_100_per_minute_then_429(client):
    for expected_remaining in range(99, -1, -1):
        response = unknown_sign_in(client)
        assert response.status_code == 401
        assert response.headers["X-RateLimit-Limit"] == "100"
        assert response.headers["X-RateLimit-Remaining"] == str(expected_remaining)
        assert "Retry-After" not in response.headers  # only a refusal says when to retry
    limited = unknown_sign_in(client)
    assert limited.status_code == 429
    assert limited.get_json() == {"error": "RATE_LIMITED",
                                  "message": "Rate limit exceeded: 100 per 1 minute"}
    assert limited.headers["X-RateLimit-Remaining"] == "0"
    reset = int(limited.headers["X-RateLimit-Reset"])
    assert time.time() < reset <= time.time() + 61
    assert 0 < int(limited.headers["Retry-After"]) <= 61


def test_counters_are_per_ip_and_per_endpoint(make_app):
    client = make_app(RATELIMIT_PUBLIC="2 per minute").test_client()
    assert [unknown_sign_in(client).status_code for _ in range(3)] == [401, 401, 429]
    assert unknown_sign_in(client, ip="192.0.2.2").status_code == 401
    other_endpoint = client.post("/api/auth/send-verification-email",
                                 json={"email": "a@example.com"},
                                 environ_base={"REMOTE_ADDR": "192.0.2.1"})
    assert other_endpoint.status_code == 200


def test_authenticated_endpoints_count_per_user_at_1000(client, auth):
    headers = auth.headers()
    response = client.get("/api/auth/session", headers=headers)
    assert response.headers["X-RateLimit-Limit"] == "1000"
    assert response.headers["X-RateLimit-Remaining"] == "999"
    # Same user from another address shares the counter.
    other_ip = client.get("/api/auth/session", headers=headers,
                          environ_base={"REMOTE_ADDR": "198.51.100.7"})
    assert other_ip.headers["X-RateLimit-Remaining"] == "998"


def test_bad_token_on_authenticated_endpoint_counts_at_the_public_rate(client):
    response = client.get("/api/auth/session", headers={"Authorization": "Bearer nope"})
    assert response.status_code == 401
    assert response.headers["X-RateLimit-Limit"] == "100"


def test_authenticated_limit_is_configurable(make_app):
    client = make_app(RATELIMIT_AUTHENTICATED="2 per minute").test_client()
    token = client.post("/api/auth/sign-up", json={
        "email": "alice@example.com", "password": "Tr0ub4dor&3-horse-staple"}
    ).get_json()["session"]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    codes = [client.get("/api/auth/session", headers=headers).status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_forwarded_for_is_ignored_unless_proxies_are_trusted(make_app):
    client = make_app(RATELIMIT_PUBLIC="1 per minute").test_client()
    spoofed = [client.post("/api/auth/send-verification-email", json={"email": "a@example.com"},
                           headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
               for i in range(2)]
    assert spoofed == [200, 429]


def test_trusted_proxy_count_uses_the_forwarded_address(make_app):
    client = make_app(RATELIMIT_PUBLIC="1 per minute", TRUSTED_PROXY_COUNT=1).test_client()
    codes = [client.post("/api/auth/send-verification-email", json={"email": "a@example.com"},
                         headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
             for i in (1, 2, 1)]
    assert codes == [200, 200, 429]


def test_health_is_not_limited(make_app):
    client = make_app(RATELIMIT_PUBLIC="1 per minute").test_client()
    assert {client.get("/api/health").status_code for _ in range(5)} == {200}


def test_in_memory_counters_arm_one_sweep_a_second_not_a_thread_per_request(make_app):
    """limits' own memory storage starts a new timer thread every 10 ms under load; the
    service's keeps one armed for SWEEP_SECONDS (ratelimit.SweptMemoryStorage)."""
    from core.ratelimit import limiter_of
    from perf.limiter import SweptMemoryStorage

    app = make_app(RATELIMIT_STORAGE_URI="memory://", RATELIMIT_PUBLIC="100000 per minute")
    storage = limiter_of(app).limiter.storage
    assert isinstance(storage, SweptMemoryStorage)
    client = app.test_client()
    assert client.get("/api/auth/session").headers["X-RateLimit-Remaining"] == "99999"
    timer = storage.timer
    started = time.monotonic()
    while time.monotonic() - started < 0.1:  # ten of limits' 10 ms timers
        assert client.get("/api/auth/session").status_code == 401
    assert storage.timer is timer and timer.is_alive()


def test_the_short_path_answers_and_counts_as_flask_limiters_general_path(make_app):
    """perf/limiter.py's ServiceLimiter checks the service's plain default limits without
    Flask-Limiter's general resolution: the same requests get the same answers, headers and
    counters."""
    from core.ratelimit import limiter_of

    settings = {"RATELIMIT_STORAGE_URI": "memory://", "RATELIMIT_PUBLIC": "2 per minute",
                "RATELIMIT_AUTHENTICATED": "3 per minute", "RATELIMIT_KEY_PREFIX": "p"}
    short, general = make_app(**settings), make_app(**settings)
    assert limiter_of(short).plain_defaults  # the service's limits take the short path
    assert limiter_of(short).inject_headers in short.after_request_funcs[None]
    limiter_of(general).plain_defaults = None
    signed_up = make_app().test_client().post("/api/auth/sign-up", json={
        "email": "alice@example.com", "password": "Tr0ub4dor&3-horse-staple"}).get_json()
    token, user_id = signed_up["session"]["token"], signed_up["user"]["id"]

    def run(app):
        client, seen = app.test_client(), []
        requests = ([("get", "/api/auth/session", {"Authorization": f"Bearer {token}"})] * 4
                    + [("get", "/api/auth/session", {"Authorization": "Bearer nope"})] * 3
                    + [("get", "/api/health", {})] * 3 + [("get", "/api/nowhere", {})] * 3)
        for method, path, headers in requests:
            response = getattr(client, method)(path, headers=headers)
            # Every value of each header: one path writing what the other has written too
            # would show as a second value.
            seen.append((path, response.status_code, response.get_json(),
                         *(response.headers.getlist(h) for h in HEADERS[:2]),
                         len(response.headers.getlist("X-RateLimit-Reset")),
                         "Retry-After" in response.headers))
        storage = limiter_of(app).limiter.storage
        return seen, sorted((key, storage.get(key)) for key in storage.storage)

    answers, counters = run(short)
    assert run(general) == (answers, counters)
    # ...and as Flask-Limiter alone, without perf/limiter.py (PERF_OFF, bench/pieces.py).
    assert run(make_app(**settings, PERF_OFF="limiter")) == (answers, counters)
    assert [a[1] for a in answers[:7]] == [200, 200, 200, 429, 401, 401, 429]
    assert counters == [("LIMITER/p/ip:127.0.0.1/auth.get_session/2/1/minute", 3),
                        (f"LIMITER/p/user:{user_id}/auth.get_session/3/1/minute", 4)]


@pytest.mark.redis
def test_limits_are_shared_by_two_app_instances_through_redis(make_app):
    prefix = "shared-" + uuid.uuid4().hex
    settings = {"RATELIMIT_STORAGE_URI": REDIS_URL, "RATELIMIT_KEY_PREFIX": prefix,
                "RATELIMIT_PUBLIC": "3 per minute"}
    first, second = make_app(**settings).test_client(), make_app(**settings).test_client()
    codes = [unknown_sign_in(c).status_code for c in (first, second, first, second)]
    assert codes == [401, 401, 401, 429]


@pytest.mark.redis
def test_account_failure_cap_is_shared_through_redis(make_app):
    settings = {"RATELIMIT_STORAGE_URI": REDIS_URL,
                "RATELIMIT_KEY_PREFIX": "shared-" + uuid.uuid4().hex,
                "ACCOUNT_FAILURE_LIMIT": "2 per 15 minutes"}
    first, second = make_app(**settings).test_client(), make_app(**settings).test_client()
    body = {"email": "victim@example.com", "password": "wrong"}
    codes = [c.post("/api/auth/sign-in", json=body).status_code for c in (first, second, first)]
    assert codes == [401, 401, 429]


def test_redis_down_fails_open_to_memory_with_a_warning(make_app, caplog):
    client = make_app(RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0",
                      RATELIMIT_PUBLIC="2 per minute").test_client()
    codes = [unknown_sign_in(client).status_code for _ in range(3)]
    assert codes == [401, 401, 429]  # counted in this process's memory meanwhile
    assert "falling back to in-memory storage" in caplog.text


@pytest.mark.redis
def test_one_redis_round_trip_per_request_with_the_general_paths_answers(make_app, monkeypatch):
    """perf/limiter.py's HIT_WITH_TTL: the hit and the window's state for the headers in one
    round trip, where limits' own path takes three; same answers, headers and counters."""
    from core.ratelimit import limiter_of

    settings = {"RATELIMIT_STORAGE_URI": REDIS_URL, "RATELIMIT_PUBLIC": "2 per minute"}
    short = make_app(**settings, RATELIMIT_KEY_PREFIX="one-" + uuid.uuid4().hex)
    general = make_app(**settings, RATELIMIT_KEY_PREFIX="all-" + uuid.uuid4().hex,
                       PERF_OFF="limiter")
    # Every command of every client of this process (the limiter's storage and each serving
    # thread's own connection: perf/limiter.py).
    sent = []
    client_class = type(limiter_of(short).limiter.storage.get_connection())
    command = client_class.execute_command
    monkeypatch.setattr(client_class, "execute_command", lambda self, *args, **kw: (
        sent.append(args[0]) or command(self, *args, **kw)))

    def run(app):
        client, seen = app.test_client(), []
        for _ in range(3):
            response = client.get("/api/auth/session", headers={"Authorization": "Bearer no"},
                                  environ_base={"REMOTE_ADDR": "192.0.2.1"})
            seen.append((response.status_code, response.get_json(),
                         *(response.headers.get(h) for h in HEADERS[:2]),
                         response.headers.get("X-RateLimit-Reset", "").isdigit(),
                         "Retry-After" in response.headers))
        commands.extend(sent)
        storage = limiter_of(app).limiter.storage
        prefix = app.config["RATELIMIT_KEY_PREFIX"]
        key = f"LIMITER/{prefix}/ip:192.0.2.1/auth.get_session/2/1/minute"
        return seen, storage.get(key), 0 < storage.get_expiry(key) - time.time() <= 60

    commands = []
    answers = run(short)
    assert [name for name in commands if name != "SCRIPT LOAD"] == ["EVALSHA"] * 3
    assert [a[0] for a in answers[0]] == [401, 401, 429]
    assert answers[1:] == (3, True)
    assert run(general) == answers
