"""GET /api/admin/stats (resources.md R8) equals a count of the rows themselves after writes by
every path: the counts the database keeps (core/stats.py) follow the ORM, Core statements,
cascades, bulk deletes, the CLI and the clock, and a write that fails counts nothing."""
from datetime import timedelta

import pytest
import requests
from sqlalchemy import delete, insert, text, update

from core.db import db
from core.fields import utc_iso
from sections.auth.models import User
from sections.tickets.models import Ticket
from tests.conftest import PASSWORD, USING_POSTGRES
from tests.factories import user_id, verify_email
from tests.http import signed_in
from tests.parallel import run_at_once
from tests.payment_events import SECRET, deliver, make_event, payment_intent, subscription
from tests.row_counts import counted_from_rows
from tests.second_factors import enrol

ADMIN, ALICE, BOB, CAROL = ("admin@example.com", "alice@example.com", "bob@example.com",
                            "carol@example.com")


@pytest.fixture
def app(make_app):
    return make_app(PAYMENT_WEBHOOK_SECRET=[SECRET])


@pytest.fixture
def people(app, auth):
    found = {email: auth.headers(email) for email in (ADMIN, BOB, CAROL)}
    found[ALICE] = auth.verified_headers(ALICE)
    assert cli(app, "set-role", ADMIN, "admin").exit_code == 0
    return found


def cli(app, *args):
    return app.test_cli_runner().invoke(args=list(args))


def check(app, client, headers, clock) -> dict:
    """The statistics equal the rows' count; returns them."""
    response = client.get("/api/admin/stats", headers=headers)
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    assert data == counted_from_rows(app, clock.now)
    return data


def call(client, method, path, headers, expect=200, **body):
    response = client.open(path, method=method, headers=headers, json=body or None)
    assert response.status_code == expect, (path, response.get_json(silent=True))
    return response.get_json(silent=True)


def test_accounts_roles_and_sessions(app, client, people, clock):
    admin = people[ADMIN]
    first = check(app, client, admin, clock)
    assert first["users"] == {"total": 4, "verified": 1, "twoFactor": 0, "banned": 0,
                              "admins": 1}
    enrol(client, people[ALICE], clock)  # two-factor on
    assert cli(app, "set-role", BOB, "admin").exit_code == 0
    call(client, "PATCH", f"/api/admin/users/{user_id(app, CAROL)}", admin,
         emailVerified=True, name="Carol")
    assert check(app, client, admin, clock)["users"] == {
        "total": 4, "verified": 2, "twoFactor": 1, "banned": 0, "admins": 2}
    assert cli(app, "set-role", BOB, "user").exit_code == 0
    extra = [signed_in(client, BOB) for _ in range(3)]  # plain Core INSERTs of sessions
    call(client, "POST", "/api/auth/sign-out", extra[0])
    call(client, "POST", "/api/auth/revoke-other-sessions", extra[1])
    call(client, "DELETE", f"/api/admin/users/{user_id(app, CAROL)}/sessions", admin, 204)
    data = check(app, client, admin, clock)
    assert data["sessions"] == {"live": 3} and data["users"]["admins"] == 1


def test_bans_sessions_and_the_clock(app, client, people, clock):
    admin = people[ADMIN]
    call(client, "POST", f"/api/admin/users/{user_id(app, CAROL)}/ban", admin, reason="spam")
    until = utc_iso(clock.now + timedelta(days=1))
    call(client, "POST", f"/api/admin/users/{user_id(app, BOB)}/ban", admin, expiresAt=until)
    data = check(app, client, admin, clock)
    assert data["users"]["banned"] == 2 and data["sessions"] == {"live": 2}
    call(client, "POST", f"/api/admin/users/{user_id(app, CAROL)}/unban", admin)
    clock.advance(days=2)  # Bob's ban ends by itself: its row still says banned
    assert check(app, client, admin, clock)["users"]["banned"] == 0
    call(client, "POST", f"/api/admin/users/{user_id(app, CAROL)}/ban", admin, expiresAt=utc_iso(
        clock.now + timedelta(days=30)))
    clock.advance(days=8)  # every session made before has expired (renewed ones too)
    admin = signed_in(client, ADMIN)
    assert check(app, client, admin, clock)["sessions"] == {"live": 1}
    result = cli(app, "purge-expired")
    assert "sessions: 2 removed" in result.output and "ended bans: 1 cleared" in result.output
    with app.app_context():
        assert db.session.get(User, user_id(app, BOB)).banned is False
    data = check(app, client, admin, clock)
    assert data["users"]["banned"] == 1 and data["sessions"] == {"live": 1}


