"""Administration (resources.md R8) through HTTP: admin-only access, users, bans, sessions,
deletion, the payment ledger after signed deliveries, statistics and the audit log."""
import threading
from datetime import timedelta, timezone

import pytest
from sqlalchemy import event, select

from core.db import db
from core.fields import utc_iso
from sections.audit.models import AuditEntry
from sections.auth.models import Session, User
from sections.projects.models import Project
from tests.conftest import PASSWORD
from tests.factories import make_admin, make_project, user_id, verify_email
from tests.http import error
from tests.payment_events import (
    SECRET,
    charge,
    deliver,
    make_event,
    payment_intent,
    subscription,
)

ADMIN, ALICE, BOB = "admin@example.com", "alice@example.com", "bob@example.com"


@pytest.fixture
def app(make_app):
    return make_app(PAYMENT_WEBHOOK_SECRET=[SECRET])


@pytest.fixture
def people(app, auth):
    found = {email: auth.headers(email) for email in (ADMIN, ALICE, BOB)}
    make_admin(app, ADMIN)
    return found


def audit(app, **where) -> list[AuditEntry]:
    with app.app_context():
        query = select(AuditEntry).filter_by(**where).order_by(AuditEntry.created_at)
        return db.session.execute(query).scalars().all()


PATHS = [("get", "/users"), ("get", "/users/{id}"), ("patch", "/users/{id}"),
         ("post", "/users/{id}/ban"), ("post", "/users/{id}/unban"),
         ("get", "/users/{id}/sessions"), ("delete", "/users/{id}/sessions"),
         ("delete", "/users/{id}"), ("get", "/payments"), ("get", "/refunds"),
         ("get", "/subscriptions"), ("get", "/webhook-events"), ("get", "/stats"),
         ("get", "/audit-log"), ("get", "/projects")]


@pytest.mark.parametrize("method,path", PATHS)
def test_admin_only(app, client, people, method, path):
    url = "/api/admin" + path.format(id=user_id(app, BOB))
    call = getattr(client, method)
    error(call(url, json={"role": 5}), 401, "AUTH_ERROR")
    error(call(url, json={"role": 5}, headers=people[ALICE]), 403, "FORBIDDEN")
    error(call(url, json={"role": 5}, headers=people[BOB]), 403, "FORBIDDEN")
    assert client.get(f"/api/admin/users/{user_id(app, BOB)}").status_code == 401
    assert audit(app) == []


@pytest.mark.parametrize("method,path", [p for p in PATHS if "{id}" in p[1]])
def test_an_unknown_user_is_404_before_the_body(client, people, method, path):
    url = "/api/admin" + path.format(id="nobody")
    error(getattr(client, method)(url, json={"role": 5}, headers=people[ADMIN]), 404,
          "NOT_FOUND")


# Path ids no table could hold (a NUL, which PostgreSQL refuses in text): the admin's user
# endpoints and the caller's own session.
NUL_ID_PATHS = [(method, "/api/admin" + path.format(id="%00"))
                for method, path in PATHS if "{id}" in path]
NUL_ID_PATHS.append(("delete", "/api/auth/sessions/a%00b"))


@pytest.mark.parametrize("method,url", NUL_ID_PATHS)
def test_a_path_id_holding_a_nul_is_404_never_500(client, people, method, url):
    own = url.startswith("/api/auth/")
    response = getattr(client, method)(url, json={"role": 5},
                                       headers=people[ALICE] if own else people[ADMIN])
    if own:  # the auth envelope (contract section 1)
        assert response.status_code == 404, response.get_data(as_text=True)
        assert response.get_json()["error"] == "NOT_FOUND"
    else:
        error(response, 404, "NOT_FOUND")


