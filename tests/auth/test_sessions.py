"""Bearer sessions: hashed storage, sliding expiry, sign-out, 401s (contract section 2)."""
import hashlib
from datetime import datetime, timedelta

import pytest
from sqlalchemy import event, text

from core import outbox
from core.db import db
from perf import held_sqlite
from sections.auth.models import Session, User
from sections.auth.schemas.credentials import CurrentSessionSchema
from sections.auth.services import accounts, sessions
from tests.conftest import PASSWORD

PROTECTED = [("POST", "/api/auth/sign-out"), ("GET", "/api/auth/session")]
INVALID = {"error": "INVALID_TOKEN", "message": "Missing, invalid or expired bearer token"}


def expires_at(response) -> datetime:
    return datetime.fromisoformat(response.get_json()["session"]["expiresAt"])


def test_session_echoes_user_and_session(client, auth):
    created = auth.sign_up()
    headers = {"Authorization": f"Bearer {created['session']['token']}"}
    response = client.get("/api/auth/session", headers=headers)
    assert response.status_code == 200
    # The session's own answer adds who impersonates it (none) and the API key (none: a
    # session token; extensions.md E2.2, E2.3).
    created["session"]["impersonatedBy"] = created["session"]["sso"] = None
    assert response.get_json() == {**created, "apiKey": None}


def test_session_answer_is_what_the_schema_dumps(app, client, auth):
    created = auth.sign_up()
    with app.app_context():
        user = db.session.get(User, created["user"]["id"])
        user.name, user.image = "Ada Lovelace", "https://images.example/ada.png"
        user.email_verified = user.two_factor_enabled = True
        db.session.commit()
        session = db.session.get(Session, created["session"]["id"])
        raw = {"user": accounts.answer(user), "apiKey": None, "session": {
            "id": session.id, "token": created["session"]["token"],
            "expiresAt": session.expires_at, "impersonatedBy": None, "sso": None}}
    expected = CurrentSessionSchema().dump(raw)  # the fields' dump: outside an app, not written
    response = client.get("/api/auth/session",
                          headers={"Authorization": f"Bearer {created['session']['token']}"})
    assert response.get_json() == expected
    assert expected["user"]["name"] == "Ada Lovelace" and expected["user"]["twoFactorEnabled"]


def test_token_is_stored_only_as_its_sha256(app, auth):
    token = auth.sign_up()["session"]["token"]
    with app.app_context():
        rows = db.session.execute(text("SELECT * FROM sessions")).mappings().all()
    assert len(rows) == 1
    assert rows[0]["token_hash"] == hashlib.sha256(token.encode()).hexdigest()
    assert not any(token in str(value) for value in rows[0].values())


def test_the_lookup_hands_its_connection_back_transactional(make_app):
    """The lookup reads in autocommit on PostgreSQL; the connection it returns to the pool must
    roll back what the next user of that connection does not commit. (On SQLite the lookup
    keeps the driver's mode; the PostgreSQL run is where this can break.)"""
    app = make_app(DATABASE_POOL_SIZE=1, DATABASE_MAX_OVERFLOW=0)  # one connection, reused
    client = app.test_client()
    created = client.post("/api/auth/sign-up", json={"email": "alice@example.com",
                                                    "password": PASSWORD}).get_json()
    headers = {"Authorization": f"Bearer {created['session']['token']}"}
    assert client.get("/api/auth/session", headers=headers).status_code == 200
    with app.app_context():
        db.session.execute(text("UPDATE users SET name = 'not committed'"))
        db.session.rollback()
        assert db.session.execute(text("SELECT name FROM users")).scalar_one() is None


def test_signed_out_token_is_401(client, auth):
    headers = auth.headers()
    assert client.post("/api/auth/sign-out", headers=headers).get_json() == {"success": True}
    response = client.get("/api/auth/session", headers=headers)
    assert response.status_code == 401
    assert response.get_json() == INVALID


