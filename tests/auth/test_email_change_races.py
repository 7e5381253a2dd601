"""Races of the e-mail change (extensions E1.2) on two real waitress processes sharing
PostgreSQL: one token confirmed twice at once, a confirmation against a sign-up of the same
address, and requests at once (one live token). Rounds, requests released by a barrier."""

import psycopg
import pytest
import requests

from tests.conftest import PASSWORD
from tests.http import change_request, new_email, sign_up_at
from tests.parallel import at_once

ROUNDS = 6
REQUESTS = 4  # change requests of one account at once


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


def scalar(database_url, sql, *params):
    with psycopg.connect(database_url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return conn.execute(sql, params).fetchone()[0]


def accounts_with(database_url, email):
    return scalar(database_url, "SELECT count(*) FROM users WHERE email = %s", email)


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


@pytest.mark.postgres
@pytest.mark.redis
def test_change_requests_at_once_leave_one_live_token(start_pair, mail, database):
    """E1.2: a new request replaces the pending one, so one link works at any time; the
    account's row is locked first, so each request replaces the one before it."""
    servers = start_pair()
    for _ in range(ROUNDS):
        made = sign_up_at(servers[0], new_email())
        token = made["session"]["token"]
        answers = at_once(*(change_request(servers[i % 2], token) for i in range(REQUESTS)))
        assert [r.status_code for r in answers] == [200] * REQUESTS, [r.text for r in answers]
        assert scalar(database, "SELECT count(*) FROM one_time_tokens WHERE user_id = %s "
                      "AND purpose = 'email_change'", made["user"]["id"]) == 1
