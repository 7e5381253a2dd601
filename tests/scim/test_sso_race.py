"""A User deactivated while its account signs in by SSO (extensions.md E4.2, E4.3), between two
waitress processes on PostgreSQL with a real OpenID provider and a domain verified through a
DNS server on loopback: process A completes the account's OIDC callback while process B
PATCHes the User `active: false`. The result is one serial order's: the account is never left
a member, and the audit log says which order it was (sign-in first: the sign-in's addition,
then the directory's removal, which ended the session; deactivation first: no addition).
Released together, the directory's request is the quicker and mostly goes first; so every third
round a third writer holds the membership's key (an uncommitted row, as an invitation being
accepted would), stopping the sign-in inside its transaction, after it read the User as active:
the deactivation is sent then, and the key freed once it has finished or waits in turn.
And two Users of one account, one deactivated while the other is activated: still a member."""
import threading
import time
import uuid
from urllib.parse import urlsplit

import pytest
import requests
from sqlalchemy import text

from bench import cluster
from tests.http import sign_up_at
from tests.parallel import run_at_once
from tests.scim.scim import MEDIA, PATCH_SCHEMA, USER_SCHEMA, scim_token_at
from tests.sso_provider import OidcProvider, at_provider

pytestmark = [pytest.mark.postgres, pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")]
ROUNDS = 6
WAIT = 30  # seconds a gated round waits for a request to block, at most


@pytest.fixture
def corp(start_pair, database, dns_server, oidc_provider):
    """Two processes; a project holding a fresh domain VERIFIED (its TXT record served by the
    DNS server), with an OIDC connection and a SCIM token."""
    servers = start_pair(SSO_ALLOW_PRIVATE_NETWORKS="true", DNS_RESOLVER=dns_server.address,
                         DNS_TIMEOUT=1)
    domain_name = f"{uuid.uuid4().hex[:10]}.example"
    owner = sign_up_at(servers[0], f"owner@{domain_name}")
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    project, token = scim_token_at(servers[0], headers)
    base = f"{servers[0]}/api/projects/{project}"
    domain = requests.post(f"{base}/domains", json={"domain": domain_name}, headers=headers,
                           timeout=30).json()["data"]
    dns_server.publish(domain["verification"]["name"], domain["verification"]["value"])
    verified = requests.post(f"{base}/domains/{domain['id']}/verify", headers=headers,
                             timeout=30)
    assert verified.json()["data"]["status"] == "VERIFIED", verified.text
    made = requests.post(f"{servers[1]}/api/projects/{project}/sso-connections", headers=headers,
                         timeout=30, json={"type": "oidc", "name": "IdP",
                                           "issuer": oidc_provider.issuer,
                                           "clientId": OidcProvider.CLIENT_ID,
                                           "clientSecret": OidcProvider.CLIENT_SECRET})
    assert made.status_code == 201, made.text
    engine = cluster.engine(database)
    yield servers, project, domain_name, headers, token, engine
    engine.dispose()


def rows(engine, sql, **params):
    with engine.connect() as conn:
        return conn.execute(text(sql), params).all()


def membership_entries(engine, project, account):
    """The audit log's additions and removals of `account` in `project`, in chain order."""
    return [(action, details.get("via")) for action, details in rows(
        engine, "SELECT action, details FROM audit_log WHERE target_id = :p AND action IN "
                "('project.member_add', 'project.member_remove') ORDER BY seq", p=project)
        if details["userId"] == account]


def lock_waits(engine):
    """How many backends of the database wait for a lock."""
    [(count,)] = rows(engine, "SELECT count(*) FROM pg_stat_activity WHERE datname = "
                              "current_database() AND wait_event_type = 'Lock'")
    return count


def wait_until(condition, what):
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.01)  # polling for a state, not a timing assertion


def gated(engine, project, account, callback, deactivate):
    """The sign-in stopped at its membership's insertion (a third transaction holds the key),
    the deactivation sent then; the key freed once the deactivation finished or waits too."""
    done = threading.Event()

    def held():
        wait_until(lambda: lock_waits(engine) >= 1, "the sign-in to wait for the key")
        try:
            return deactivate()
        finally:
            done.set()

    with engine.connect() as holder:
        holder.execute(text("INSERT INTO memberships (project_id, user_id, role, joined_at) "
                            "VALUES (:p, :u, 'member', now())"), {"p": project, "u": account})

        def release():
            wait_until(lambda: done.is_set() or lock_waits(engine) >= 2,
                       "the deactivation to finish or to wait")
            holder.rollback()

        signed, patched, _ = run_at_once(3, lambda i: (callback, held, release)[i]())
    return signed, patched