def test_user_list_shows_the_admin_fields_and_filters(app, client, people, clock):
    verify_email(app, BOB)
    listed = client.get("/api/admin/users?sort=email&order=asc", headers=people[ADMIN]).get_json()
    assert [u["email"] for u in listed["data"]] == [ADMIN, ALICE, BOB]
    assert listed["meta"] == {"total": 3, "page": 1, "limit": 20, "pages": 1}
    assert set(listed["data"][0]) == {"id", "email", "name", "image", "emailVerified",
                                      "createdAt", "twoFactorEnabled", "role", "banned",
                                      "banReason", "banExpiresAt"}
    client.post(f"/api/admin/users/{user_id(app, ALICE)}/ban", json={"reason": "spam"},
                headers=people[ADMIN])

    def emails(query):
        response = client.get(f"/api/admin/users?{query}", headers=people[ADMIN])
        assert response.status_code == 200, response.get_json()
        return sorted(u["email"] for u in response.get_json()["data"])

    assert emails("role=ADMIN") == [ADMIN] and emails("role=USER") == [ALICE, BOB]
    assert emails("banned=true") == [ALICE] and emails("banned=false") == [ADMIN, BOB]
    assert emails("emailVerified=true") == [BOB]
    assert emails("q=ALI") == [ALICE] and emails("q=%25") == []
    for query, field in [("role=admin", "role"), ("banned=1", "banned"),
                         ("emailVerified=yes", "emailVerified"), ("sort=name", "sort")]:
        body = error(client.get(f"/api/admin/users?{query}", headers=people[ADMIN]), 400,
                     "VALIDATION_ERROR")
        assert field in body["details"]


def test_user_detail_counts(app, client, people, auth):
    client.post("/api/auth/sign-in", json={"email": BOB, "password": PASSWORD})
    make_project(app, BOB, members=[ALICE])
    response = client.get(f"/api/admin/users/{user_id(app, BOB)}", headers=people[ADMIN])
    data = response.get_json()["data"]
    assert data["counts"] == {"sessions": 2, "passkeys": 0, "providers": 0, "projects": 1,
                              "apiKeys": 0}
    assert data["email"] == BOB and data["role"] == "user" and data["banned"] is False


def test_patch_changes_fields_with_one_audit_entry(app, client, people):
    bob = user_id(app, BOB)
    url = f"/api/admin/users/{bob}"
    response = client.patch(url, json={"role": "admin", "name": "  Bob  ",
                                       "emailVerified": True, "email": "x@example.com"},
                            headers=people[ADMIN])
    data = response.get_json()["data"]
    assert response.status_code == 200, data
    assert (data["role"], data["name"], data["emailVerified"], data["email"]) == (
        "admin", "Bob", True, BOB)
    [entry] = audit(app, action="user.update")
    assert entry.target_id == bob and entry.actor_id == user_id(app, ADMIN)
    assert entry.details == {"role": {"from": "user", "to": "admin"},
                             "name": {"from": None, "to": "Bob"},
                             "emailVerified": {"from": False, "to": True}}
    # Nothing changed: no entry.
    assert client.patch(url, json={"role": "admin", "name": "Bob"},
                        headers=people[ADMIN]).status_code == 200
    assert len(audit(app, action="user.update")) == 1
    cleared = client.patch(url, json={"name": None}, headers=people[ADMIN]).get_json()["data"]
    assert cleared["name"] is None and len(audit(app, action="user.update")) == 2


@pytest.mark.parametrize("body,field", [
    ({"role": "ADMIN"}, "role"), ({"role": "root"}, "role"), ({"role": None}, "role"),
    ({"name": ""}, "name"), ({"name": "   "}, "name"), ({"name": "n" * 101}, "name"),
    ({"name": 5}, "name"), ({"emailVerified": "true"}, "emailVerified"),
    ({"emailVerified": 1}, "emailVerified"), ({"emailVerified": None}, "emailVerified"),
])
def test_bad_patches_change_nothing_and_write_nothing(app, client, people, body, field):
    url = f"/api/admin/users/{user_id(app, BOB)}"
    valid = {"emailVerified": True} if field != "emailVerified" else {"name": "Bob"}
    response = error(client.patch(url, json={**valid, **body}, headers=people[ADMIN]), 400,
                     "VALIDATION_ERROR")
    assert field in response["details"]
    after = client.get(url, headers=people[ADMIN]).get_json()["data"]
    assert after["emailVerified"] is False and after["name"] is None
    assert audit(app) == []
    error(client.patch(url, json=["x"], headers=people[ADMIN]), 400, "VALIDATION_ERROR")


