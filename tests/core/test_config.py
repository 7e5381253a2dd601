"""Configuration from the environment and instance/config.py (contract section 8)."""
import os
import subprocess
import sys
from datetime import datetime, timedelta

import pytest
from flask import Flask

import config
from app import create_app
from tests.commands import run_flask
from tests.conftest import AuthActions

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_refuses_to_start_without_secret_key_in_one_line():
    result = run_flask("routes")
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0
    assert "SECRET_KEY" in result.stderr and "Traceback" not in result.stderr


def test_factory_refuses_without_secret_key(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    with pytest.raises(SystemExit, match="SECRET_KEY"):
        create_app({"TESTING": True})


def test_debug_mode_generates_and_keeps_a_development_key(monkeypatch, tmp_path):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("FLASK_DEBUG", "1")
    first = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/a.db"})
    second = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/a.db"})
    assert first.debug and len(first.config["SECRET_KEY"]) >= 32
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert os.path.exists(os.path.join(first.instance_path, "dev-secret-key"))
    # and a payment webhook secret, so that the tutorial signs its test event on the same server
    (webhook_secret,) = first.config["PAYMENT_WEBHOOK_SECRET"]
    assert webhook_secret.startswith("whsec_dev_") and len(webhook_secret) >= 40
    assert second.config["PAYMENT_WEBHOOK_SECRET"] == [webhook_secret]
    with open(os.path.join(first.instance_path, "dev-webhook-secret")) as kept:
        assert kept.read() == webhook_secret
    assert first.config["SSO_ALLOW_PRIVATE_NETWORKS"] is True  # a provider on loopback
    monkeypatch.setenv("PAYMENT_WEBHOOK_SECRET", "whsec_given")
    given = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/a.db"})
    assert given.config["PAYMENT_WEBHOOK_SECRET"] == ["whsec_given"]
    monkeypatch.delenv("FLASK_DEBUG")
    production = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/a.db", "SECRET_KEY": "k"})
    assert production.config["SSO_ALLOW_PRIVATE_NETWORKS"] is False


def test_environment_variables_are_parsed_by_type():
    found = config.from_environment({
        "SESSION_LIFETIME": "60", "REQUIRE_EMAIL_VERIFICATION": "true", "MAIL_USE_TLS": "0",
        "ALLOWED_REDIRECT_ORIGINS": "http://a.test, https://b.test", "UNRELATED": "x"})
    assert found == {"SESSION_LIFETIME": 60, "REQUIRE_EMAIL_VERIFICATION": True,
                     "MAIL_USE_TLS": False,
                     "ALLOWED_REDIRECT_ORIGINS": ["http://a.test", "https://b.test"]}


def test_invalid_number_in_the_environment_is_a_one_line_refusal():
    with pytest.raises(SystemExit, match="SESSION_LIFETIME"):
        config.from_environment({"SESSION_LIFETIME": "a week"})


def test_environment_reaches_the_app(monkeypatch, tmp_path):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("RATELIMIT_PUBLIC", "5 per minute")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/env.db")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["RATELIMIT_PUBLIC"] == "5 per minute"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path}/env.db"


@pytest.mark.parametrize("url", ["postgres://u@h/db", "postgresql://u@h/db"])
def test_postgres_urls_use_psycopg3(url):
    assert config.database_uri(url, "/x") == "postgresql+psycopg://u@h/db"


def test_default_database_is_sqlite_in_the_instance_folder():
    assert config.database_uri(None, "/srv/instance") == "sqlite:////srv/instance/app.db"


@pytest.mark.parametrize("setting, expected", [(None, 0.001), ("0.004", 0.004)])
def test_the_serving_process_applies_the_thread_switch_interval(tmp_path, setting, expected):
    environ = {**os.environ, "SECRET_KEY": "k", "DATABASE_URL": f"sqlite:///{tmp_path}/a.db"}
    environ.pop("THREAD_SWITCH_INTERVAL", None)
    if setting:
        environ["THREAD_SWITCH_INTERVAL"] = setting
    result = subprocess.run(
        [sys.executable, "-c", "import sys, wsgi; print(sys.getswitchinterval())"], cwd=ROOT,
        env=environ, capture_output=True, text=True, timeout=60, check=True)
    assert float(result.stdout.split()[-1]) == pytest.approx(expected)


@pytest.fixture
def instance_folder(tmp_path, monkeypatch):
    """A temporary instance folder for the apps this test builds. create_app takes no instance
    path (Flask picks <project>/instance), so Flask's own lookup is pointed here instead."""
    folder = tmp_path / "instance"
    folder.mkdir()
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(folder))
    monkeypatch.delenv("SESSION_LIFETIME", raising=False)
    return folder


def session_lifetime_of_a_sign_up(app, clock) -> timedelta:
    created = AuthActions(app.test_client()).sign_up()
    return datetime.fromisoformat(created["session"]["expiresAt"]) - clock.now


def test_instance_config_py_is_read(instance_folder, make_app, clock):
    (instance_folder / "config.py").write_text("SESSION_LIFETIME = 1234\n")
    app = make_app()
    assert app.instance_path == str(instance_folder)
    assert session_lifetime_of_a_sign_up(app, clock) == timedelta(seconds=1234)


def test_environment_wins_over_instance_config_py(instance_folder, make_app, clock, monkeypatch):
    (instance_folder / "config.py").write_text("SESSION_LIFETIME = 1234\n")
    monkeypatch.setenv("SESSION_LIFETIME", "4321")
    assert session_lifetime_of_a_sign_up(make_app(), clock) == timedelta(seconds=4321)


def test_without_instance_config_py_the_default_lifetime_applies(instance_folder, make_app,
                                                                  clock):
    assert session_lifetime_of_a_sign_up(make_app(), clock) == timedelta(days=7)


def test_lists_and_numbers_in_instance_config_py_read_like_the_environment(instance_folder,
                                                                           make_app, mail):
    (instance_folder / "config.py").write_text(
        'ALLOWED_REDIRECT_ORIGINS = " http://a.test , http://b.test,"\n'
        'SESSION_LIFETIME = "600"\n')
    app = make_app()
    assert app.config["ALLOWED_REDIRECT_ORIGINS"] == ["http://a.test", "http://b.test"]
    assert app.config["SESSION_LIFETIME"] == 600
    client = app.test_client()
    for url, status in [("http://b.test/in", 200), ("http://evil.test/in", 400),
                        ("http://a", 400)]:
        response = client.post("/api/auth/send-magic-link",
                               json={"email": "alice@example.com", "redirectUrl": url})
        assert response.status_code == status, url


def test_an_unreadable_value_in_instance_config_py_is_a_one_line_refusal(instance_folder,
                                                                         make_app):
    (instance_folder / "config.py").write_text('SESSION_LIFETIME = "a week"\n')
    with pytest.raises(SystemExit, match="SESSION_LIFETIME"):
        make_app()
