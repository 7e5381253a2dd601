"""The authorization server's races and its keys across two waitress processes on one
PostgreSQL database and Redis (extensions.md E5.1, E5.4, E5.7): a code or a refresh token sent
to both at once gives tokens once, a refresh token's reuse after its grace revokes its
authorization, keys are made once and rotated by the CLI for every process, and a revocation,
a ban or an app's deletion at one process stops the token at the other on its next request."""
import base64
import json
import uuid
from datetime import timedelta
from functools import partial
from pathlib import Path

import pytest
from joserfc import jws
from sqlalchemy import text

from bench import cluster
from bench.run import Server
from tests.commands import run_flask
from tests.conftest import wait_until_healthy
from tests.http import new_email, sign_up_at
from tests.parallel import at_once
from tests.provider_flow import (
    BASE,
    At,
    bearer,
    code_flow,
    decide,
    new_app,
    pkce,
    query,
    request_id,
    token,
)
from tests.provider_flow import authorize as authorize_at

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
SETTINGS = {"APP_BASE_URL": BASE}  # one issuer for both processes (tests/provider_flow.py)
ROUNDS = 5  # a race run several times, so that it is really run


@pytest.fixture
def pair(start_pair):
    return [At(url) for url in start_pair(**SETTINGS)]


@pytest.fixture
def engine(database):
    made = cluster.engine(database)
    yield made
    made.dispose()


def rows(engine, sql, **params):
    with engine.connect() as conn:
        return conn.execute(text(sql), params).all()


def person(server: At, engine, role="user") -> dict:
    """Bearer headers of a new account with a verified address (written into the database,
    the starting point), signed up through `server`."""
    email = new_email()
    made = sign_up_at(server.url, email)
    with engine.begin() as conn:
        conn.execute(text("UPDATE users SET email_verified = true, role = :role "
                          "WHERE email = :email"), {"email": email, "role": role})
    return {"Authorization": f"Bearer {made['session']['token']}"}


def consented_code(server: At, user: dict, registered: dict) -> tuple[str, str]:
    """(a code, its verifier): the authorization request and the user's consent at `server`."""
    verifier, challenge = pkce()
    asked = request_id(authorize_at(server, registered["app"]["clientId"], challenge=challenge))
    decided = decide(server, user, asked)
    assert decided.status_code == 200, decided.get_json()
    return query(decided.get_json()["redirectTo"])["code"], verifier


def redeem(server: At, registered, code, verifier):
    return token(server, registered, grant_type="authorization_code", code=code,
                 redirect_uri="https://app.example/callback", code_verifier=verifier)


def refresh(server: At, registered, refresh_token):
    return token(server, registered, grant_type="refresh_token", refresh_token=refresh_token)


def session_status(server: At, access_token) -> int:
    return server.get("/api/auth/session", headers=bearer(access_token)).status_code


def sid_of(access_token) -> str:
    """The authorization an access token was issued from (its `sid`)."""
    return json.loads(jws.extract_compact(access_token.encode()).payload)["sid"]


def kid_of(jwt: str) -> str:
    return jws.extract_compact(jwt.encode()).protected["kid"]


def at_both(servers, action, *args) -> list:
    """`action(server, *args)` at each server, the requests released together."""
    return at_once(*(partial(action, server, *args) for server in servers))


def refused(answer, error="invalid_grant"):
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert answer.get_json()["error"] == error
    return answer


# --- E5.4: a code redeemed twice ---

def test_a_code_redeemed_at_both_processes_at_once_gives_tokens_once(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    for _ in range(ROUNDS):
        code, verifier = consented_code(a, user, registered)
        answers = at_both(pair, redeem, registered, code, verifier)
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 400], [answer.get_data(as_text=True) for answer in answers]
        won = next(answer.get_json() for answer in answers if answer.status_code == 200)
        refused(next(answer for answer in answers if answer.status_code == 400))
        authorization = sid_of(won["access_token"])
        (row,) = rows(engine, "SELECT code_used_at, revoked_at FROM oauth_authorizations "
                              "WHERE id = :id", id=authorization)
        assert row.code_used_at is not None
        # RFC 6749 10.5: the second use, at once or later, revokes what the first got.
        assert row.revoked_at is not None
        (issued,) = rows(engine, "SELECT count(*) AS n FROM oauth_refresh_tokens "
                                 "WHERE authorization_id = :id", id=authorization)
        assert issued.n == 1  # one answer with tokens: one refresh token was made
        assert [session_status(s, won["access_token"]) for s in (a, b)] == [401, 401]
        refused(refresh(b, registered, won["refresh_token"]))