def test_sign_out_ends_only_that_session(client, auth):
    first = auth.headers()
    second_token = client.post("/api/auth/sign-in", json={
        "email": "alice@example.com", "password": "Tr0ub4dor&3-horse-staple"}).get_json()
    second = {"Authorization": f"Bearer {second_token['session']['token']}"}
    assert client.post("/api/auth/sign-out", headers=first).get_json() == {"success": True}
    assert client.get("/api/auth/session", headers=first).status_code == 401
    assert client.get("/api/auth/session", headers=second).status_code == 200


def test_expired_session_is_401(client, auth, clock):
    headers = auth.headers()
    clock.advance(days=7, seconds=1)
    assert client.get("/api/auth/session", headers=headers).status_code == 401


def test_sliding_expiry_renews_after_a_day_of_use(client, auth, clock):
    headers = auth.headers()
    first = expires_at(client.get("/api/auth/session", headers=headers))
    assert first == clock.now + timedelta(days=7)

    clock.advance(hours=23)
    assert expires_at(client.get("/api/auth/session", headers=headers)) == first

    clock.advance(hours=2)
    assert expires_at(client.get("/api/auth/session", headers=headers)) == clock.now + timedelta(
        days=7)
    # Kept alive by use, the session outlives its first expiry.
    clock.advance(days=6, hours=23)
    assert client.get("/api/auth/session", headers=headers).status_code == 200


def test_session_lifetime_is_configurable(make_app, clock):
    client = make_app(SESSION_LIFETIME=3600).test_client()
    token = client.post("/api/auth/sign-up", json={
        "email": "alice@example.com", "password": "Tr0ub4dor&3-horse-staple"}
    ).get_json()["session"]["token"]
    clock.advance(seconds=3601)
    assert client.get("/api/auth/session",
                      headers={"Authorization": f"Bearer {token}"}).status_code == 401


@pytest.mark.parametrize("method, path", PROTECTED)
@pytest.mark.parametrize("header", [
    None, "", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer not-a-real-token",
    "Bearer " + "A" * 10_000, "Bearer ' OR 1=1 --", "Bearer тест",
])
def test_protected_endpoints_need_a_live_token(client, method, path, header):
    headers = {} if header is None else {"Authorization": header}
    response = client.open(path, method=method, headers=headers)
    assert response.status_code == 401
    assert response.get_json() == INVALID
    # RFC 6750 3 with RFC 9728 5.1 (extensions.md E5.7); `invalid_token` when one was sent.
    challenge = 'Bearer resource_metadata="http://app.test/.well-known/oauth-protected-resource/api"'
    sent = header is not None and header.lower().startswith("bearer ") and header[7:].strip()
    assert response.headers["WWW-Authenticate"] == (
        challenge + ', error="invalid_token"' if sent else challenge)


def test_session_lookup_is_one_indexed_query(app, client, auth):
    headers = auth.headers()
    outbox.stop_sender(app)  # its polls would be traced too
    with app.app_context():
        engine = db.engine
    statements = []
    if engine.dialect.name == "sqlite":  # SQLite can show every statement it runs
        engine.dispose()

        @event.listens_for(engine, "connect")
        def trace(dbapi_connection, _record):
            dbapi_connection.set_trace_callback(statements.append)

    assert client.get("/api/auth/session", headers=headers).status_code == 200
    sql = str(sessions.LOOKUP.compile(dialect=engine.dialect))
    if engine.dialect.name == "sqlite":
        # One statement, read with the GIL kept (perf/held_sqlite.py): none through sqlite3.
        assert statements == []
        held = list(held_sqlite._local.by_path[engine.url.database].statements)
        assert len(held) == 1 and "token_hash" in held[0]
        sql = held[0]
    # ...and the database answers it from an index, not a scan of the table.
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            plan = conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", ("x",)).all()
            assert any("sessions USING INDEX" in str(step) for step in plan), plan
        else:
            conn.exec_driver_sql("SET enable_seqscan = off")  # tiny tables would be scanned
            plan = conn.exec_driver_sql(f"EXPLAIN {sql}", {"token_hash": "x"}).all()
            assert any("Index Scan" in str(step) and "sessions" in str(step) for step in plan)
