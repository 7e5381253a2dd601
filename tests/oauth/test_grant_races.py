"""Who may reach what, held across two waitress processes on one PostgreSQL database and Redis
(extensions.md E5.8), with a real OpenID provider on loopback and SCIM requests: the directory
ending a membership at one process while the app refreshes or redeems a code at the other
leaves no token alive (the old ones and any the request handed out); a project's allowed
clients set at one process hold the next request at the other; an operator's DISABLED at one
stops the client's tokens at the other at once. Each race runs for several rounds, the
processes swapped each round."""
import base64
import threading
import time
from urllib.parse import urlsplit

import pytest
import requests
from sqlalchemy import text

from bench import cluster
from tests.http import new_email, project_at_a_verified_domain, sign_up_at
from tests.parallel import at_once, run_at_once
from tests.provider_flow import (
    REDIRECT,
    At,
    authorize,
    bearer,
    code_flow,
    decide,
    new_app,
    pkce,
    query,
    request_id,
    settings,
    token,
)
from tests.scim.scim import MEDIA, PATCH_SCHEMA, USER_SCHEMA
from tests.sso_provider import OidcProvider, at_provider

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")]
ROUNDS = 6  # every third round gated (see `stopped_at_its_client`)
WAIT = 30  # seconds a gated round waits for a request to block, at most


def rows(engine, sql, **params):
    with engine.connect() as conn:
        return conn.execute(text(sql), params).all()


def verified(engine, email, role="user") -> None:
    with engine.begin() as conn:
        conn.execute(text("UPDATE users SET email_verified = true, role = :r WHERE email = :e"),
                     {"e": email, "r": role})


def person(server: At, engine, role="user") -> dict:
    """Bearer headers of a new account with a verified address (written into the database,
    the starting point), signed up through `server`."""
    email = new_email()
    made = sign_up_at(server.url, email)
    verified(engine, email, role)
    return bearer(made["session"]["token"])


def auth_of(registered) -> dict:
    pair = f"{registered['app']['clientId']}:{registered['clientSecret']}".encode()
    return {"Authorization": "Basic " + base64.b64encode(pair).decode()}


def refresh(server: At, registered, refresh_token):
    return token(server, registered, grant_type="refresh_token", refresh_token=refresh_token)


def session_status(server: At, access_token) -> int:
    return server.get("/api/auth/session", headers=bearer(access_token)).status_code


def introspected(server: At, registered, presented) -> dict:
    answer = server.post("/api/oauth2/introspect", data={"token": presented},
                         headers=auth_of(registered))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def lock_waits(engine) -> int:
    """How many backends of the database wait for a lock."""
    [(count,)] = rows(engine, "SELECT count(*) FROM pg_stat_activity WHERE datname = "
                              "current_database() AND wait_event_type = 'Lock'")
    return count


def wait_until(condition, what):
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.01)  # polling for a state, not a timing assertion


# --- E5.8's SCIM over grants: the directory ending a membership racing a refresh ---

