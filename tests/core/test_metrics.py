"""GET /metrics (docs/how-to/operations.md): scraped from a real serve.py process and parsed
with the Prometheus client's parser; its token, its place outside /api and the rate limits, and the
sign-in outcomes counted by flow."""
import json
import tempfile
import uuid

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from bench import cluster
from tests.conftest import PASSWORD, free_port, migrated_sqlite_copy
from tests.factories import make_admin, user_id
from tests.second_factors import enrol_two_factor

TOKEN = "metrics-" + uuid.uuid4().hex
WEBHOOK_SECRET = "whsec_metrics"


def samples(text: str) -> dict:
    """{(name, sorted labels): value} of every sample on the page."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(found: dict, name: str, **labels) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def server(tmp_path, migrated_sqlite):
    env = cluster.service_env(
        migrated_sqlite_copy(migrated_sqlite, tmp_path, "metrics"), METRICS_TOKEN=TOKEN,
        RATELIMIT_PUBLIC="3 per minute",
        PAYMENT_WEBHOOK_SECRET=WEBHOOK_SECRET, MAIL_SENDER_THREAD="false",
        RATELIMIT_KEY_PREFIX="metrics-" + uuid.uuid4().hex,  # a shared Redis: its own counters
        MAIL_SERVER="127.0.0.1", MAIL_PORT=str(free_port()))
    with cluster.servers(1, env, tempfile.mkdtemp(dir=tmp_path)) as started:
        yield started[0]


def scrape(base: str) -> dict:
    response = requests.get(f"{base}/metrics", headers={"Authorization": f"Bearer {TOKEN}"},
                            timeout=30)
    assert response.status_code == 200, response.text
    assert response.headers["Content-Type"].startswith("text/plain; version=")
    assert "X-RateLimit-Limit" not in response.headers
    return samples(response.text)


def test_a_real_process_counts_requests_sign_ins_webhooks_and_limits(server):
    base, http = server.url, requests.Session()
    email = f"{uuid.uuid4().hex[:10]}@example.com"
    up = http.post(f"{base}/api/auth/sign-up", json={"email": email, "password": PASSWORD},
                   timeout=30)
    assert up.status_code == 201
    bearer = {"Authorization": f"Bearer {up.json()['session']['token']}"}
    assert http.get(f"{base}/api/auth/session", headers=bearer, timeout=30).status_code == 200
    missing = f"{base}/api/projects/{uuid.uuid4().hex}"
    assert http.get(missing, headers=bearer, timeout=30).status_code == 404
    signs = [http.post(f"{base}/api/auth/sign-in", timeout=30,
                       json={"email": email, "password": password}).status_code
             for password in (PASSWORD, "wrong-" + PASSWORD, PASSWORD)]
    assert signs == [200, 401, 200]
    assert http.post(f"{base}/api/auth/sign-in", timeout=30, json={
        "email": email, "password": PASSWORD}).status_code == 429  # 4th public call: 3/minute
    body = json.dumps(cluster.event("payment_intent.succeeded", {
        "id": "pi_metrics", "object": "payment_intent", "amount": 500, "currency": "eur",
        "status": "succeeded"}, created=1_700_000_000)).encode()
    headers = cluster.signed(body, WEBHOOK_SECRET)
    assert [http.post(f"{base}/api/webhooks/payment", data=body, headers=headers,
                      timeout=30).status_code for _ in range(2)] == [200, 200]
    assert http.post(f"{base}/api/webhooks/payment", data=body, timeout=30, headers={
        **headers, "Payment-Signature": "t=1,v1=00"}).status_code == 400

    found = scrape(base)
    for _ in range(4):  # never rate limited, whatever RATELIMIT_PUBLIC says
        found = scrape(base)

    assert value(found, "http_requests_total", endpoint="/api/auth/session", method="GET",
                 status="200") == 1
    # The route's rule, never the path: no id in any label.
    assert value(found, "http_requests_total", endpoint="/api/projects/<project_id>",
                 method="GET", status="404") == 1
    assert not [key for key in found if any(missing.rsplit("/", 1)[1] in v for _, v in key[1])]
    assert value(found, "http_request_duration_seconds_count", endpoint="/api/auth/sign-in",
                 method="POST") == 4
    assert value(found, "http_request_duration_seconds_bucket", endpoint="/api/auth/sign-in",
                 method="POST", le="+Inf") == 4
    assert value(found, "rate_limit_refusals_total", endpoint="/api/auth/sign-in") == 1
    assert value(found, "sign_ins_total", method="password", outcome="success") == 2
    assert value(found, "sign_ins_total", method="password", outcome="failure") == 1
    assert value(found, "webhook_events_total", type="payment_intent.succeeded",
                 outcome="applied") == 1
    assert value(found, "webhook_events_total", type="payment_intent.succeeded",
                 outcome="duplicate") == 1
    assert value(found, "webhook_events_total", type="unknown",
                 outcome="invalid_signature") == 1
    # The verification e-mail waits in the outbox: no sender thread in this process.
    assert value(found, "mail_outbox_queued") == 1
    assert value(found, "mail_outbox_oldest_age_seconds") >= 0
    assert value(found, "db_pool_connections_in_use") >= 0
    assert value(found, "db_pool_size") > 0
    assert value(found, "http_requests_total", endpoint="/metrics", method="GET",
                 status="200") >= 4
    assert value(found, "process_resident_memory_bytes") > 0


def test_the_token_is_required_when_set(server):
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}):
        refused = requests.get(f"{server.url}/metrics", headers=headers, timeout=30)
        assert refused.status_code == 401
        assert refused.json()["code"] == "INVALID_TOKEN"
        assert "http_requests_total" not in refused.text
    assert requests.get(f"{server.url}/api/metrics", timeout=30).status_code == 404


def test_open_without_a_token_and_absent_when_switched_off(make_app):
    assert make_app().test_client().get("/metrics").status_code == 200
    off = make_app(METRICS=False).test_client()
    assert off.get("/metrics").status_code == 404


def test_two_factor_required_and_banned_outcomes_are_counted(app, client, auth, clock):
    def counts():
        return samples(client.get("/metrics").get_data(as_text=True))

    headers = auth.headers("grace@example.com")
    enrol_two_factor(app, client, headers, clock, email="grace@example.com")
    auth.sign_up("heidi@example.com")
    admin = auth.headers("admin@example.com")
    make_admin(app, "admin@example.com")
    assert client.post(f"/api/admin/users/{user_id(app, 'heidi@example.com')}/ban", json={},
                       headers=admin).status_code == 200
    before = counts()
    assert client.post("/api/auth/sign-in", json={
        "email": "grace@example.com", "password": PASSWORD}).status_code == 401  # TOTP_REQUIRED
    assert client.post("/api/auth/sign-in", json={
        "email": "heidi@example.com", "password": PASSWORD}).status_code == 403  # USER_BANNED
    after = counts()
    for outcome, delta in (("two_factor_required", 1), ("banned", 1), ("success", 0)):
        grew = (value(after, "sign_ins_total", method="password", outcome=outcome)
                - value(before, "sign_ins_total", method="password", outcome=outcome))
        assert grew == delta, outcome


def test_every_serving_thread_counts_and_made_up_methods_are_other(app, live_server):
    """Each serving thread keeps its own tallies (core/metrics.py); a scrape sums them all."""
    from concurrent.futures import ThreadPoolExecutor

    def counted():
        page = requests.get(f"{live_server}/metrics", timeout=30).text
        return samples(page)

    before = counted()
    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda _: requests.get(f"{live_server}/api/health",
                                                     timeout=30).status_code, range(40)))
    assert codes == [200] * 40
    assert requests.request("BREW", f"{live_server}/api/health", timeout=30).status_code == 405
    after = counted()
    labels = {"endpoint": "/api/health", "method": "GET", "status": "200"}
    assert value(after, "http_requests_total", **labels) \
        - value(before, "http_requests_total", **labels) == 40
    assert value(after, "http_request_duration_seconds_count", endpoint="/api/health",
                 method="GET") - value(before, "http_request_duration_seconds_count",
                                       endpoint="/api/health", method="GET") == 40
    assert value(after, "http_requests_total", endpoint="unmatched", method="other",
                 status="405") >= 1
    assert not [key for key in after if ("method", "BREW") in key[1]]
