"""The device grant's races across two waitress processes on one PostgreSQL database and Redis
(RFC 8628, extensions.md E5.4): one allowed device code polled at both at once gives tokens
once (a conditional UPDATE claims it), and one device authorization decided at both at once
(two requests from its user code) is decided once."""
from functools import partial

import pytest

from bench import cluster
from tests.conftest import ISSUED_SECRETS
from tests.oauth.test_races import At, person, rows
from tests.parallel import at_once
from tests.provider_flow import BASE, decide, device_authorization, new_app, poll

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
ROUNDS = 5  # a race run several times, so that it is really run


@pytest.fixture
def pair(start_pair):
    return [At(url) for url in start_pair(APP_BASE_URL=BASE)]


@pytest.fixture
def engine(database):
    made = cluster.engine(database)
    yield made
    made.dispose()


def started(server: At, registered: dict) -> dict:
    answer = device_authorization(server, registered, scope="read offline_access")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    ISSUED_SECRETS.update({body["device_code"], body["user_code"]})
    return body


def entered(server: At, user: dict, user_code: str) -> str:
    answer = server.post("/api/auth/device", json={"userCode": user_code}, headers=user)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()["request"]["id"]


def test_an_allowed_device_code_polled_at_both_processes_at_once_gives_tokens_once(
        pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user, kind="public")
    for _ in range(ROUNDS):
        device = started(a, registered)
        decided = decide(b, user, entered(b, user, device["user_code"]))
        assert decided.status_code == 200 and decided.get_json() == {"redirectTo": None}
        answers = at_once(*(partial(poll, server, registered, device["device_code"])
                            for server in pair))
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 400], [answer.get_data(as_text=True) for answer in answers]
        lost = next(answer for answer in answers if answer.status_code == 400).get_json()
        assert lost["error"] == "invalid_grant", lost
        won = next(answer for answer in answers if answer.status_code == 200).get_json()
        assert won["access_token"] and won["refresh_token"]
        (row,) = rows(engine, "SELECT d.spent_at, count(r.id) AS issued "
                              "FROM oauth_device_authorizations d "
                              "JOIN oauth_refresh_tokens r "
                              "ON r.authorization_id = d.authorization_id "
                              "WHERE d.device_code_hash = encode(sha256(:code), 'hex') "
                              "GROUP BY d.spent_at", code=device["device_code"].encode())
        assert row.spent_at is not None and row.issued == 1  # one answer made tokens
        for server in pair:  # spent at both
            again = poll(server, registered, device["device_code"])
            assert again.status_code == 400 and again.get_json()["error"] == "invalid_grant"
        assert a.get("/api/auth/session", headers={
            "Authorization": f"Bearer {won['access_token']}"}).status_code == 200


def test_a_device_authorization_decided_at_both_processes_at_once_is_decided_once(
        pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user, kind="public")
    for round_ in range(ROUNDS):
        device = started(a, registered)
        requests = [entered(server, user, device["user_code"]) for server in pair]
        decisions = ("allow", "deny") if round_ % 2 else ("allow", "allow")
        answers = at_once(*(partial(decide, server, user, request, decision)
                            for server, request, decision in zip(pair, requests, decisions,
                                                                 strict=True)))
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 400], [answer.get_data(as_text=True) for answer in answers]
        lost = next(answer for answer in answers if answer.status_code == 400).get_json()
        assert lost["error"] == "INVALID_TOKEN", lost
        won = answers.index(next(answer for answer in answers if answer.status_code == 200))
        polled = poll(b, registered, device["device_code"])
        if decisions[won] == "allow":
            assert polled.status_code == 200, polled.get_data(as_text=True)
        else:
            assert polled.get_json()["error"] == "access_denied"
    (grants,) = rows(engine, "SELECT count(*) AS n FROM oauth_grants g JOIN oauth_clients c "
                             "ON c.id = g.client_id WHERE c.client_id = :c",
                     c=registered["app"]["clientId"])
    assert grants.n == 1