@pytest.mark.sections("articles", "reviews", "tickets")
def test_content_and_ticket_statuses(app, client, people, clock):
    admin, bob, alice = people[ADMIN], people[BOB], people[ALICE]
    project = call(client, "POST", "/api/projects", bob, 201, name="P")["data"]["id"]
    articles = [call(client, "POST", "/api/articles", bob, 201, projectId=project, title=f"t{n}",
                     content="c", status=status)["data"]["id"]
                for n, status in enumerate(("DRAFT", "DRAFT", "PUBLISHED"))]
    call(client, "PATCH", f"/api/articles/{articles[0]}", bob, status="PUBLISHED")
    call(client, "PATCH", f"/api/articles/{articles[2]}", bob, status="ARCHIVED")
    call(client, "DELETE", f"/api/articles/{articles[1]}", bob, 204)
    festival = call(client, "POST", "/api/festivals", bob, 201, projectId=project, name="F",
                    startsAt=utc_iso(clock.now - timedelta(hours=1)),
                    endsAt=utc_iso(clock.now + timedelta(days=1)))["data"]["id"]
    call(client, "PATCH", f"/api/festivals/{festival}", bob, status="PUBLISHED")
    for email in (CAROL, ADMIN):  # reviewers verify their address first
        verify_email(app, email)
    reviews = [call(client, "POST", "/api/reviews", who, 201, festivalId=festival, rating=4,
                    body="b")["data"]["id"] for who in (alice, people[CAROL], admin)]
    call(client, "POST", f"/api/reviews/{reviews[0]}/moderation", bob, status="APPROVED")
    call(client, "POST", f"/api/reviews/{reviews[1]}/moderation", bob, status="REJECTED")
    tickets = [call(client, "POST", "/api/tickets", alice, 201, subject="s",
                    description="d")["data"]["id"] for _ in range(3)]
    call(client, "PATCH", f"/api/tickets/{tickets[0]}", admin, status="IN_PROGRESS")
    call(client, "PATCH", f"/api/tickets/{tickets[1]}", admin, status="RESOLVED")
    call(client, "POST", f"/api/tickets/{tickets[1]}/comments", alice, 201, body="again")
    call(client, "PATCH", f"/api/tickets/{tickets[2]}", alice, status="CLOSED")
    data = check(app, client, admin, clock)
    assert data["articles"] == {"DRAFT": 0, "PUBLISHED": 1, "ARCHIVED": 1, "SCHEDULED": 0}
    assert data["reviews"] == {"PENDING": 1, "APPROVED": 1, "REJECTED": 1}
    assert data["tickets"] == {"OPEN": 1, "IN_PROGRESS": 1, "RESOLVED": 0, "CLOSED": 1}
    call(client, "DELETE", f"/api/festivals/{festival}", bob, 204)  # its reviews by cascade
    call(client, "DELETE", f"/api/projects/{project}", bob, 204)  # its articles by cascade
    data = check(app, client, admin, clock)
    assert data["projects"] == {"total": 0} and data["reviews"]["APPROVED"] == 0


def test_payments_and_subscriptions(app, client, people, clock):
    created = int(clock.now.timestamp())
    events = [("pi_1", 100, "eur", created - 10), ("pi_2", 250, "eur", created - 10),
              ("pi_3", 5, "usd", created - 10),
              ("pi_2", 300, "usd", created),  # a newer event moves it: eur -> usd
              ("pi_1", 999, "gbp", created - 20)]  # older than the stored one: ignored
    for pid, amount, currency, at in events:
        deliver(client, make_event("payment_intent.succeeded",
                                   payment_intent(pid, amount, currency), created=at))
    repeat = make_event("payment_intent.succeeded", payment_intent("pi_4", 7, "eur"),
                        event_id="evt_once", created=created)
    assert deliver(client, repeat).status_code == 200
    assert deliver(client, repeat).status_code == 200  # a repeat: counted once
    for sid, status, at in (("sub_1", "active", created - 5), ("sub_2", "trialing", created - 5),
                            ("sub_1", "canceled", created), ("sub_3", "paused_by_bank", created)):
        deliver(client, make_event("customer.subscription.updated", subscription(sid, status),
                                   created=at))
    data = check(app, client, people[ADMIN], clock)
    assert data["payments"] == [{"currency": "eur", "count": 2, "sum": 107},
                                {"currency": "usd", "count": 2, "sum": 305}]
    assert data["subscriptions"]["paused_by_bank"] == 1 and data["subscriptions"]["active"] == 0


