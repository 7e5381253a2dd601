"""A real server for the client libraries' tests (`python clients/testserver.py`): the app under
waitress on a free port and a fresh migrated SQLite database; prints its base URL once it
answers, and serves until its standard input closes or it is terminated."""
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def settings(folder: str) -> dict:
    return {
        "SECRET_KEY": "client-tests",
        "DATABASE_URL": "sqlite:///" + os.path.join(folder, "api.db"),
        "RATELIMIT_STORAGE_URI": "memory://",
        # Fast hashing: the tests exercise the API, not argon2's cost (style.md habit 12).
        "PASSWORD_HASH_MEMORY_COST": "1024",
        "PASSWORD_HASH_TIME_COST": "1",
    }


def main() -> None:
    folder = tempfile.mkdtemp(prefix="api-client-tests-")

    def stop(*_):
        shutil.rmtree(folder, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    os.environ.update(settings(folder))
    subprocess.run([sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    # Warnings and errors only (a 500's traceback shows; the development mail log does not).
    logging.basicConfig(level=logging.WARNING,
                        format="testserver %(levelname)s %(name)s: %(message)s")
    sys.path.insert(0, ROOT)
    from waitress import create_server

    from app import create_app

    server = create_server(create_app(), host="127.0.0.1", port=0, threads=4)
    print(f"http://127.0.0.1:{server.effective_port}", flush=True)
    # The test that started us holds our stdin: when it ends, so do we.
    threading.Thread(target=lambda: (sys.stdin.read(), stop()), daemon=True).start()
    server.run()


if __name__ == "__main__":
    main()