class Corp:
    """Two processes; a project holding a fresh domain VERIFIED with an OIDC connection of the
    provider on loopback, a SCIM token, and an app its owner registered."""

    def __init__(self, urls, engine, provider):
        self.servers = [At(url) for url in urls]
        self.engine = engine
        self.provider = provider
        headers, self.project, self.domain = project_at_a_verified_domain(urls[0], engine)
        self.owner = headers
        made = self.servers[1].post(f"/api/projects/{self.project}/sso-connections",
                                    headers=headers, json={
                                        "type": "oidc", "name": "IdP", "issuer": provider.issuer,
                                        "clientId": OidcProvider.CLIENT_ID,
                                        "clientSecret": OidcProvider.CLIENT_SECRET})
        assert made.status_code == 201, made.get_data(as_text=True)
        directory = self.servers[0].post(f"/api/projects/{self.project}/scim-tokens",
                                         json={"name": "Directory"}, headers=headers)
        assert directory.status_code == 201, directory.get_data(as_text=True)
        self.directory = {"Authorization": f"Bearer {directory.get_json()['token']}",
                          "Content-Type": MEDIA}
        with engine.begin() as conn:  # the owner's address verified (the starting point)
            conn.execute(text("UPDATE users SET email_verified = true WHERE id IN (SELECT "
                              "user_id FROM memberships WHERE project_id = :p)"),
                         {"p": self.project})
        self.registered = new_app(self.servers[0], headers)

    def provisioned(self, server: At, n: int) -> tuple[str, dict]:
        """(a new SCIM User's id, the SSO session of its account) for round `n`: the directory
        makes the User (the account, a member) at `server`, the account signs in through the
        project's connection at the other process."""
        email, subject = f"person{n}@{self.domain}", f"person-{n}"
        user = requests.post(f"{server.url}/api/scim/v2/Users", headers=self.directory,
                             json={"schemas": [USER_SCHEMA], "userName": email}, timeout=60)
        assert user.status_code == 201, user.text
        self.provider.add_user(subject, email)
        other = self.other(server)
        started = other.get("/api/auth/sso", query_string={"email": email})
        assert started.status_code == 302, started.get_data(as_text=True)
        back = urlsplit(at_provider(started.headers["Location"], subject))
        signed = other.get(f"{back.path}?{back.query}")
        assert signed.status_code == 200, signed.get_data(as_text=True)
        return user.json()["id"], bearer(signed.get_json()["session"]["token"])

    def other(self, server: At) -> At:
        return self.servers[1 - self.servers.index(server)]

    def ending(self, server: At, user_id: str, n: int):
        """The directory ends the User's membership at `server`: deactivated on even rounds,
        deleted on odd ones."""
        path = f"/api/scim/v2/Users/{user_id}"
        if n % 2:
            return lambda: server.delete(path, headers=self.directory)
        return lambda: server.patch(path, headers=self.directory, json={
            "schemas": [PATCH_SCHEMA],
            "Operations": [{"op": "replace", "path": "active", "value": False}]})


@pytest.fixture
def corp(start_pair, database, oidc_provider):
    urls = start_pair(SSO_ALLOW_PRIVATE_NETWORKS="true", **settings())
    engine = cluster.engine(database)
    yield Corp(urls, engine, oidc_provider)
    engine.dispose()


def stopped_at_its_client(engine, client_row_id, requesting, ending):
    """The token request stopped inside its transaction once it has spent what it presents (a
    refresh token, a code): a third transaction holds the client's row, which the request
    writes (`lastUsedAt`) before it stores the new refresh token and the grant's `lastUsedAt`.
    The directory's request is sent then, and the row freed once that request has finished or
    waits in turn: the two transactions overlap at the worst point."""
    done = threading.Event()

    def end():
        wait_until(lambda: lock_waits(engine) >= 1, "the refresh to wait for the client's row")
        try:
            return ending()
        finally:
            done.set()

    with engine.connect() as holder:
        holder.execute(text("SELECT id FROM oauth_clients WHERE id = :c FOR UPDATE"),
                       {"c": client_row_id})

        def release():
            wait_until(lambda: done.is_set() or lock_waits(engine) >= 2,
                       "the directory's request to finish or to wait")
            holder.rollback()

        refreshed, ended, _ = run_at_once(3, lambda i: (requesting, end, release)[i]())
    return refreshed, ended


def issuing(kind, server: At, session, registered):
    """(the tokens the app holds already, or None; the token request the race sends): a
    refresh of the tokens of a consent, or the redemption of a code just consented, at
    `server`, with the SSO session `session`."""
    if kind == "refresh_token":
        tokens, _ = code_flow(server, session, registered)
        return tokens, lambda: refresh(server, registered, tokens["refresh_token"])
    verifier, challenge = pkce()
    asked = request_id(authorize(server, registered["app"]["clientId"], challenge=challenge))
    decided = decide(server, session, asked)
    assert decided.status_code == 200, decided.get_data(as_text=True)
    code = query(decided.get_json()["redirectTo"])["code"]
    return None, lambda: token(server, registered, grant_type="authorization_code", code=code,
                               redirect_uri=REDIRECT, code_verifier=verifier)


def ended_by(who, corp, server: At, n: int, user_id: str, session: dict, account: str):
    """(the request that ends the grant at `server`, the status it answers): the directory's
    (the User deactivated or deleted), its user's (the connected app revoked), or a platform
    admin's (a ban)."""
    if who == "directory":
        return corp.ending(server, user_id, n), 204 if n % 2 else 200
    if who == "user":
        apps = server.get("/api/auth/connected-apps", headers=session).get_json()["data"]
        (grant,) = [grant["id"] for grant in apps
                    if grant["client"]["clientId"] == corp.registered["app"]["clientId"]]
        return lambda: server.delete(f"/api/auth/connected-apps/{grant}", headers=session), 204
    return lambda: server.post(f"/api/admin/users/{account}/ban", headers=corp.admin,
                               json={"reason": "spam"}), 200