@pytest.mark.sections("articles", "reviews", "tickets")
def test_account_deletion_cascade(app, client, people, clock):
    admin, bob = people[ADMIN], people[BOB]
    project = call(client, "POST", "/api/projects", bob, 201, name="P")["data"]["id"]
    call(client, "POST", "/api/articles", bob, 201, projectId=project, title="t", content="c")
    festival = call(client, "POST", "/api/festivals", bob, 201, projectId=project, name="F",
                    startsAt=utc_iso(clock.now - timedelta(hours=1)),
                    endsAt=utc_iso(clock.now + timedelta(days=1)),
                    status="PUBLISHED")["data"]["id"]
    call(client, "POST", "/api/reviews", people[ALICE], 201, festivalId=festival, rating=5,
         body="b")
    call(client, "POST", "/api/tickets", bob, 201, subject="s", description="d")
    signed_in(client, BOB)
    call(client, "DELETE", "/api/auth/user", bob, 204, password=PASSWORD)
    data = check(app, client, admin, clock)
    assert data["projects"] == {"total": 0} and data["reviews"]["PENDING"] == 0
    assert data["tickets"]["OPEN"] == 1  # a ticket outlives its requester
    call(client, "DELETE", f"/api/admin/users/{user_id(app, ALICE)}", admin, 204)
    assert check(app, client, admin, clock)["users"]["total"] == 2


@pytest.mark.sections("tickets")
def test_bulk_statements_count_every_row(app, client, people, clock):
    """Many rows in one INSERT, UPDATE or DELETE, as an operator's SQL would write them."""
    rows = [{"id": f"t{n:02}", "subject": "s", "description": "d", "status": "OPEN"}
            for n in range(50)]
    with app.app_context():
        db.session.execute(insert(Ticket.__table__).values(rows))
        db.session.execute(update(Ticket).where(Ticket.id < "t23").values(status="CLOSED"))
        db.session.execute(update(Ticket).values(priority="HIGH"))  # moves no row: no count
        db.session.execute(delete(Ticket).where(Ticket.id > "t45"))
        db.session.commit()
    data = check(app, client, people[ADMIN], clock)
    assert data["tickets"] == {"OPEN": 23, "IN_PROGRESS": 0, "RESOLVED": 0, "CLOSED": 23}


@pytest.mark.sections("tickets")
def test_a_truncated_table_counts_nothing(app, client, people, clock):
    if not USING_POSTGRES:
        pytest.skip("TRUNCATE is PostgreSQL's; SQLite's DELETE fires the row triggers")
    for _ in range(2):
        call(client, "POST", "/api/tickets", people[BOB], 201, subject="s", description="d")
    with app.app_context():
        db.session.execute(text("TRUNCATE tickets CASCADE"))
        db.session.commit()
    assert check(app, client, people[ADMIN], clock)["tickets"]["OPEN"] == 0


def test_a_failed_write_counts_nothing(app, client, people, clock, monkeypatch):
    admin = people[ADMIN]
    before = check(app, client, admin, clock)

    def fail(*args, **kwargs):
        raise RuntimeError("the audit log is away")

    # The ban's user row and session deletes reach the database, then the request fails.
    monkeypatch.setattr("sections.audit.service.record", fail)
    response = client.post(f"/api/admin/users/{user_id(app, BOB)}/ban", json={}, headers=admin)
    assert response.status_code == 500
    with app.app_context():
        assert db.session.get(User, user_id(app, BOB)).banned is False
    assert check(app, client, admin, clock) == before


@pytest.mark.sections("tickets")
def test_concurrent_writers_are_all_counted(app, live_server, people, clock):
    """Sign-ins, sign-outs and tickets at once, each in its own transaction: no count is lost
    and none waits for another forever (PostgreSQL spreads each counter over slots)."""
    def work(i):
        email = (ALICE, BOB, CAROL)[i % 3]
        with requests.Session() as http:
            token = http.post(f"{live_server}/api/auth/sign-in", timeout=30, json={
                "email": email, "password": PASSWORD}).json()["session"]["token"]
            headers = {"Authorization": f"Bearer {token}"}
            codes = [http.post(f"{live_server}/api/tickets", headers=headers, timeout=30,
                               json={"subject": "s", "description": "d"}).status_code
                     for _ in range(3)]
            if i % 2:
                codes.append(http.post(f"{live_server}/api/auth/sign-out", headers=headers,
                                       timeout=30).status_code)
            return codes

    results = run_at_once(8, work)
    assert all(code in (200, 201) for codes in results for code in codes), results
    data = check(app, app.test_client(), people[ADMIN], clock)
    assert data["tickets"]["OPEN"] == 24 and data["sessions"] == {"live": 8}