def test_the_last_admin_keeps_the_role(app, client, people):
    me = user_id(app, ADMIN)
    error(client.patch(f"/api/admin/users/{me}", json={"role": "user", "name": "A"},
                       headers=people[ADMIN]), 409, "CONFLICT")
    assert client.get(f"/api/admin/users/{me}", headers=people[ADMIN]).get_json()["data"][
        "name"] is None
    assert audit(app) == []
    make_admin(app, BOB)
    response = client.patch(f"/api/admin/users/{me}", json={"role": "user"},
                            headers=people[ADMIN])
    assert response.status_code == 200 and response.get_json()["data"]["role"] == "user"
    # Now Bob is the last one.
    error(client.patch(f"/api/admin/users/{me}", json={"role": "admin"},
                       headers=people[ADMIN]), 403, "FORBIDDEN")
    error(client.patch(f"/api/admin/users/{user_id(app, BOB)}", json={"role": "user"},
                       headers=people[BOB]), 409, "CONFLICT")


def test_ban_ends_sessions_and_replaces_an_earlier_ban(app, client, people, clock):
    bob = user_id(app, BOB)
    url = f"/api/admin/users/{bob}/ban"
    assert client.get("/api/auth/session", headers=people[BOB]).status_code == 200
    until = clock.now + timedelta(days=2)
    response = client.post(url, json={"reason": "  spam  ", "expiresAt": until.isoformat()},
                           headers=people[ADMIN])
    data = response.get_json()["data"]
    assert response.status_code == 200, data
    assert (data["banned"], data["banReason"], data["banExpiresAt"]) == (
        True, "spam", utc_iso(until))
    error(client.get("/api/tickets", headers=people[BOB]), 401, "AUTH_ERROR")
    assert client.get("/api/auth/session", headers=people[BOB]).status_code == 401
    with app.app_context():
        assert db.session.execute(select(Session).filter_by(user_id=bob)).first() is None
    again = client.post(url, json={}, headers=people[ADMIN]).get_json()["data"]
    assert (again["banned"], again["banReason"], again["banExpiresAt"]) == (True, None, None)
    entries = audit(app, action="user.ban")
    assert [e.details for e in entries] == [
        {"reason": "spam", "expiresAt": utc_iso(until)}, {"reason": None, "expiresAt": None}]
    unbanned = client.post(f"/api/admin/users/{bob}/unban", headers=people[ADMIN])
    assert unbanned.get_json()["data"]["banned"] is False
    assert len(audit(app, action="user.unban")) == 1
    client.post(f"/api/admin/users/{bob}/unban", headers=people[ADMIN])  # no change, no entry
    assert len(audit(app, action="user.unban")) == 1


@pytest.mark.parametrize("body,field", [
    ({"reason": "r" * 501}, "reason"), ({"reason": 5}, "reason"),
    ({"expiresAt": "2020-01-01T00:00:00Z"}, "expiresAt"),
    ({"expiresAt": "2999-01-01T00:00:00"}, "expiresAt"), ({"expiresAt": "2999-01-01"}, "expiresAt"),
    ({"expiresAt": "soon"}, "expiresAt"), ({"expiresAt": 1}, "expiresAt"),
])
def test_bad_bans_are_400_and_change_nothing(app, client, people, body, field):
    response = error(client.post(f"/api/admin/users/{user_id(app, BOB)}/ban", json=body,
                                 headers=people[ADMIN]), 400, "VALIDATION_ERROR")
    assert field in response["details"]
    assert client.get("/api/auth/session", headers=people[BOB]).status_code == 200
    assert audit(app) == []