def test_a_code_redeemed_again_at_the_other_process_revokes_the_first_tokens(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    code, verifier = consented_code(a, user, registered)
    first = redeem(a, registered, code, verifier)
    assert first.status_code == 200, first.get_json()
    tokens = first.get_json()
    assert session_status(b, tokens["access_token"]) == 200

    refused(redeem(b, registered, code, verifier))
    assert session_status(a, tokens["access_token"]) == 401
    assert session_status(b, tokens["access_token"]) == 401
    refused(refresh(a, registered, tokens["refresh_token"]))
    (row,) = rows(engine, "SELECT revoked_at FROM oauth_authorizations WHERE code_used_at "
                          "IS NOT NULL AND client_id = (SELECT id FROM oauth_clients "
                          "WHERE client_id = :c)", c=registered["app"]["clientId"])
    assert row.revoked_at is not None


# --- E5.4: a refresh token sent twice ---

def refresh_rows(engine, authorization_id):
    return rows(engine, "SELECT id, replaced_at FROM oauth_refresh_tokens "
                        "WHERE authorization_id = :id ORDER BY created_at", id=authorization_id)


def test_one_refresh_token_sent_to_both_processes_at_once_gives_tokens_once(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    tokens, _ = code_flow(a, user, registered)
    authorization = sid_of(tokens["access_token"])
    presented = tokens["refresh_token"]
    for round_ in range(ROUNDS):
        answers = at_both(pair, refresh, registered, presented)
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 400], [answer.get_data(as_text=True) for answer in answers]
        refused(next(answer for answer in answers if answer.status_code == 400))
        won = next(answer.get_json() for answer in answers if answer.status_code == 200)
        # No fork of the family: one new refresh token, the presented one replaced, the
        # authorization alive (a retry at the same moment is no reuse).
        family = refresh_rows(engine, authorization)
        assert len(family) == round_ + 2
        assert [row.replaced_at is None for row in family] == [False] * (round_ + 1) + [True]
        (row,) = rows(engine, "SELECT revoked_at FROM oauth_authorizations WHERE id = :id",
                      id=authorization)
        assert row.revoked_at is None
        assert [session_status(s, won["access_token"]) for s in (a, b)] == [200, 200]
        presented = won["refresh_token"]
    assert rows(engine, "SELECT id FROM security_events WHERE type = 'oauth_refresh_reuse'"
                        " AND user_id = (SELECT user_id FROM oauth_authorizations "
                        "WHERE id = :id)", id=authorization) == []


def test_a_replaced_refresh_token_within_30_s_is_refused_and_nothing_more(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    tokens, _ = code_flow(a, user, registered)
    renewed = refresh(a, registered, tokens["refresh_token"])
    assert renewed.status_code == 200, renewed.get_json()
    authorization = sid_of(tokens["access_token"])
    age(engine, authorization, seconds=25)

    refused(refresh(b, registered, tokens["refresh_token"]))  # a client's retry
    (row,) = rows(engine, "SELECT revoked_at FROM oauth_authorizations WHERE id = :id",
                  id=authorization)
    assert row.revoked_at is None
    assert session_status(b, renewed.get_json()["access_token"]) == 200
    again = refresh(b, registered, renewed.get_json()["refresh_token"])
    assert again.status_code == 200, again.get_json()


def age(engine, authorization_id, **delta):
    """Move the replaced refresh tokens' replacement back by `delta`."""
    with engine.begin() as conn:
        conn.execute(text("UPDATE oauth_refresh_tokens SET replaced_at = replaced_at - "
                          ":delta WHERE authorization_id = :id AND replaced_at IS NOT NULL"),
                     {"delta": timedelta(**delta), "id": authorization_id})


def test_a_replaced_refresh_token_after_30_s_revokes_the_whole_authorization(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    tokens, _ = code_flow(a, user, registered)
    renewed = refresh(a, registered, tokens["refresh_token"]).get_json()
    authorization = sid_of(tokens["access_token"])
    assert session_status(b, renewed["access_token"]) == 200
    age(engine, authorization, seconds=31)

    refused(refresh(b, registered, tokens["refresh_token"]))
    (row,) = rows(engine, "SELECT revoked_at, user_id FROM oauth_authorizations "
                          "WHERE id = :id", id=authorization)
    assert row.revoked_at is not None
    for access_token in (tokens["access_token"], renewed["access_token"]):
        assert [session_status(s, access_token) for s in (a, b)] == [401, 401]
    refused(refresh(a, registered, renewed["refresh_token"]))
    events = rows(engine, "SELECT details FROM security_events WHERE user_id = :u AND "
                          "type = 'oauth_refresh_reuse'", u=row.user_id)
    assert len(events) == 1


# --- E5.1: the signing keys of every process ---

def current_keys(engine):
    return rows(engine, "SELECT kid, alg FROM oauth_signing_keys WHERE retired_at IS NULL "
                        "ORDER BY alg")


def jwks_kids(server: At) -> set:
    answer = server.get("/api/oauth2/jwks")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return {key["kid"] for key in answer.get_json()["keys"]}


KEY_ROUNDS = 3  # each round starts two processes on an empty key table


def started_at_once(env: dict, log_dir) -> list[Server]:
    """Two waitress processes of wsgi:app started together; returned once both answer. A start
    on a loaded machine takes long (importing the app): the wait is for /api/health, up to two
    minutes, and fails at once with the log if a process exits."""
    servers = [Server("wsgi:app", env, 2, str(log_dir / f"server-{i}.log")) for i in range(2)]
    try:
        for server in servers:
            wait_until_healthy(server.port, server.proc, Path(server.log_path))
    except BaseException:
        stopped(servers)
        raise
    return servers


def stopped(servers) -> None:
    for server in servers:
        server.__exit__(None, None, None)
    for server in servers:
        log = cluster.log_of(server)
        assert "Traceback" not in log and "signing keys were not made" not in log, log


def test_two_processes_starting_at_once_make_one_set_of_keys(
        database, redis_url, smtp_sink, engine, tmp_path):
    env = cluster.service_env(database, RATELIMIT_STORAGE_URI=redis_url,
                              RATELIMIT_KEY_PREFIX="keys-" + uuid.uuid4().hex,
                              MAIL_SERVER="127.0.0.1", MAIL_PORT=smtp_sink[1], **SETTINGS)
    for round_ in range(KEY_ROUNDS):
        with engine.begin() as conn:  # a first start: no key yet
            conn.execute(text("DELETE FROM oauth_signing_keys"))
        log_dir = tmp_path / f"round-{round_}"
        log_dir.mkdir()
        servers = started_at_once(env, log_dir)
        try:
            made = current_keys(engine)  # made by the starts, before any request
            assert [row.alg for row in made] == ["ES256", "RS256"]
            assert rows(engine, "SELECT count(*) AS n FROM oauth_signing_keys")[0].n == 2
            published = at_both([At(server.url) for server in servers], jwks_kids)
            assert published == [{row.kid for row in made}] * 2
            assert current_keys(engine) == made  # the requests made none
        finally:
            stopped(servers)


def test_a_rotation_by_the_cli_holds_in_both_processes_without_a_restart(
        pair, engine, database, redis_url):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    before = {}
    for server in (a, b):
        tokens, _ = code_flow(server, user, registered)
        before[server.url] = tokens
    old = {row.alg: row.kid for row in current_keys(engine)}
    assert {kid_of(tokens["access_token"]) for tokens in before.values()} == {old["RS256"]}

    rotated = run_flask("oauth", "rotate-keys",
                        **cluster.service_env(database, RATELIMIT_STORAGE_URI=redis_url,
                                              **SETTINGS))
    assert rotated.returncode == 0, rotated.stderr
    new = {row.alg: row.kid for row in current_keys(engine)}
    assert set(new.values()).isdisjoint(old.values())
    assert sorted(rotated.stdout.split()[3::4]) == sorted(new.values())

    for server in (a, b):  # tokens issued by either process after it: the new keys
        tokens = before[server.url]
        assert session_status(server, tokens["access_token"]) == 200  # signed before: valid
        renewed = refresh(server, registered, tokens["refresh_token"])
        assert renewed.status_code == 200, renewed.get_json()
        assert kid_of(renewed.get_json()["access_token"]) == new["RS256"]
        assert kid_of(renewed.get_json()["id_token"]) == new["RS256"]
        for other in (a, b):
            assert session_status(other, renewed.get_json()["access_token"]) == 200
            assert session_status(other, tokens["access_token"]) == 200
        # Both publish the retired keys beside the new ones while their tokens may live.
        assert jwks_kids(server) == set(old.values()) | set(new.values())
    for stored in rows(engine, "SELECT private_key FROM oauth_signing_keys"):
        assert "BEGIN" not in stored.private_key and '"d"' not in stored.private_key

    with engine.begin() as conn:  # the retired keys' tokens have all expired by now
        conn.execute(text("UPDATE oauth_signing_keys SET retired_at = retired_at - "
                          "interval '2 hours' WHERE retired_at IS NOT NULL"))
    assert [jwks_kids(server) for server in (a, b)] == [set(new.values())] * 2


# --- E5.7: stopped at the other process on its very next request ---

def test_an_access_token_revoked_at_one_process_is_refused_at_the_other(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    tokens, _ = code_flow(a, user, registered)
    renewed = refresh(a, registered, tokens["refresh_token"]).get_json()
    assert session_status(b, tokens["access_token"]) == 200

    revoked = a.post("/api/oauth2/revoke", data={"token": tokens["access_token"],
                                                  "token_type_hint": "access_token"},
                     headers=token_auth(registered))
    assert revoked.status_code == 200, revoked.get_data(as_text=True)
    assert session_status(b, tokens["access_token"]) == 401
    jti = json.loads(jws.extract_compact(tokens["access_token"].encode()).payload)["jti"]
    assert len(rows(engine, "SELECT jti FROM oauth_revoked_access_tokens WHERE jti = :j",
                    j=jti)) == 1
    # by its jti alone: the authorization's other access token still works
    assert session_status(b, renewed["access_token"]) == 200


def token_auth(registered) -> dict:
    """client_secret_basic headers of a confidential app."""
    pair = f"{registered['app']['clientId']}:{registered['clientSecret']}".encode()
    return {"Authorization": "Basic " + base64.b64encode(pair).decode()}


def test_a_refresh_token_revoked_at_one_process_stops_its_authorization_at_the_other(
        pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    tokens, _ = code_flow(a, user, registered)
    other, _ = code_flow(a, user, registered)  # another authorization of the same grant
    assert session_status(b, tokens["access_token"]) == 200

    revoked = a.post("/api/oauth2/revoke", data={"token": tokens["refresh_token"]},
                     headers=token_auth(registered))
    assert revoked.status_code == 200, revoked.get_data(as_text=True)
    assert session_status(b, tokens["access_token"]) == 401
    refused(refresh(b, registered, tokens["refresh_token"]))
    (row,) = rows(engine, "SELECT revoked_at FROM oauth_authorizations WHERE id = :id",
                  id=sid_of(tokens["access_token"]))
    assert row.revoked_at is not None
    assert session_status(b, other["access_token"]) == 200


def test_a_ban_at_one_process_stops_the_users_tokens_at_the_other(pair, engine):
    a, b = pair
    user = person(a, engine)
    admin = person(a, engine, role="admin")
    registered = new_app(a, user)
    tokens, _ = code_flow(a, user, registered)
    assert session_status(b, tokens["access_token"]) == 200
    user_id = b.get("/api/auth/session", headers=bearer(tokens["access_token"])).get_json()[
        "user"]["id"]

    banned = a.post(f"/api/admin/users/{user_id}/ban", headers=admin, json={"reason": "spam"})
    assert banned.status_code == 200, banned.get_json()
    assert session_status(b, tokens["access_token"]) == 401
    assert rows(engine, "SELECT banned FROM users WHERE id = :id", id=user_id)[0].banned
    # The ban ended the user's grants (E5.8), the refresh token with them.
    refused(refresh(b, registered, tokens["refresh_token"]), "invalid_grant")
    assert rows(engine, "SELECT count(*) AS n FROM oauth_grants WHERE user_id = :id",
                id=user_id)[0].n == 0


def test_an_app_deleted_at_one_process_stops_its_tokens_at_the_other(pair, engine):
    a, b = pair
    user = person(a, engine)
    registered = new_app(a, user)
    tokens, _ = code_flow(a, user, registered)
    assert session_status(b, tokens["access_token"]) == 200

    deleted = a.delete(f"/api/auth/oauth-apps/{registered['app']['id']}", headers=user)
    assert deleted.status_code == 204, deleted.get_data(as_text=True)
    assert session_status(b, tokens["access_token"]) == 401
    assert rows(engine, "SELECT id FROM oauth_authorizations WHERE id = :id",
                id=sid_of(tokens["access_token"])) == []
    gone = refresh(b, registered, tokens["refresh_token"])
    assert gone.status_code == 401 and gone.get_json()["error"] == "invalid_client"