@pytest.mark.parametrize("who, kind", [("directory", "refresh_token"),
                                       ("directory", "authorization_code"),
                                       ("user", "refresh_token"), ("ban", "refresh_token")])
def test_a_grant_ended_at_one_process_while_the_app_gets_tokens_leaves_none(corp, who, kind):
    """E5.8: a member signed in by the project's SSO consents an app with offline_access; the
    directory deactivates or deletes the User at one process (or the user revokes the
    connected app, or an admin bans the account) while the app refreshes (or redeems its code)
    at the other. Both answer (the end is never undone by the race); then every token of the
    grant, the old ones and any the request handed out, is refused everywhere, and no grant or
    refresh token of it is left. Every third round the token request is stopped after it spent
    what it presents, and the end sent then."""
    registered, engine = corp.registered, corp.engine
    client_row = registered["app"]["id"]
    corp.admin = person(corp.servers[0], engine, role="admin")
    outcomes = []
    for n in range(ROUNDS):
        ender, issuer = corp.servers[n % 2], corp.servers[1 - n % 2]
        user_id, session = corp.provisioned(ender, n)
        tokens, requested = issuing(kind, issuer, session, registered)
        access, refreshes = [], []
        if tokens is not None:
            access, refreshes = [tokens["access_token"]], [tokens["refresh_token"]]
            assert session_status(ender, tokens["access_token"]) == 200
            assert ender.get(f"/api/projects/{corp.project}",
                             headers=bearer(tokens["access_token"])).status_code == 200
        [(account,)] = rows(engine, "SELECT account_id FROM scim_users WHERE id = :u", u=user_id)

        ending, status = ended_by(who, corp, ender, n, user_id, session, account)
        if n % 3 == 2:
            renewed, ended = stopped_at_its_client(engine, client_row, requested, ending)
        else:
            renewed, ended = at_once(requested, ending)

        assert ended.status_code == status, ended.get_data(as_text=True)
        assert renewed.status_code in (200, 400), renewed.get_data(as_text=True)
        if renewed.status_code == 200:
            access.append(renewed.get_json()["access_token"])
            refreshes.append(renewed.get_json()["refresh_token"])
        else:
            assert renewed.get_json()["error"] == "invalid_grant"
        if n % 3 == 2:  # it had spent what it presents before the end came: it won
            assert renewed.status_code == 200, renewed.get_data(as_text=True)
        outcomes.append(renewed.status_code)
        again = requested()  # the code or refresh token presented once more
        assert again.status_code == 400 and again.get_json()["error"] == "invalid_grant"

        for server in corp.servers:
            for presented in access:
                assert session_status(server, presented) == 401
                assert introspected(server, registered, presented) == {"active": False}
            for presented in refreshes:
                assert introspected(server, registered, presented) == {"active": False}
                answer = refresh(server, registered, presented)
                assert answer.status_code == 400, answer.get_data(as_text=True)
                assert answer.get_json()["error"] == "invalid_grant"
        assert rows(engine, "SELECT id FROM oauth_grants WHERE user_id = :u", u=account) == []
        assert rows(engine, "SELECT t.id FROM oauth_refresh_tokens t JOIN oauth_authorizations"
                            " a ON a.id = t.authorization_id WHERE a.user_id = :u",
                    u=account) == []
        if who == "directory":
            assert rows(engine, "SELECT role FROM memberships WHERE project_id = :p AND "
                                "user_id = :u", p=corp.project, u=account) == []
    assert 200 in outcomes, outcomes  # the gated rounds at least: a refresh that won


# --- E5.8's allowed clients, set at one process, held at the other on the next request ---

