"""The process's log (docs/how-to/operations.md, "Logs"): LOG_FORMAT=json writes one JSON object per
line with the request's fields, read from a real serve.py process; text stays the default."""
import json
import re
import tempfile
import uuid

import pytest
import requests

from bench import cluster
from tests.conftest import PASSWORD, migrated_sqlite_copy


def started(tmp_path, migrated_sqlite, **settings):
    env = cluster.service_env(migrated_sqlite_copy(migrated_sqlite, tmp_path, "logs"),
                              MAIL_SERVER="", ACCESS_LOG="true",
                              RATELIMIT_KEY_PREFIX="logs-" + uuid.uuid4().hex, **settings)
    return cluster.servers(1, env, tempfile.mkdtemp(dir=tmp_path))


def signed_up_session(base):
    up = requests.post(f"{base}/api/auth/sign-up", timeout=30, json={
        "email": f"{uuid.uuid4().hex[:10]}@example.com", "password": PASSWORD}).json()
    token = up["session"]["token"]
    answer = requests.get(f"{base}/api/auth/session", timeout=30,
                          headers={"Authorization": f"Bearer {token}", "X-Request-ID": "req-42"})
    assert answer.status_code == 200
    return up["user"]["id"], token


def test_json_lines_carry_the_request_and_never_the_token(tmp_path, migrated_sqlite):
    with started(tmp_path, migrated_sqlite, LOG_FORMAT="json") as servers:
        user_id, token = signed_up_session(servers[0].url)
        unknown = requests.get(f"{servers[0].url}/api/projects/{uuid.uuid4().hex}", timeout=30,
                               headers={"Authorization": f"Bearer {token}"})
        assert unknown.status_code == 404
        text = cluster.log_of(servers[0])
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert lines and len(lines) == len([line for line in text.splitlines() if line.strip()])
    access = [line for line in lines if line["logger"] == "app.access"]
    session = next(line for line in access if line["route"] == "/api/auth/session")
    assert session["request_id"] == "req-42" and session["user_id"] == user_id
    assert (session["method"], session["status"], session["level"]) == ("GET", 200, "INFO")
    assert isinstance(session["duration_ms"], float) and session["duration_ms"] >= 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.*", session["timestamp"])
    assert session["message"].startswith("GET /api/auth/session 200 ")
    # The route's rule, not the path; an unknown route is "unmatched".
    assert any(line.get("route") == "/api/projects/<project_id>" and line["status"] == 404
               for line in access)
    signed_up = next(line for line in access if line["route"] == "/api/auth/sign-up")
    assert "user_id" not in signed_up  # no bearer on sign-up: the user is not known there
    assert token not in text and PASSWORD not in text


def test_text_is_the_default(tmp_path, migrated_sqlite):
    with started(tmp_path, migrated_sqlite) as servers:
        signed_up_session(servers[0].url)
        text = cluster.log_of(servers[0])
    assert re.search(r"^\S+ \S+ INFO app\.access: GET /api/auth/session 200 [\d.]+ms$", text,
                     re.MULTILINE)
    assert not [line for line in text.splitlines() if line.startswith("{")]


def test_an_unknown_format_stops_the_start(make_app):
    with pytest.raises(SystemExit, match="LOG_FORMAT"):
        make_app(LOG_FORMAT="xml")


def test_the_access_line_is_off_by_default(make_app, caplog):
    assert make_app().test_client().get("/api/health").status_code == 200
    assert not [r for r in caplog.records if r.name == "app.access"]
    assert make_app(ACCESS_LOG=True).test_client().get("/api/health").status_code == 200
    lines = [r.getMessage() for r in caplog.records if r.name == "app.access"]
    assert [line.split()[:3] for line in lines] == [["GET", "/api/health", "200"]]
