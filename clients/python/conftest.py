"""The Python client's tests: a real server (clients/testserver.py) for the whole session.
This folder is on sys.path (pytest's rootdir conftest), so `api_client` and `api_helpers` import
from the source tree."""
import subprocess
import sys
from pathlib import Path

import pytest

TESTSERVER = Path(__file__).resolve().parent.parent / "testserver.py"


@pytest.fixture(scope="session")
def base_url():
    """The base URL of the app served by waitress on loopback, on a fresh database."""
    server = subprocess.Popen([sys.executable, str(TESTSERVER)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), f"the test server did not start: {url!r}"
    yield url
    server.stdin.close()  # the server ends when its stdin closes
    server.wait(timeout=30)
    server.stdout.close()