def test_a_ban_end_with_an_offset_is_answered_in_utc(app, client, people, clock):
    bob = user_id(app, BOB)
    until = (clock.now + timedelta(days=1)).astimezone(timezone(timedelta(hours=2)))
    data = client.post(f"/api/admin/users/{bob}/ban", json={"expiresAt": until.isoformat()},
                       headers=people[ADMIN]).get_json()["data"]
    assert data["banExpiresAt"] == utc_iso(clock.now + timedelta(days=1))
    assert data["banExpiresAt"].endswith("Z")
    shown = client.get(f"/api/admin/users/{bob}", headers=people[ADMIN]).get_json()["data"]
    assert shown["banExpiresAt"] == data["banExpiresAt"]
    [entry] = audit(app, action="user.ban")
    assert entry.details["expiresAt"] == data["banExpiresAt"]


def test_a_ban_expiring_now_is_in_the_past(app, client, people, clock):
    body = {"expiresAt": utc_iso(clock.now)}
    error(client.post(f"/api/admin/users/{user_id(app, BOB)}/ban", json=body,
                      headers=people[ADMIN]), 400, "VALIDATION_ERROR")


def test_nobody_bans_or_deletes_themselves(app, client, people):
    me = user_id(app, ADMIN)
    error(client.post(f"/api/admin/users/{me}/ban", json={}, headers=people[ADMIN]), 409,
          "CONFLICT")
    error(client.post(f"/api/admin/users/{me}/ban", json={"reason": 5},
                      headers=people[ADMIN]), 400, "VALIDATION_ERROR")
    error(client.delete(f"/api/admin/users/{me}", headers=people[ADMIN]), 409, "CONFLICT")
    assert client.get("/api/auth/session", headers=people[ADMIN]).status_code == 200
    assert audit(app) == []


def test_sessions_list_and_revoke(app, client, people):
    bob = user_id(app, BOB)
    client.post("/api/auth/sign-in", json={"email": BOB, "password": PASSWORD},
                headers={"User-Agent": "TestBrowser/1.0"})
    listed = client.get(f"/api/admin/users/{bob}/sessions", headers=people[ADMIN]).get_json()
    assert listed["meta"]["total"] == 2
    newest = listed["data"][0]
    assert set(newest) == {"id", "createdAt", "expiresAt", "lastUsedAt", "userAgent",
                           "ipAddress"}
    assert newest["userAgent"] == "TestBrowser/1.0" and newest["ipAddress"] == "127.0.0.1"
    response = client.delete(f"/api/admin/users/{bob}/sessions", headers=people[ADMIN])
    assert response.status_code == 204 and response.data == b""
    assert client.get("/api/auth/session", headers=people[BOB]).status_code == 401
    assert client.get(f"/api/admin/users/{bob}/sessions",
                      headers=people[ADMIN]).get_json()["meta"]["total"] == 0
    [entry] = audit(app, action="user.sessions_revoke")
    assert entry.target_id == bob and entry.details == {"sessions": 2}


def test_delete_follows_the_account_cascade(app, client, people):
    bob = user_id(app, BOB)
    solo = make_project(app, BOB, name="Solo")
    shared = make_project(app, ALICE, members=[BOB], name="Shared")
    ticket = client.post("/api/tickets", json={"subject": "s", "description": "d"},
                         headers=people[BOB]).get_json()["data"]
    response = client.delete(f"/api/admin/users/{bob}", headers=people[ADMIN])
    assert response.status_code == 204 and response.data == b""
    error(client.get(f"/api/admin/users/{bob}", headers=people[ADMIN]), 404, "NOT_FOUND")
    assert client.get("/api/auth/session", headers=people[BOB]).status_code == 401
    with app.app_context():
        assert db.session.get(Project, solo) is None and db.session.get(Project, shared)
        assert db.session.get(User, bob) is None
    got = client.get(f"/api/tickets/{ticket['id']}", headers=people[ADMIN]).get_json()["data"]
    assert got["requester"] is None
    [entry] = audit(app, action="user.delete")
    assert entry.target_id == bob
    # The address signs up again at once.
    assert client.post("/api/auth/sign-up",
                       json={"email": BOB, "password": PASSWORD}).status_code == 201


