"""The soak (bench/soak.py), shortened to 10 seconds so every PostgreSQL run exercises it."""
import os
import subprocess
import sys

import pytest

from bench import cluster
from tests.conftest import POSTGRES_URL, USING_POSTGRES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.postgres
@pytest.mark.redis
def test_a_short_soak_of_two_processes_ends_with_an_exact_audit():
    if not USING_POSTGRES:
        pytest.skip("the soak runs two processes on one PostgreSQL server; the PostgreSQL run "
                    "(DATABASE_URL=postgresql://...) exercises it")
    done = subprocess.run(
        [sys.executable, "bench/soak.py", "--seconds", "10", "--clients", "6",
         "--database-url", POSTGRES_URL, "--redis-url", cluster.redis_url()],
        cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no mismatch" in done.stdout
    assert "MISMATCH" not in done.stdout
