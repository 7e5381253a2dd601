"""The consent's races across two waitress processes on one PostgreSQL database and Redis
(extensions.md E5.3): one authorization request decided at both at once is decided once (one
redirect with a code, the other 400 INVALID_TOKEN), and two requests of one app allowed at once
leave one grant holding both."""
import json
from functools import partial

import pytest

from bench import cluster
from tests.oauth.test_races import At, person, rows
from tests.parallel import at_once
from tests.provider_flow import BASE, decide, new_app, pkce, query, request_id, token
from tests.provider_flow import authorize as authorize_at

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


def both_decide(pair, user, request, decisions=("allow", "allow")):
    """The request decided at each server, the requests released together."""
    return at_once(*(partial(decide, server, user, request, decision)
                     for server, decision in zip(pair, decisions, strict=True)))


def one_won(answers) -> dict:
    """The winner's redirect query; the other answer is 400 INVALID_TOKEN."""
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200, 400], [answer.get_data(as_text=True) for answer in answers]
    lost = next(answer for answer in answers if answer.status_code == 400).get_json()
    assert lost["error"] == "INVALID_TOKEN", lost
    won = next(answer for answer in answers if answer.status_code == 200).get_json()
    return query(won["redirectTo"])


def authorizations(engine, client_id) -> int:
    return rows(engine, "SELECT count(*) AS n FROM oauth_authorizations a JOIN oauth_clients c "
                        "ON c.id = a.client_id WHERE c.client_id = :c", c=client_id)[0].n


def test_a_request_decided_at_both_processes_at_once_is_decided_once(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    client_id = registered["app"]["clientId"]
    for round_ in range(ROUNDS):
        verifier, challenge = pkce()
        request = request_id(authorize_at(a, client_id, challenge=challenge))
        back = one_won(both_decide(pair, user, request))
        assert back["state"] == "xyz" and back["iss"] == BASE and back["code"]
        assert authorizations(engine, client_id) == round_ + 1  # one code made, not two
        assert rows(engine, "SELECT count(*) AS n FROM oauth_requests")[0].n == 0
        redeemed = token(b, registered, grant_type="authorization_code", code=back["code"],
                         redirect_uri="https://app.example/callback", code_verifier=verifier)
        assert redeemed.status_code == 200, redeemed.get_json()


def test_allow_and_deny_at_once_one_of_them_counts(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    client_id = registered["app"]["clientId"]
    made = 0
    for _ in range(ROUNDS):
        request = request_id(authorize_at(a, client_id))
        back = one_won(both_decide(pair, user, request, ("allow", "deny")))
        if "code" in back:
            made += 1
        else:
            assert back["error"] == "access_denied"
        assert authorizations(engine, client_id) == made


def test_two_requests_allowed_at_once_leave_one_grant_with_both(pair, engine):
    a, b = pair
    for _ in range(ROUNDS):
        user = person(a, engine)
        registered = new_app(a, user)
        client_id = registered["app"]["clientId"]
        first = request_id(authorize_at(a, client_id, scope="openid read"))
        second = request_id(authorize_at(b, client_id, scope="read write"))
        answers = at_once(partial(decide, a, user, first), partial(decide, b, user, second))
        assert [answer.status_code for answer in answers] == [200, 200], [
            answer.get_data(as_text=True) for answer in answers]
        assert all("code" in query(answer.get_json()["redirectTo"]) for answer in answers)
        (grant,) = rows(engine, "SELECT g.scopes FROM oauth_grants g JOIN oauth_clients c "
                                "ON c.id = g.client_id WHERE c.client_id = :c", c=client_id)
        scopes = grant.scopes if isinstance(grant.scopes, list) else json.loads(grant.scopes)
        assert sorted(scopes) == ["openid", "read", "write"]
        assert authorizations(engine, client_id) == 2
