"""Races settled by the database, not by read-then-write checks (contract section 3)."""

import requests
from sqlalchemy import func, select

from core.db import db
from sections.auth.models import User
from tests.conftest import PASSWORD
from tests.parallel import run_at_once


def test_ten_concurrent_sign_ups_of_one_address_make_one_account(app, live_server):
    def sign_up(i):
        email = "Race@Example.com" if i % 2 else "race@example.com "
        response = requests.post(f"{live_server}/api/auth/sign-up",
                                 json={"email": email, "password": PASSWORD}, timeout=30)
        return response.status_code, response.json()

    results = run_at_once(10, sign_up)
    codes = sorted(code for code, _ in results)
    assert codes == [201] + [409] * 9
    assert all(body["error"] == "USER_ALREADY_EXISTS" for code, body in results if code == 409)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(User)) == 1


def test_a_verification_token_is_spent_once_under_concurrency(app, live_server, mail):
    requests.post(f"{live_server}/api/auth/sign-up",
                  json={"email": "alice@example.com", "password": PASSWORD}, timeout=30)
    token = mail.last_token("alice@example.com")

    def verify(_):
        return requests.post(f"{live_server}/api/auth/verify-email", json={"token": token},
                             timeout=30).status_code

    assert sorted(run_at_once(8, verify)) == [200] + [400] * 7