def test_the_owner_of_a_shared_project_is_not_deleted(app, client, people):
    make_project(app, BOB, members=[ALICE])
    error(client.delete(f"/api/admin/users/{user_id(app, BOB)}", headers=people[ADMIN]), 409,
          "CONFLICT")
    assert client.get("/api/auth/session", headers=people[BOB]).status_code == 200
    assert audit(app) == []


def test_ledger_lists_after_signed_deliveries(app, client, people, clock):
    created = int(clock.now.timestamp())
    deliveries = [
        make_event("payment_intent.succeeded", payment_intent("pi_1", 2000, "eur"),
                   created=created - 20),
        make_event("payment_intent.succeeded", payment_intent("pi_2", 500, "usd"),
                   created=created - 10),
        make_event("charge.refunded", charge("ch_1", "pi_1", 2000, 700), created=created - 5),
        make_event("customer.subscription.updated", subscription("sub_1", "past_due"),
                   created=created - 1),
        make_event("invoice.paid", {"id": "in_1"}, event_id="evt_other", created=created),
    ]
    for delivery in deliveries:
        assert deliver(client, delivery).status_code == 200
    admin = people[ADMIN]
    payments = client.get("/api/admin/payments", headers=admin).get_json()
    assert [p["id"] for p in payments["data"]] == ["pi_2", "pi_1"]
    assert payments["data"][1] == {"id": "pi_1", "amount": 2000, "currency": "eur",
                                   "status": "succeeded",
                                   "createdAt": utc_iso(clock.now - timedelta(seconds=20))}
    eur = client.get("/api/admin/payments?currency=eur&status=succeeded", headers=admin)
    assert [p["id"] for p in eur.get_json()["data"]] == ["pi_1"]
    assert client.get("/api/admin/payments?currency=EUR", headers=admin).get_json()[
        "data"] == []  # the provider's values, exactly
    [refund] = client.get("/api/admin/refunds", headers=admin).get_json()["data"]
    assert refund == {"id": "ch_1", "paymentId": "pi_1", "amount": 2000, "amountRefunded": 700,
                      "currency": "usd", "createdAt": utc_iso(clock.now - timedelta(seconds=5))}
    [sub] = client.get("/api/admin/subscriptions?status=past_due&customer=cus_1",
                       headers=admin).get_json()["data"]
    assert sub["currentPeriodEnd"] == "2030-03-17T17:46:40.000Z" and sub["status"] == "past_due"
    events = client.get("/api/admin/webhook-events?order=asc", headers=admin).get_json()
    assert [e["type"] for e in events["data"]][-1] == "invoice.paid"
    assert events["meta"]["total"] == 5 and events["data"][0]["created"].endswith("Z")
    assert set(events["data"][0]) == {"id", "type", "created", "receivedAt"}
    typed = client.get("/api/admin/webhook-events?type=invoice.paid", headers=admin).get_json()
    assert [e["id"] for e in typed["data"]] == ["evt_other"]
    for path in ("payments", "refunds", "subscriptions", "webhook-events"):
        error(client.post(f"/api/admin/{path}", json={}, headers=admin), 405,
              "METHOD_NOT_ALLOWED")
        error(client.get(f"/api/admin/{path}?sort=amount", headers=admin), 400,
              "VALIDATION_ERROR")


