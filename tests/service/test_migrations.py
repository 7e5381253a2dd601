"""`flask --app app db upgrade` builds the schema from nothing, and it matches the models (the
counts its triggers keep too)."""
import uuid
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, insert, text

from core.db import db
from sections.articles.models import Article
from sections.auth.models import Session, User
from sections.payments.models import Payment, PaymentEvent, Subscription
from sections.projects.models import Project
from sections.tickets.models import Ticket
from tests.commands import run_flask, upgrade_and_check
from tests.conftest import POSTGRES_URL, USING_POSTGRES, AuthActions
from tests.payment_events import SECRET, deliver, make_event, payment_intent
from tests.row_counts import counted_from_rows


def test_migrations_build_the_sqlite_schema(tmp_path):
    upgrade_and_check(f"sqlite:///{tmp_path}/migrated.db")


@pytest.fixture
def empty_postgres_database():
    if not USING_POSTGRES:
        pytest.skip("the PostgreSQL run covers this (DATABASE_URL=postgresql://...)")
    server = POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://").rsplit("/", 1)[0]
    name = "migrate_" + uuid.uuid4().hex[:12]
    admin = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield f"{server}/{name}"
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.mark.postgres
def test_migrations_build_the_postgres_schema(empty_postgres_database):
    upgrade_and_check(empty_postgres_database)


@pytest.fixture
def empty_database(tmp_path, request):
    """An empty database on the backend under test."""
    if not USING_POSTGRES:
        return f"sqlite:///{tmp_path}/migrated.db"
    return request.getfixturevalue("empty_postgres_database")


def seed(app, now):
    """Rows of every counted kind, written with plain INSERTs (before 0012: no counts yet)."""
    day = timedelta(days=1)
    rows = {
        User: [dict(id="u1", email="old1@example.com", email_verified=True, role="admin"),
               dict(id="u2", email="old2@example.com", two_factor_enabled=True, banned=True),
               dict(id="u3", email="old3@example.com", banned=True, ban_expires_at=now - day)],
        Session: [dict(id="s1", user_id="u1", token_hash="a" * 64, expires_at=now + day),
                  dict(id="s2", user_id="u2", token_hash="b" * 64, expires_at=now - day)],
        Project: [dict(id="p1", name="P")],
        Article: [dict(id="a1", project_id="p1", title="t", slug="t", content="c",
                       status="PUBLISHED")],
        Ticket: [dict(id=f"t{n}", subject="s", description="d", status=status)
                 for n, status in enumerate(("OPEN", "OPEN", "CLOSED"))],
        PaymentEvent: [dict(id="evt_1", type="payment_intent.succeeded", created=now,
                            payload="{}")],
        Payment: [dict(id=f"pi_{n}", amount=amount, currency=currency, status="succeeded",
                       last_event_id="evt_1", last_event_created=now, updated_at=now)
                  for n, (amount, currency) in enumerate(((100, "eur"), (7, "usd")))],
        Subscription: [dict(id="sub_1", customer="cus_1", status="past_due",
                            last_event_id="evt_1", last_event_created=now, updated_at=now)],
    }
    with app.app_context():
        for model, values in rows.items():
            for value in values:  # one at a time: the rows name different columns
                db.session.execute(insert(model.__table__).values(value))
        db.session.commit()


def writes(app, clock):
    """The same requests on either schema: accounts, a role, a ban, tickets, a payment."""
    client = app.test_client()
    auth = AuthActions(client)
    admin, bob = auth.headers("admin@example.com"), auth.headers("bob@example.com")
    assert run_flask("set-role", "admin@example.com", "admin", SECRET_KEY="x",
                     DATABASE_URL=app.config["DATABASE_URL"]).returncode == 0
    assert client.post("/api/admin/users/u1/ban", json={}, headers=admin).status_code == 200
    ticket = client.post("/api/tickets", json={"subject": "s", "description": "d"},
                         headers=bob).get_json()["data"]["id"]
    assert client.patch(f"/api/tickets/{ticket}", json={"status": "RESOLVED"},
                        headers=admin).status_code == 200
    deliver(client, make_event("payment_intent.succeeded", payment_intent("pi_9", 50, "eur"),
                               created=int(clock.now.timestamp())))
    response = client.get("/api/admin/stats", headers=admin)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["data"]


def test_a_migrated_schema_counts_as_one_made_by_create_all(make_app, empty_database, clock):
    """0012 counts the rows already there, then its triggers count like create_all's."""
    made = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET])  # the test database, by create_all
    assert run_flask("db", "upgrade", "0011", SECRET_KEY="x",
                     DATABASE_URL=empty_database).returncode == 0
    migrated = make_app(PAYMENT_WEBHOOK_SECRET=[SECRET], DATABASE_URL=empty_database)
    for app in (made, migrated):
        seed(app, clock.now)
    upgrade_and_check(empty_database)
    answers = [writes(app, clock) for app in (made, migrated)]
    assert answers[0] == answers[1] == counted_from_rows(migrated, clock.now)
    assert answers[1]["users"] == {"total": 5, "verified": 1, "twoFactor": 1, "banned": 2,
                                   "admins": 2}
    assert answers[1]["payments"] == [{"currency": "eur", "count": 2, "sum": 150},
                                      {"currency": "usd", "count": 1, "sum": 7}]
