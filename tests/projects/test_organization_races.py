"""Races of extensions.md E2 between two waitress processes on PostgreSQL (role changes, removal,
transfer; fifty key creations against a cap of fifty, also on one SQLite process): the database
ends as one serial order would leave it, and the audit log says exactly what happened."""
import uuid

import pytest
import requests
from sqlalchemy import text

from bench import cluster
from tests.conftest import PASSWORD
from tests.http import new_email, sign_up_at
from tests.parallel import run_at_once

ROUNDS = 4


def add_member(engine, project, user, role):
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO memberships (project_id, user_id, role, joined_at) "
                          "VALUES (:p, :u, :r, now())"), {"p": project, "u": user, "r": role})


def state(engine, project):
    with engine.connect() as conn:
        members = dict(conn.execute(text(
            "SELECT user_id, role FROM memberships WHERE project_id = :p"), {"p": project}).all())
        entries = conn.execute(text(
            "SELECT action, details FROM audit_log WHERE target_id = :p ORDER BY created_at, id"),
            {"p": project}).all()
    return members, entries


@pytest.fixture
def world(start_pair, database):
    servers = start_pair()
    engine = cluster.engine(database)
    owner = sign_up_at(servers[0], new_email())
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    users = [sign_up_at(servers[1], new_email())["user"]["id"] for _ in range(2 * ROUNDS)]

    def project_with(role):
        made = requests.post(f"{servers[0]}/api/projects", headers=headers,
                             json={"name": uuid.uuid4().hex}, timeout=30)
        project = made.json()["data"]["id"]
        user = users.pop()
        add_member(engine, project, user, role)
        return project, user

    yield servers, headers, owner["user"]["id"], project_with, engine
    engine.dispose()


@pytest.mark.postgres
@pytest.mark.redis
def test_two_role_changes_of_one_member(world):
    servers, headers, _, project_with, engine = world
    for _ in range(ROUNDS):
        project, user = project_with("member")
        wanted = ["admin", "member", "admin", "member"]

        def change(i, project=project, user=user, wanted=wanted):
            return requests.patch(f"{servers[i % 2]}/api/projects/{project}/members/{user}",
                                  headers=headers, json={"role": wanted[i]}, timeout=30)

        answers = run_at_once(4, change)
        assert [a.status_code for a in answers] == [200] * 4
        members, entries = state(engine, project)
        assert members[user] in ("admin", "member")
        # Each entry replaced what the one before it set: applied one after the other.
        seen = "member"
        for action, details in entries:
            assert action == "project.member_role" and details["from"] == seen
            seen = details["to"]
        assert seen == members[user]


@pytest.mark.postgres
@pytest.mark.redis
def test_a_role_change_racing_the_members_removal(world):
    servers, headers, _, project_with, engine = world
    for _ in range(ROUNDS):
        project, user = project_with("member")
        url = f"/api/projects/{project}/members/{user}"

        def act(i, url=url):
            if i == 0:
                return requests.patch(servers[0] + url, headers=headers, json={"role": "admin"},
                                      timeout=30)
            return requests.delete(servers[1] + url, headers=headers, timeout=30)

        changed, removed = run_at_once(2, act)
        members, entries = state(engine, project)
        actions = [action for action, _ in entries]
        if removed.status_code == 204:
            assert user not in members and "project.member_remove" in actions
            assert changed.status_code in (200, 404)
            assert actions.count("project.member_role") == (changed.status_code == 200)
        else:  # the change came first and the removal found the row changed
            assert (changed.status_code, removed.status_code) == (200, 409), removed.text
            assert members[user] == "admin" and actions == ["project.member_role"]


@pytest.mark.postgres
@pytest.mark.redis
def test_a_transfer_racing_an_admins_removal(world):
    servers, headers, owner, project_with, engine = world
    for _ in range(ROUNDS):
        project, admin = project_with("admin")

        def act(i, project=project, admin=admin):
            if i == 0:
                return requests.post(f"{servers[0]}/api/projects/{project}/transfer",
                                     headers=headers, json={"userId": admin}, timeout=30)
            return requests.delete(f"{servers[1]}/api/projects/{project}/members/{admin}",
                                   headers=headers, timeout=30)

        moved, removed = run_at_once(2, act)
        members, entries = state(engine, project)
        actions = [action for action, _ in entries]
        assert list(members.values()).count("owner") == 1
        if moved.status_code == 200:
            assert members == {owner: "admin", admin: "owner"}
            assert removed.status_code in (403, 409) and actions == ["project.transfer"]
        else:
            assert (moved.status_code, removed.status_code) == (400, 204)
            assert members == {owner: "owner"} and actions == ["project.member_remove"]


def seed_keys(conn, user_id, count):
    conn.execute(text(
        "INSERT INTO api_keys (id, user_id, name, key_hash, prefix, writes, created_at) "
        "VALUES (:id, :u, :name, :hash, 'sk_xxxxxxxx', false, CURRENT_TIMESTAMP)"),
        [{"id": uuid.uuid4().hex, "u": user_id, "name": f"k{i}", "hash": uuid.uuid4().hex * 2}
         for i in range(count)])


def fifty_creates_when_fortynine_exist(servers, database_url):
    """extensions.md E2.2: never more than 50 live keys, however many creates run at once."""
    engine = cluster.engine(database_url)
    try:
        owner = sign_up_at(servers[0], new_email())
        headers = {"Authorization": f"Bearer {owner['session']['token']}"}
        with engine.begin() as conn:
            seed_keys(conn, owner["user"]["id"], 49)

        def create(i):
            return requests.post(f"{servers[i % len(servers)]}/api/auth/api-keys",
                                 headers=headers, json={"name": f"n{i}", "password": PASSWORD},
                                 timeout=60)

        answers = run_at_once(50, create)
        codes = sorted(a.status_code for a in answers)
        assert codes == [201] + [409] * 49, [a.text for a in answers if a.status_code >= 500]
        with engine.connect() as conn:
            live = conn.execute(text("SELECT count(*) FROM api_keys WHERE user_id = :u"),
                                {"u": owner["user"]["id"]}).scalar()
        assert live == 50
    finally:
        engine.dispose()


@pytest.mark.postgres
@pytest.mark.redis
def test_fifty_concurrent_creates_when_fortynine_keys_exist(start_pair, database):
    fifty_creates_when_fortynine_exist(
        start_pair(ACCOUNT_FAILURE_LIMIT="1000 per 15 minutes"), database)


def test_fifty_concurrent_creates_on_one_sqlite_process(sqlite_server):
    url, database_url = sqlite_server
    fifty_creates_when_fortynine_exist([url], database_url)
