"""Registrations under load on real servers (extensions.md E3.4): a hundred at once for ten
places, twenty cancellations at once, a capacity change racing registrations. Two waitress
processes on PostgreSQL and Redis, and one on SQLite; never more confirmed than the capacity."""
import uuid
from datetime import UTC, datetime, timedelta

import pytest
import requests

from tests import content
from tests.factories import make_project
from tests.http import iso
from tests.parallel import run_at_once


class Stage:
    """A festival on the servers' database and fans with verified addresses."""

    def __init__(self, make_app, database_url, servers, fans, capacity):
        # The servers' secret: mail they queue is sealed with it (the test delivers it too).
        app = make_app(DATABASE_URL=database_url, SECRET_KEY="cluster-secret")
        tag = uuid.uuid4().hex[:8]
        self.servers = servers
        member = content.signed_in_user(app, f"m-{tag}@example.com")
        project = make_project(app, f"m-{tag}@example.com")
        self.member = member
        self.emails = [f"fan{i}-{tag}@example.com" for i in range(fans)]
        self.fans = [content.signed_in_user(app, email) for email in self.emails]
        start = datetime.now(UTC) + timedelta(days=1)
        created = requests.post(f"{servers[0]}/api/festivals", headers=member, timeout=30, json={
            "projectId": project, "name": "Rush", "startsAt": iso(start),
            "endsAt": iso(start + timedelta(days=1)), "capacity": capacity,
            "status": "PUBLISHED"})
        assert created.status_code == 201, created.text
        self.path = f"/api/festivals/{created.json()['data']['id']}"

    def server(self, i):
        return self.servers[i % len(self.servers)]

    def register_all(self):
        def one(i):
            return requests.post(f"{self.server(i)}{self.path}/registrations",
                                 headers=self.fans[i], timeout=60)
        return run_at_once(len(self.fans), one)

    def registrations(self):
        found, page = [], 1
        while True:
            body = requests.get(f"{self.servers[0]}{self.path}/registrations",
                                headers=self.member, timeout=30, params={
                                    "page": page, "limit": 100, "order": "asc"}).json()
            found += body["data"]
            if page >= body["meta"]["pages"]:
                return {r["user"]["email"]: (r["status"], r["position"]) for r in found}
            page += 1

    def festival(self):
        return requests.get(f"{self.servers[0]}{self.path}", timeout=30).json()["data"]


def a_hundred_for_ten_then_twenty_leave(stage, mail):
    answers = stage.register_all()
    assert [a.status_code for a in answers] == [201] * 100, [a.text for a in answers
                                                             if a.status_code != 201][:3]
    made = [a.json()["data"] for a in answers]
    assert sum(r["status"] == "CONFIRMED" for r in made) == 10
    assert sorted(r["position"] for r in made if r["status"] == "WAITLISTED") == list(
        range(1, 91))
    rows = stage.registrations()
    assert sorted(p for s, p in rows.values() if s == "WAITLISTED") == list(range(1, 91))
    assert stage.festival()["registrations"] == {"confirmed": 10, "waitlisted": 90}

    # Twenty places: ten more confirmed from the head of the queue.
    raised = requests.patch(f"{stage.servers[0]}{stage.path}", json={"capacity": 20},
                            headers=stage.member, timeout=30)
    assert raised.status_code == 200, raised.text
    rows = stage.registrations()
    confirmed = [e for e, (s, _) in rows.items() if s == "CONFIRMED"]
    queue = sorted((p, e) for e, (s, p) in rows.items() if s == "WAITLISTED")
    assert len(confirmed) == 20 and [p for p, _ in queue] == list(range(1, 81))
    head = [e for _, e in queue[:20]]

    # The twenty confirmed leave at once: the twenty at the head of the queue take their places.
    index = {email: i for i, email in enumerate(stage.emails)}

    def leave(i):
        fan = confirmed[i]
        return requests.delete(f"{stage.server(i)}{stage.path}/registrations/me",
                               headers=stage.fans[index[fan]], timeout=60)
    assert [r.status_code for r in run_at_once(20, leave)] == [204] * 20
    rows = stage.registrations()
    assert sorted(e for e, (s, _) in rows.items() if s == "CONFIRMED") == sorted(head)
    assert sorted(p for s, p in rows.values() if s == "WAITLISTED") == list(range(1, 61))
    for email in head:
        assert len(mail.wait_for(email)) == 1, email
    later = [e for _, e in queue[20:]]
    assert all(mail.to(email) == [] for email in later)


@pytest.mark.postgres
@pytest.mark.redis
def test_a_hundred_at_once_over_two_processes_on_postgres(make_app, start_pair, database,
                                                          mail):
    stage = Stage(make_app, database, start_pair(), fans=100, capacity=10)
    a_hundred_for_ten_then_twenty_leave(stage, mail)


def test_a_hundred_at_once_on_one_sqlite_process(make_app, sqlite_server, mail):
    url, database_url = sqlite_server
    stage = Stage(make_app, database_url, [url], fans=100, capacity=10)
    a_hundred_for_ten_then_twenty_leave(stage, mail)


def capacity_change_racing_registrations(stage):
    """Ten confirmed of fifty places; a capacity of 15 and forty registrations sent at once.
    Whichever order the database chose, never more confirmed than the capacity in force."""
    first = stage.fans[:10]
    for headers in first:
        assert requests.post(f"{stage.servers[0]}{stage.path}/registrations", headers=headers,
                             timeout=30).status_code == 201

    def send(i):
        if i == 40:
            return requests.patch(f"{stage.server(i)}{stage.path}", json={"capacity": 15},
                                  headers=stage.member, timeout=60)
        return requests.post(f"{stage.server(i)}{stage.path}/registrations",
                             headers=stage.fans[10 + i], timeout=60)
    answers = run_at_once(41, send)
    assert [a.status_code for a in answers[:40]] == [201] * 40
    festival = stage.festival()
    assert answers[40].status_code in (200, 409), answers[40].text
    expected = 15 if answers[40].status_code == 200 else 50
    assert festival["capacity"] == expected
    assert festival["registrations"] == {"confirmed": expected, "waitlisted": 50 - expected}


@pytest.mark.postgres
@pytest.mark.redis
def test_a_capacity_change_racing_registrations_on_postgres(make_app, start_pair, database):
    capacity_change_racing_registrations(
        Stage(make_app, database, start_pair(), fans=50, capacity=50))


def test_a_capacity_change_racing_registrations_on_sqlite(make_app, sqlite_server):
    url, database_url = sqlite_server
    capacity_change_racing_registrations(Stage(make_app, database_url, [url], fans=50,
                                               capacity=50))
