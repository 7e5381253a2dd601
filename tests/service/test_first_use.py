"""What a new user meets first: the shape of small mistakes (a JSON array for an object, a
trailing slash), text as written, the startup warning, the maintenance commands as the docs write
them, and the interactive reference's example sign-up."""
import os
import subprocess
import sys

import pytest

from core import serving
from tests.conftest import free_port, wait_until_healthy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WARNING = "PAYMENT_WEBHOOK_SECRET is not set"


def test_a_body_that_is_not_an_object_is_named_body_in_both_envelopes(client, auth):
    general = client.post("/api/projects", json=[], headers=auth.headers())
    assert general.get_json()["details"] == {"body": ["Invalid input type."]}
    assert general.get_json()["code"] == "VALIDATION_ERROR"
    auth_envelope = client.post("/api/auth/sign-in", json=["alice@example.com"])
    assert auth_envelope.get_json() == {
        "error": "VALIDATION_ERROR", "message": "Invalid input type.",
        "details": {"body": ["Invalid input type."]}}


def get_routes(app):
    """Every GET path without a variable part: each is tried with a trailing slash."""
    return sorted(rule.rule for rule in app.url_map.iter_rules()
                  if "GET" in rule.methods and not rule.arguments
                  and rule.rule.startswith("/api") and not rule.rule.endswith("/"))


def test_a_trailing_slash_answers_as_without_it_on_every_route(app, client, auth):
    headers = auth.headers()
    project = client.post("/api/projects", json={"name": "Apollo"}, headers=headers).get_json()
    paths = get_routes(app) + [f"/api/projects/{project['data']['id']}"]
    assert "/api/projects" in paths and "/api/auth/session" in paths
    for path in paths:
        plain = client.get(path, headers=headers)
        slashed = client.get(path + "/", headers=headers)
        assert slashed.status_code == plain.status_code, path
        if plain.is_json and path != "/api/health":  # health reports its own timing
            assert slashed.get_json() == plain.get_json(), path
    # Both envelopes, with a body: the auth endpoints and the general ones.
    signed_in = client.post("/api/auth/sign-in/", json={"email": "alice@example.com",
                                                       "password": "wrong password"})
    assert signed_in.status_code == 401 and signed_in.get_json()["error"] == "INVALID_CREDENTIALS"
    made = client.post("/api/projects/", json={"name": "Gemini"}, headers=headers)
    assert made.status_code == 201
    # A path that does not exist is still the JSON 404, slash or not.
    assert client.get("/api/nothing-here/").get_json()["code"] == "NOT_FOUND"


def test_text_comes_back_as_written_not_escaped(client, auth):
    headers = auth.headers()
    made = client.post("/api/projects", json={"name": "Crème brûlée"}, headers=headers)
    assert "Crème brûlée".encode() in made.data and b"\\u00e8" not in made.data
    assert made.content_type == "application/json"  # JSON is UTF-8 (RFC 8259 section 8.1)
    # The session answer (the hottest read) the same.
    client.patch("/api/auth/user", json={"name": "Zoë"}, headers=headers)
    session = client.get("/api/auth/session", headers=headers)
    assert "Zoë".encode() in session.data and b"\\u00eb" not in session.data


def test_the_reference_s_example_sign_up_passes_the_password_policy(client):
    document = client.get("/api/openapi.json").get_json()
    properties = document["components"]["schemas"]["SignUp"]["properties"]
    example = {name: field["example"] for name, field in properties.items()}
    assert client.post("/api/auth/sign-up", json=example).status_code == 201
    for schema in ("ChangePassword", "ResetPassword"):
        assert document["components"]["schemas"][schema]["properties"]["newPassword"]["example"]


# --- the startup warning and the maintenance commands, as separate processes ---------------

def flask(*args, env=None, **kwargs):
    environ = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "FLASK_DEBUG")}
    environ.update(env or {})
    return subprocess.run([sys.executable, "-m", "flask", "--app", "app", *args], cwd=ROOT,
                          env=environ, capture_output=True, text=True, timeout=120, **kwargs)


@pytest.fixture
def settings(tmp_path):
    """A database of its own, no webhook secret, and nothing written to the repository."""
    return {"SECRET_KEY": "first-use", "DATABASE_URL": f"sqlite:///{tmp_path}/app.db",
            "PASSWORD_HASH_MEMORY_COST": "1024", "PASSWORD_HASH_TIME_COST": "1"}


def test_the_webhook_warning_is_for_serving_once_not_for_commands(make_app, caplog):
    app = make_app()
    assert app.test_cli_runner().invoke(args=["purge-expired"]).exit_code == 0
    assert WARNING not in caplog.text
    serving.start(app)
    assert caplog.text.count(WARNING) == 1
    # The commands as separate processes (`db upgrade`, `set-role`, ...): the next test's.


def test_flask_run_with_its_reloader_warns_once(settings, tmp_path):
    """Without --debug (which generates a test webhook secret), `flask run --reload` warns once:
    in the reloader's child that serves, not in the parent that watches."""
    port = free_port()
    log = tmp_path / "server.log"
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "FLASK_DEBUG")}
    env.update(settings, FLASK_RUN_PORT=str(port))
    with open(log, "w") as out:
        server = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "run",
                                   "--reload"], cwd=ROOT, env=env, stdout=out,
                                  stderr=subprocess.STDOUT)
    try:
        wait_until_healthy(port, server, log)
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = log.read_text()
    assert "Restarting with stat" in text  # the reloader's child serves
    assert text.count(WARNING) == 1, text


def test_maintenance_commands_work_or_say_what_to_do(settings):
    without_key = flask("purge-expired", env={k: v for k, v in settings.items()
                                              if k != "SECRET_KEY"})
    assert without_key.returncode == 1
    for way in ("SECRET_KEY=", "instance/config.py", "--debug"):
        assert way in without_key.stderr, without_key.stderr
    unmigrated = flask("purge-expired", env=settings)
    assert unmigrated.returncode == 1 and "Traceback" not in unmigrated.stderr
    assert "flask --app app db upgrade" in unmigrated.stderr
    # No command warns of the webhook secret that only serving needs (the test above).
    upgrade = flask("db", "upgrade", env=settings)
    assert upgrade.returncode == 0 and WARNING not in upgrade.stderr + upgrade.stdout
    purged = flask("purge-expired", env=settings)
    assert purged.returncode == 0 and "sessions: 0 removed" in purged.stdout
    mailed = flask("send-mail", env=settings)
    assert mailed.returncode == 0 and "0 e-mail(s) delivered" in mailed.stdout
    nobody = flask("set-role", "nobody@example.com", "admin", env=settings)
    assert nobody.returncode == 1 and "no account has the e-mail address" in nobody.stderr
    for command in (unmigrated, purged, mailed, nobody):
        assert WARNING not in command.stderr + command.stdout



def test_ci_runs_the_readmes_test_commands_as_written():
    """.ci/run calls the test commands of the README's "Run the tests", word for word."""
    with open(os.path.join(ROOT, "README.md")) as readme:
        section = readme.read().split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    commands = [block.split("\n", 1)[1].split("```", 1)[0].strip()
                for block in section.split("```sh")[1:]]
    with open(os.path.join(ROOT, ".ci", "run")) as ci:
        lines = {line.strip() for line in ci}
    assert commands and all(command in lines for command in commands), commands
