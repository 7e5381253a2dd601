"""deploy/grafana-dashboard.json and deploy/prometheus.yml: they load, and every query of the
dashboard names a metric that GET /metrics really exports (docs/how-to/operations.md)."""
import json
import os
import re

import yaml
from prometheus_client.parser import text_string_to_metric_families

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEPLOY = os.path.join(ROOT, "deploy")
# A metric in a PromQL expression: a name followed by its label matchers or a range.
SELECTOR = re.compile(r"([A-Za-z_:][A-Za-z0-9_:]*)\s*[{\[]")


def exported_names(client) -> set:
    """Every sample name /metrics shows once each kind of event happened in this process."""
    client.post("/api/auth/sign-in", json={"email": "nobody@example.com", "password": "x"})
    client.post("/api/webhooks/payment", data=b"{}", headers={"Payment-Signature": "t=1,v1=0"})
    for _ in range(3):  # past a limit of 2 per minute: a 429
        client.get("/api/auth/session", headers={"Authorization": "Bearer no"})
    page = client.get("/metrics").get_data(as_text=True)
    return {sample.name for family in text_string_to_metric_families(page)
            for sample in family.samples}


def test_every_dashboard_query_names_an_exported_metric(make_app):
    with open(os.path.join(DEPLOY, "grafana-dashboard.json")) as f:
        dashboard = json.load(f)
    exported = exported_names(make_app(RATELIMIT_PUBLIC="2 per minute").test_client())
    queries = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    assert len(queries) >= 10
    for query in queries:
        named = set(SELECTOR.findall(query))
        assert named, query
        assert named <= exported, (query, named - exported)
    shown = {name for query in queries for name in SELECTOR.findall(query)}
    for metric in ("http_requests_total", "http_request_duration_seconds_bucket",
                   "rate_limit_refusals_total", "sign_ins_total", "webhook_events_total",
                   "mail_outbox_queued", "mail_outbox_oldest_age_seconds",
                   "db_pool_connections_in_use"):
        assert metric in shown, metric


def test_the_scrape_config_targets_metrics_with_the_token():
    with open(os.path.join(DEPLOY, "prometheus.yml")) as f:
        config = yaml.safe_load(f)
    (job,) = config["scrape_configs"]
    assert job["metrics_path"] == "/metrics"
    assert job["authorization"]["type"] == "Bearer"
    targets = job["static_configs"][0]["targets"]
    assert len(targets) >= 2 and all(re.fullmatch(r"[\w.-]+:\d+", t) for t in targets)
