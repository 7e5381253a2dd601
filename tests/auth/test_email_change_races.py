"""Races of the e-mail change (extensions E1.2) on two real waitress processes sharing
PostgreSQL: one token confirmed twice at once, and a confirmation against a sign-up of the same
address. Several rounds each, the requests released together by a barrier."""

import psycopg
import pytest
import requests

from tests.conftest import PASSWORD
from tests.http import new_email, sign_up_at
from tests.parallel import run_at_once

ROUNDS = 6


def at_once(*calls):
    """Run the calls in threads released together; their answers in order."""
    return run_at_once(len(calls), lambda i: calls[i]())


def requested_change(server, mail, new):
    """An account on `server` with a pending change to `new`; the confirmation token."""
    token = sign_up_at(server, new_email())["session"]["token"]
    response = requests.post(f"{server}/api/auth/change-email",
                             headers={"Authorization": f"Bearer {token}"},
                             json={"newEmail": new, "password": PASSWORD}, timeout=30)
    assert response.status_code == 200, response.text
    return mail.last_token(new)


def confirm(server, token):
    return lambda: requests.post(f"{server}/api/auth/change-email/confirm",
                                 json={"token": token}, timeout=60)


def accounts_with(database_url, email):
    with psycopg.connect(database_url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return conn.execute("SELECT count(*) FROM users WHERE email = %s",
                            (email,)).fetchone()[0]


@pytest.mark.postgres
@pytest.mark.redis
def test_one_token_confirmed_twice_at_once_succeeds_once(start_pair, mail, database):
    a, b = start_pair()
    for _ in range(ROUNDS):
        new = new_email()
        token = requested_change(a, mail, new)
        answers = at_once(confirm(a, token), confirm(b, token))
        assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
        [loser] = [r for r in answers if r.status_code == 400]
        assert loser.json()["error"] == "INVALID_TOKEN"
        assert accounts_with(database, new) == 1


@pytest.mark.postgres
@pytest.mark.redis
def test_a_confirmation_racing_a_sign_up_leaves_one_account(start_pair, mail, database):
    a, b = start_pair()
    for _ in range(ROUNDS):
        new = new_email()
        token = requested_change(a, mail, new)
        sign_up_call = lambda new=new: requests.post(  # noqa: E731
            f"{b}/api/auth/sign-up", json={"email": new, "password": PASSWORD}, timeout=60)
        confirmed, signed_up = at_once(confirm(a, token), sign_up_call)
        statuses = (confirmed.status_code, signed_up.status_code)
        assert statuses in ((200, 409), (409, 201)), (confirmed.text, signed_up.text)
        loser = signed_up if statuses == (200, 409) else confirmed
        assert loser.json()["error"] == "USER_ALREADY_EXISTS"
        assert accounts_with(database, new) == 1