def test_stats_count_everything_with_every_status(app, client, people, clock):
    created = int(clock.now.timestamp())
    for n, (currency, amount) in enumerate([("eur", 100), ("eur", 250), ("usd", 5)]):
        deliver(client, make_event("payment_intent.succeeded",
                                   payment_intent(f"pi_{n}", amount, currency), created=created))
    deliver(client, make_event("customer.subscription.updated", subscription(), created=created))
    verify_email(app, BOB)
    project = make_project(app, BOB)
    for status in ("DRAFT", "PUBLISHED", "PUBLISHED"):
        assert client.post("/api/articles", headers=people[BOB], json={
            "projectId": project, "title": "t", "content": "c", "status": status}
        ).status_code == 201
    assert client.post("/api/festivals", headers=people[BOB], json={
        "projectId": project, "name": "f", "startsAt": "2030-01-01T10:00:00Z",
        "endsAt": "2030-01-02T10:00:00Z", "status": "PUBLISHED"}).status_code == 201
    client.post(f"/api/admin/users/{user_id(app, ALICE)}/ban", json={}, headers=people[ADMIN])
    client.post("/api/tickets", json={"subject": "s", "description": "d"}, headers=people[BOB])
    data = client.get("/api/admin/stats", headers=people[ADMIN]).get_json()["data"]
    assert data["users"] == {"total": 3, "verified": 1, "twoFactor": 0, "banned": 1, "admins": 1}
    assert data["sessions"] == {"live": 2} and data["projects"] == {"total": 1}
    assert data["tickets"] == {"OPEN": 1, "IN_PROGRESS": 0, "RESOLVED": 0, "CLOSED": 0}
    assert data["articles"] == {"DRAFT": 1, "PUBLISHED": 2, "ARCHIVED": 0, "SCHEDULED": 0}
    assert data["festivals"] == {"DRAFT": 0, "PUBLISHED": 1, "CANCELLED": 0}
    assert data["reviews"] == {"PENDING": 0, "APPROVED": 0, "REJECTED": 0}
    assert data["payments"] == [{"currency": "eur", "count": 2, "sum": 350},
                                {"currency": "usd", "count": 1, "sum": 5}]
    assert data["subscriptions"]["active"] == 1 and data["subscriptions"]["canceled"] == 0
    clock.advance(days=30)  # every session has expired by now
    assert client.get("/api/admin/stats", headers=people[ADMIN]).status_code == 401


def count_queries(app, client, headers) -> int:
    seen, mine = [], threading.get_ident()

    def note(conn, cursor, statement, *args):
        if threading.get_ident() == mine:  # not the outbox sender's polls meanwhile
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        assert client.get("/api/admin/stats", headers=headers).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return len(seen)


def test_stats_run_a_fixed_number_of_queries(app, client, people, auth, clock):
    few = count_queries(app, client, people[ADMIN])
    for n in range(5):
        auth.sign_up(f"user{n}@example.com")
        client.post("/api/tickets", json={"subject": "s", "description": "d"},
                    headers=people[BOB])
        deliver(client, make_event("payment_intent.succeeded",
                                   payment_intent(f"pi_{n}", 10, ["eur", "usd", "gbp"][n % 3])))
        deliver(client, make_event("customer.subscription.updated",
                                   subscription(f"sub_{n}", ["active", "canceled"][n % 2])))
    assert count_queries(app, client, people[ADMIN]) == few
    # One statement: the kept counts with the clock's corrections (core/stats.py); the
    # bearer lookup runs on a raw DBAPI connection, not seen here.
    assert few == 1