def reaches(server: At, project: str, headers) -> bool:
    """Whether `headers` reach the project at `server` as its member: the project, its
    members, and the caller's project list and its count agree (a token of a client the
    project does not list is 403 OAUTH_CLIENT_NOT_ALLOWED on its paths and not counted)."""
    read = server.get(f"/api/projects/{project}", headers=headers)
    members = server.get(f"/api/projects/{project}/members", headers=headers)
    mine = server.get("/api/projects", headers=headers).get_json()
    listed = [p["id"] for p in mine["data"]]
    if read.status_code == 200:
        assert members.status_code == 200, members.get_data(as_text=True)
        assert listed == [project] and mine["meta"]["total"] == 1, mine
        return True
    for answer in (read, members):
        assert answer.status_code == 403, answer.get_data(as_text=True)
        assert answer.get_json()["code"] == "OAUTH_CLIENT_NOT_ALLOWED"
    assert listed == [] and mine["meta"]["total"] == 0, mine
    return False


def test_the_allowed_clients_set_at_one_process_hold_at_the_other_at_once(corp):
    """The owner sets `oauthClients` at one process; the very next request of a token of a
    client the list does not name, at the other process, is 403 OAUTH_CLIENT_NOT_ALLOWED and
    a non-member in the list and its count, after both processes had just answered it as a
    member (no cache keeps the old list); the list swapped each round, then removed."""
    a, b = corp.servers
    ada = person(a, corp.engine)
    ada_id = a.get("/api/auth/session", headers=ada).get_json()["user"]["id"]
    with corp.engine.begin() as conn:  # Ada a member of the project (the starting point)
        conn.execute(text("INSERT INTO memberships (project_id, user_id, role, joined_at) "
                          "VALUES (:p, :u, 'member', now())"), {"p": corp.project, "u": ada_id})
    apps = {"calendar": corp.registered,
            "notes": new_app(a, corp.owner, name="Notes")}
    tokens = {name: bearer(code_flow(a, ada, registered, scope="openid read")[0][
        "access_token"]) for name, registered in apps.items()}
    for n in range(ROUNDS):
        setting, reading = corp.servers[n % 2], corp.servers[1 - n % 2]
        allowed, held_out = ("calendar", "notes") if n % 2 == 0 else ("notes", "calendar")
        for server in corp.servers:  # both have just let it in, under the list before
            assert reaches(server, corp.project, tokens[held_out])
        changed = setting.patch(f"/api/projects/{corp.project}", headers=corp.owner,
                                json={"oauthClients": [apps[allowed]["app"]["clientId"]]})
        assert changed.status_code == 200, changed.get_data(as_text=True)
        assert not reaches(reading, corp.project, tokens[held_out])
        assert reaches(reading, corp.project, tokens[allowed])
        assert reaches(reading, corp.project, ada)  # her own session is no client's
    changed = a.patch(f"/api/projects/{corp.project}", headers=corp.owner,
                      json={"oauthClients": None})
    assert changed.status_code == 200, changed.get_data(as_text=True)
    assert all(reaches(b, corp.project, headers) for headers in tokens.values())


# --- E5.2's operators: DISABLED at one process stops the client's tokens at the other ---

def test_a_client_disabled_at_one_process_is_stopped_at_the_other_at_once(corp):
    """A platform admin's PATCH `status: DISABLED` at one process: the client's access token
    is 401 on its very next request at the other, which had just accepted it, and its refresh
    token invalid_client there; ACTIVE again at that process, the token works at the first."""
    a, _b = corp.servers
    ada = person(a, corp.engine)
    admin = person(a, corp.engine, role="admin")
    registered = corp.registered
    tokens, _ = code_flow(a, ada, registered)
    row_id = registered["app"]["id"]
    for n in range(4):
        setting, reading = corp.servers[n % 2], corp.servers[1 - n % 2]
        assert session_status(reading, tokens["access_token"]) == 200
        changed = setting.patch(f"/api/admin/oauth-clients/{row_id}", headers=admin,
                                json={"status": "DISABLED"})
        assert changed.status_code == 200, changed.get_data(as_text=True)
        assert session_status(reading, tokens["access_token"]) == 401
        stopped = refresh(reading, registered, tokens["refresh_token"])
        assert stopped.status_code == 401, stopped.get_data(as_text=True)
        assert stopped.get_json()["error"] == "invalid_client"
        again = reading.patch(f"/api/admin/oauth-clients/{row_id}", headers=admin,
                              json={"status": "ACTIVE"})
        assert again.status_code == 200, again.get_data(as_text=True)
        assert session_status(setting, tokens["access_token"]) == 200
    renewed = refresh(a, registered, tokens["refresh_token"])
    assert renewed.status_code == 200, renewed.get_data(as_text=True)
