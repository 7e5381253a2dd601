"""The development server as the README starts it (`flask --app app --debug run`), with the test
run's virtualenv, which has watchdog (requirements-dev.txt, for mkdocs): its reloader polls the
project's files instead of flooding its own log with watchdog's inotify overflows, and its JSON
log lines carry no terminal colour codes."""
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import free_port, wait_until_healthy

ROOT = Path(__file__).resolve().parents[2]
NOT_LINKED = {"instance", ".git", ".pytest_cache", ".ruff_cache", ".hypothesis", "site"}
FLASK = str(Path(sys.executable).with_name("flask"))


@pytest.fixture
def checkout(tmp_path):
    """The project as links, with an instance folder of its own and its database made."""
    folder = tmp_path / "checkout"
    folder.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in NOT_LINKED:
            (folder / entry.name).symlink_to(entry)
    subprocess.run([FLASK, "--app", "app", "--debug", "db", "upgrade"], cwd=folder, env=plain(),
                   check=True, capture_output=True, timeout=120)
    return folder


def plain(**settings) -> dict:
    env = {name: value for name, value in os.environ.items()
           if name not in ("SECRET_KEY", "FLASK_DEBUG", "DATABASE_URL", "RATELIMIT_STORAGE_URI",
                           "LOG_FORMAT")}
    return {**env, **settings}


class DevServer:
    def __init__(self, checkout, output, **settings):
        self.port, self.output = free_port(), output
        with open(output, "w") as out:
            self.process = subprocess.Popen(
                [FLASK, "--app", "app", "--debug", "run", "--port", str(self.port)],
                cwd=checkout, env=plain(**settings), stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True)
        wait_until_healthy(self.port, self.process, output)

    def log(self) -> str:
        return self.output.read_text()

    def stop(self):
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)


def test_the_reloader_polls_the_project_and_reloads_on_a_change(checkout, tmp_path):
    assert importlib.util.find_spec("watchdog"), "the test run's virtualenv has watchdog"
    server = DevServer(checkout, tmp_path / "server.log")
    try:
        assert "Restarting with stat" in server.log()
        changed = checkout / "core" / "clock.py"
        os.utime(changed)  # a project file changes: the server restarts itself
        deadline = time.monotonic() + 60
        while "Detected change in" not in server.log():
            assert time.monotonic() < deadline and server.process.poll() is None, server.log()
            time.sleep(0.2)  # waiting for the reloader's poll, not a timing assertion
        assert str(changed.resolve()) in server.log() or "clock.py" in server.log()
        wait_until_healthy(server.port, server.process, server.output)
    finally:
        server.stop()
    assert "Inotify" not in server.log() and "watchdog" not in server.log()


def test_json_lines_of_the_development_server_have_no_colour_codes(checkout, tmp_path):
    server = DevServer(checkout, tmp_path / "server.log", LOG_FORMAT="json")
    server.stop()
    lines = [json.loads(line) for line in server.log().splitlines() if line.startswith("{")]
    warning = [line for line in lines if "This is a development server" in line["message"]]
    assert warning and warning[0]["logger"] == "werkzeug"
    assert not [line for line in lines if "\x1b" in line["message"]]