def test_a_deactivation_and_a_first_sign_in_at_once(corp, oidc_provider):
    servers, project, domain, headers, token, engine = corp
    for n in range(ROUNDS):
        # Rounds 0, 2, 3, 5: the account is not yet a member (its owner removed it), so the
        # sign-in would add it; rounds 1, 4: it is a member. Rounds 2, 5 are gated. Each
        # round, A and B swap processes.
        signing, directory = servers[n % 2], servers[1 - n % 2]
        email, subject = f"person{n}@{domain}", f"person-{n}"
        user = requests.post(f"{directory}/api/scim/v2/Users", headers={
            **token, "Content-Type": MEDIA}, timeout=30,
            json={"schemas": [USER_SCHEMA], "userName": email}).json()
        [(account,)] = rows(engine, "SELECT account_id FROM scim_users WHERE id = :u",
                            u=user["id"])
        member = n % 3 == 1
        if not member:
            removed = requests.delete(f"{signing}/api/projects/{project}/members/{account}",
                                      headers=headers, timeout=30)
            assert removed.status_code == 204, removed.text
        before = membership_entries(engine, project, account)
        oidc_provider.add_user(subject, email)
        started = requests.get(f"{signing}/api/auth/sso", params={"email": email},
                               allow_redirects=False, timeout=30)
        assert started.status_code == 302, started.text
        back = urlsplit(at_provider(started.headers["Location"], subject))

        def callback(back=back, signing=signing):
            return requests.get(f"{signing}{back.path}?{back.query}", timeout=60,
                                allow_redirects=False)

        def deactivate(user=user, directory=directory):
            return requests.patch(
                f"{directory}/api/scim/v2/Users/{user['id']}", timeout=60,
                headers={**token, "Content-Type": MEDIA},
                json={"schemas": [PATCH_SCHEMA], "Operations": [
                    {"op": "replace", "path": "active", "value": False}]})

        if n % 3 == 2:
            signed, patched = gated(engine, project, account, callback, deactivate)
        else:
            signed, patched = run_at_once(2, lambda i: (callback, deactivate)[i]())
        assert (signed.status_code, patched.status_code) == (200, 200), [
            signed.text, patched.text]
        assert patched.json()["active"] is False
        assert signed.json()["user"]["id"] == account
        session = {"Authorization": f"Bearer {signed.json()['session']['token']}"}
        live = requests.get(f"{signing}/api/auth/session", headers=session, timeout=30)
        assert live.status_code in (200, 401), live.text

        # Never a member once the User is inactive, whichever came first.
        assert rows(engine, "SELECT role FROM memberships WHERE project_id = :p AND "
                            "user_id = :u", p=project, u=account) == []
        entries = membership_entries(engine, project, account)[len(before):]
        if n % 3 == 2:  # the sign-in read the User as active: it can only have come first
            assert entries, "a gated sign-in that added no membership"
        if member:
            # The sign-in adds nothing to a member; the directory's removal is the one entry.
            # Its session lives (deactivation first) or was ended with the membership (sign-in
            # first): either is a serial order's result.
            assert entries == [("project.member_remove", "scim")], entries
        elif entries:
            # Sign-in first: its addition, then the directory's removal, which ended the
            # session made through the project's connection.
            assert entries == [("project.member_add", "sso"),
                               ("project.member_remove", "scim")], entries
            assert live.status_code == 401
        else:
            # Deactivation first: the suspended account signed in and stayed out.
            assert live.status_code == 200
        if live.status_code == 200:
            assert rows(engine, "SELECT sso_project_id FROM sessions WHERE user_id = :u",
                        u=account) == [(project,)]


def test_one_user_deactivated_while_another_of_its_account_is_activated(corp):
    """E4.3: an account keeps its membership while one of its Users is active. One User
    deactivated while the other is activated, both stopped at the membership (a third
    transaction holds its row), the activation first in the queue: still a member after."""
    servers, project, domain, _headers, token, engine = corp
    for n in range(2):
        email = f"pat{n}@{domain}"

        def patch_active(server, user, value):
            return requests.patch(
                f"{server}/api/scim/v2/Users/{user['id']}", timeout=60,
                headers={**token, "Content-Type": MEDIA},
                json={"schemas": [PATCH_SCHEMA], "Operations": [
                    {"op": "replace", "path": "active", "value": value}]})

        made = [requests.post(f"{servers[0]}/api/scim/v2/Users", timeout=30,
                              headers={**token, "Content-Type": MEDIA}, json=body).json()
                for body in ({"schemas": [USER_SCHEMA], "userName": email},
                             {"schemas": [USER_SCHEMA], "userName": f"alias{n}",
                              "emails": [{"value": email}], "active": False})]
        [(account,)] = rows(engine, "SELECT DISTINCT account_id FROM scim_users WHERE id IN "
                                    "(:a, :b)", a=made[0]["id"], b=made[1]["id"])
        role = "SELECT role FROM memberships WHERE project_id = :p AND user_id = :u"
        assert rows(engine, role, p=project, u=account) == [("member",)]
        with engine.connect() as holder:
            holder.execute(text(role + " FOR UPDATE"), {"p": project, "u": account})

            def deactivate(n=n, made=made):
                wait_until(lambda: lock_waits(engine) >= 1, "the activation to wait")
                return patch_active(servers[1 - n % 2], made[0], False)

            def release():
                wait_until(lambda: lock_waits(engine) >= 2, "the deactivation to wait")
                holder.rollback()

            answers = run_at_once(3, lambda i, n=n, made=made: (
                lambda: patch_active(servers[n % 2], made[1], True), deactivate, release)[i]())
        assert [answer.status_code for answer in answers[:2]] == [200, 200]
        assert rows(engine, role, p=project, u=account) == [("member",)]