def test_each_admin_write_appears_once_in_the_audit_log(app, client, people):
    admin, bob, alice = people[ADMIN], user_id(app, BOB), user_id(app, ALICE)
    client.patch(f"/api/admin/users/{bob}", json={"name": "Bob"}, headers=admin)
    client.post(f"/api/admin/users/{bob}/ban", json={"reason": "r"}, headers=admin)
    client.post(f"/api/admin/users/{bob}/unban", headers=admin)
    client.post("/api/auth/sign-in", json={"email": BOB, "password": PASSWORD})
    client.delete(f"/api/admin/users/{bob}/sessions", headers=admin)
    client.delete(f"/api/admin/users/{alice}", headers=admin)
    log = client.get("/api/admin/audit-log?order=asc", headers=admin).get_json()
    assert [e["action"] for e in log["data"]] == ["user.update", "user.ban", "user.unban",
                                                  "user.sessions_revoke", "user.delete"]
    assert log["meta"]["total"] == 5
    first = log["data"][0]
    assert set(first) == {"id", "actor", "action", "targetType", "targetId", "details",
                          "createdAt", "seq", "actorId", "projectId", "prevHash", "hash",
                          "projectSeq", "projectPrevHash", "projectHash"}
    assert first["actor"]["email"] == ADMIN and first["targetType"] == "user"
    assert first["targetId"] == bob and first["details"] == {"name": {"from": None, "to": "Bob"}}

    def actions(query):
        got = client.get(f"/api/admin/audit-log?{query}", headers=admin).get_json()["data"]
        return [e["action"] for e in got]

    assert actions(f"targetId={alice}") == ["user.delete"]
    assert actions("action=user.ban") == ["user.ban"]
    assert len(actions(f"actorId={user_id(app, ADMIN)}")) == 5
    assert actions("actorId=nobody") == []
    error(client.get("/api/admin/audit-log?sort=action", headers=admin), 400,
          "VALIDATION_ERROR")
    for method in ("post", "patch", "delete", "put"):
        assert getattr(client, method)("/api/admin/audit-log", json={},
                                       headers=admin).status_code == 405
        assert getattr(client, method)(f"/api/admin/audit-log/{first['id']}", json={},
                                       headers=admin).status_code in (404, 405)


def test_an_entry_outlives_its_actor(app, client, people, auth):
    make_admin(app, ALICE)
    client.patch(f"/api/admin/users/{user_id(app, BOB)}", json={"name": "B"},
                 headers=people[ALICE])
    client.delete(f"/api/admin/users/{user_id(app, ALICE)}", headers=people[ADMIN])
    log = client.get("/api/admin/audit-log?action=user.update",
                     headers=people[ADMIN]).get_json()["data"]
    assert len(log) == 1 and log[0]["actor"] is None


def test_admins_list_every_project_with_their_own_role(app, client, people):
    mine = client.post("/api/projects", json={"name": "Admin's"}, headers=people[ADMIN])
    assert mine.status_code == 201
    alices = make_project(app, ALICE, members=[BOB], name="Alice's")
    make_project(app, BOB, name="Bob's 100%")
    answer = client.get("/api/admin/projects?sort=name&order=asc", headers=people[ADMIN])
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["meta"] == {"total": 3, "page": 1, "limit": 20, "pages": 1}
    assert [p["name"] for p in body["data"]] == ["Admin's", "Alice's", "Bob's 100%"]
    assert [p["role"] for p in body["data"]] == ["owner", None, None]
    alice_project = body["data"][1]
    assert alice_project["id"] == alices and alice_project["memberCount"] == 2
    assert alice_project["owner"]["email"] == ALICE  # admins may know every e-mail
    only_alice = client.get(f"/api/admin/projects?ownerId={user_id(app, ALICE)}",
                            headers=people[ADMIN]).get_json()
    assert [p["id"] for p in only_alice["data"]] == [alices]
    found = client.get("/api/admin/projects?q=100%25", headers=people[ADMIN]).get_json()
    assert [p["name"] for p in found["data"]] == ["Bob's 100%"]
    # The admin's own list (R3) still shows only its memberships.
    own = client.get("/api/projects", headers=people[ADMIN]).get_json()
    assert [p["name"] for p in own["data"]] == ["Admin's"]
    refused = client.get("/api/admin/projects?sort=updatedAt", headers=people[ADMIN])
    assert error(refused, 400, "VALIDATION_ERROR")["details"].keys() == {"sort"}
