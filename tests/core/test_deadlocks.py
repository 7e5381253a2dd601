"""A transaction PostgreSQL rolls back to break a deadlock is the request's conflict with a
concurrent one, not the database down: 409 CONFLICT, and the same request then succeeds
(core/errors.py). A real deadlock, made on purpose against a real waitress process."""
import threading
import time

import psycopg
import pytest
import requests

from tests.http import new_email, sign_up_at


def waiting_on_a_lock(conn, database_url) -> bool:
    """Whether a backend of the service (not `conn`) waits on a lock in the database."""
    name = database_url.rsplit("/", 1)[1]
    return conn.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> %s "
        "AND wait_event_type = 'Lock'", (name, conn.info.backend_pid)).fetchone()[0] > 0


@pytest.mark.postgres
@pytest.mark.redis
def test_a_request_chosen_as_a_deadlocks_victim_answers_409_and_may_be_retried(
        start_pair, database):
    server = start_pair()[0]
    made = sign_up_at(server, new_email())
    headers = {"Authorization": f"Bearer {made['session']['token']}"}
    url = database.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url) as other, psycopg.connect(url, autocommit=True) as watch:
        # `other` takes the locks an account's deletion takes, in its order: the account's row,
        # then its sessions. It waits long before looking for a deadlock itself, so the
        # sign-out (which deletes its session, then logs the event naming the account) is the
        # transaction PostgreSQL undoes.
        other.execute("SET deadlock_timeout = '20s'")
        other.execute("SELECT id FROM users WHERE id = %s FOR UPDATE", (made["user"]["id"],))
        answers = []
        sign_out = threading.Thread(target=lambda: answers.append(requests.post(
            f"{server}/api/auth/sign-out", headers=headers, timeout=60)))
        sign_out.start()
        deadline = time.monotonic() + 30
        while not waiting_on_a_lock(watch, database) and time.monotonic() < deadline:
            time.sleep(0.01)
        other.execute("SELECT id FROM sessions WHERE id = %s FOR UPDATE",
                      (made["session"]["id"],))
        sign_out.join(60)
        other.rollback()
    [answer] = answers
    assert answer.status_code == 409, answer.text
    assert answer.json()["error"] == "CONFLICT"
    again = requests.post(f"{server}/api/auth/sign-out", headers=headers, timeout=30)
    assert again.status_code == 200, again.text
    assert requests.get(f"{server}/api/auth/session", headers=headers,
                        timeout=30).status_code == 401
