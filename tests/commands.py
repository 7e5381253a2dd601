"""The service's command line (`flask --app app ...`) run as a process, as an operator runs it."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_flask(*args, **env):
    environ = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "FLASK_DEBUG")}
    environ.update(env)
    return subprocess.run([sys.executable, "-m", "flask", "--app", "app", *args], cwd=ROOT,
                          env=environ, capture_output=True, text=True, timeout=60)


def upgrade_and_check(database_url):
    upgrade = run_flask("db", "upgrade", SECRET_KEY="x", DATABASE_URL=database_url)
    assert upgrade.returncode == 0, upgrade.stderr
    check = run_flask("db", "check", SECRET_KEY="x", DATABASE_URL=database_url)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "No new upgrade operations detected" in check.stdout + check.stderr
