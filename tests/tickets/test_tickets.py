"""Support tickets (resources.md R7) through HTTP: requester, other user, staff and anonymous
on every path; transitions; internal comments; e-mails to the real SMTP sink; sorting."""
import pytest
from sqlalchemy import delete

from core.db import db
from sections.projects.models import Project
from tests.factories import make_admin, make_project, user_id
from tests.http import error

ALICE, BOB, STAFF, STAFF2 = ("alice@example.com", "bob@example.com", "staff@example.com",
                             "staff2@example.com")


@pytest.fixture
def people(app, auth):
    """Headers of the requester (alice), another user (bob) and two staff members."""
    found = {email: auth.headers(email) for email in (ALICE, BOB, STAFF, STAFF2)}
    make_admin(app, STAFF)
    make_admin(app, STAFF2)
    return found


def open_ticket(client, headers, **body):
    body = {"subject": "Cannot log in", "description": "It says no.", **body}
    response = client.post("/api/tickets", json=body, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def patch(client, ticket, headers, **body):
    return client.patch(f"/api/tickets/{ticket['id']}", json=body, headers=headers)


def comment(client, ticket, headers, **body):
    return client.post(f"/api/tickets/{ticket['id']}/comments", json=body, headers=headers)


def test_opening_a_ticket(app, client, people):
    ticket = open_ticket(client, people[ALICE], subject="  Cannot log in  ")
    assert set(ticket) == {"id", "subject", "description", "status", "priority", "requester",
                           "assignee", "projectId", "createdAt", "updatedAt", "closedAt"}
    assert ticket["subject"] == "Cannot log in"
    assert (ticket["status"], ticket["priority"]) == ("OPEN", "NORMAL")
    assert ticket["requester"] == {"id": user_id(app, ALICE), "name": None, "image": None,
                                   "email": ALICE}
    assert ticket["assignee"] is None and ticket["projectId"] is None
    assert ticket["closedAt"] is None and ticket["createdAt"].endswith("Z")
    got = client.get(f"/api/tickets/{ticket['id']}", headers=people[ALICE]).get_json()["data"]
    assert got == ticket


PATHS = [("get", "/api/tickets"), ("post", "/api/tickets"), ("get", "/api/tickets/{id}"),
         ("patch", "/api/tickets/{id}"), ("get", "/api/tickets/{id}/comments"),
         ("post", "/api/tickets/{id}/comments")]


@pytest.mark.parametrize("method,path", PATHS)
def test_anonymous_is_401_on_every_path_even_with_a_bad_body(client, people, method, path):
    ticket = open_ticket(client, people[ALICE])
    url = path.format(id=ticket["id"])
    error(getattr(client, method)(url, json={"subject": 5}), 401, "AUTH_ERROR")
    bad = {"Authorization": "Bearer nope"}
    error(getattr(client, method)(url, json={}, headers=bad), 401, "AUTH_ERROR")


@pytest.mark.parametrize("method,path", PATHS[2:])
def test_another_user_gets_404_on_every_ticket_path(client, people, method, path):
    ticket = open_ticket(client, people[ALICE])
    url = path.format(id=ticket["id"])
    error(getattr(client, method)(url, json={"body": "hi", "status": "CLOSED"},
                                  headers=people[BOB]), 404, "NOT_FOUND")
    error(getattr(client, method)(path.format(id="nope"), json={}, headers=people[STAFF]),
          404, "NOT_FOUND")


def test_lists_show_the_requester_its_own_and_the_staff_everything(client, people):
    mine = open_ticket(client, people[ALICE])
    theirs = open_ticket(client, people[BOB])
    listed = client.get("/api/tickets", headers=people[ALICE]).get_json()
    assert [t["id"] for t in listed["data"]] == [mine["id"]]
    assert listed["meta"] == {"total": 1, "page": 1, "limit": 20, "pages": 1}
    staff = client.get("/api/tickets", headers=people[STAFF]).get_json()
    assert {t["id"] for t in staff["data"]} == {mine["id"], theirs["id"]}
    assert staff["meta"]["total"] == 2
    # The requester filter cannot widen a requester's view.
    bob_id = theirs["requester"]["id"]
    other = client.get(f"/api/tickets?requesterId={bob_id}", headers=people[ALICE]).get_json()
    assert other["data"] == [] and other["meta"]["total"] == 0


def test_the_staff_get_and_patch_any_ticket(client, people):
    ticket = open_ticket(client, people[ALICE])
    assert client.get(f"/api/tickets/{ticket['id']}", headers=people[STAFF]).status_code == 200
    staff_id = client.get("/api/auth/session", headers=people[STAFF]).get_json()["user"]["id"]
    response = patch(client, ticket, people[STAFF], status="IN_PROGRESS", priority="URGENT",
                     assigneeId=staff_id)
    data = response.get_json()["data"]
    assert response.status_code == 200, data
    assert (data["status"], data["priority"]) == ("IN_PROGRESS", "URGENT")
    assert data["assignee"] == {"id": staff_id, "name": None, "image": None, "email": STAFF}
    assert data["updatedAt"] >= ticket["updatedAt"]
    # The requester sees the assignee without its address.
    seen = client.get(f"/api/tickets/{ticket['id']}", headers=people[ALICE]).get_json()["data"]
    assert seen["assignee"] == {"id": staff_id, "name": None, "image": None}
    cleared = patch(client, ticket, people[STAFF], assigneeId=None).get_json()["data"]
    assert cleared["assignee"] is None


@pytest.mark.parametrize("body", [{"priority": "HIGH"}, {"status": "RESOLVED"},
                                  {"status": "IN_PROGRESS"}, {"status": "OPEN"},
                                  {"assigneeId": None}, {"priority": "bogus"},
                                  {"subject": "ok", "priority": "LOW"}])
def test_the_requester_may_not_change_staff_fields(client, people, body):
    ticket = open_ticket(client, people[ALICE])
    error(patch(client, ticket, people[ALICE], **body), 403, "FORBIDDEN")
    after = client.get(f"/api/tickets/{ticket['id']}", headers=people[ALICE]).get_json()["data"]
    assert after == ticket


@pytest.mark.parametrize("body", [{"subject": "Mine now"}, {"description": "x"},
                                  {"subject": ""}])
def test_staff_who_did_not_open_it_may_not_change_its_text(client, people, body):
    ticket = open_ticket(client, people[ALICE])
    error(patch(client, ticket, people[STAFF], **body), 403, "FORBIDDEN")


def test_the_requester_edits_text_while_open_then_409(client, people):
    ticket = open_ticket(client, people[ALICE])
    response = patch(client, ticket, people[ALICE], subject=" New subject ", description="More",
                     projectId="ignored", status="CLOSED")
    assert response.status_code == 200
    closed = response.get_json()["data"]
    assert closed["subject"] == "New subject" and closed["description"] == "More"
    assert closed["status"] == "CLOSED" and closed["closedAt"] and closed["projectId"] is None
    second = open_ticket(client, people[ALICE])
    assert patch(client, second, people[STAFF], status="IN_PROGRESS").status_code == 200
    error(patch(client, second, people[ALICE], subject="Later"), 409, "CONFLICT")
    # Unchanged text is no change.
    assert patch(client, second, people[ALICE], subject="Cannot log in").status_code == 200


def test_an_admin_requester_has_both_rights(client, people):
    ticket = open_ticket(client, people[STAFF])
    response = patch(client, ticket, people[STAFF], subject="Edited", priority="HIGH",
                     status="RESOLVED")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["data"]["subject"] == "Edited"


@pytest.mark.parametrize("who", [ALICE, STAFF])
@pytest.mark.parametrize("body", [{}, {"status": "OPEN"}, {"priority": "bogus"},
                                  {"subject": "again"}, {"assigneeId": 5}])
def test_closed_is_final_for_every_patch(client, people, who, body):
    ticket = open_ticket(client, people[ALICE])
    closed = patch(client, ticket, people[ALICE], status="CLOSED").get_json()["data"]
    error(patch(client, ticket, people[who], **body), 409, "CONFLICT")
    error(comment(client, ticket, people[who], body=""), 409, "CONFLICT")
    error(comment(client, ticket, people[who], body="hi", internal=True), 409, "CONFLICT")
    error(patch(client, ticket, people[BOB], status="OPEN"), 404, "NOT_FOUND")
    now = client.get(f"/api/tickets/{ticket['id']}", headers=people[ALICE]).get_json()["data"]
    assert now == closed


def test_staff_move_the_status_freely_and_closed_at_follows(client, people):
    ticket = open_ticket(client, people[ALICE])
    for status in ("IN_PROGRESS", "OPEN", "RESOLVED", "IN_PROGRESS"):
        data = patch(client, ticket, people[STAFF], status=status).get_json()["data"]
        assert data["status"] == status and data["closedAt"] is None
    data = patch(client, ticket, people[STAFF], status="CLOSED").get_json()["data"]
    assert data["closedAt"] is not None


def test_assignee_must_be_an_admin(client, people, app):
    ticket = open_ticket(client, people[ALICE])
    for bad in (user_id(app, BOB), "unknown-id", user_id(app, ALICE)):
        body = error(patch(client, ticket, people[STAFF], assigneeId=bad, priority="LOW"),
                     400, "VALIDATION_ERROR")
        assert "assigneeId" in body["details"]
    assert client.get(f"/api/tickets/{ticket['id']}",
                      headers=people[STAFF]).get_json()["data"]["priority"] == "NORMAL"
    other_admin = user_id(app, STAFF2)
    assert patch(client, ticket, people[STAFF], assigneeId=other_admin).status_code == 200


def test_internal_comments_never_reach_the_requester(client, people, mail):
    mail.clear()  # the set-up's sign-up e-mails
    ticket = open_ticket(client, people[ALICE])
    url = f"/api/tickets/{ticket['id']}/comments"
    assert comment(client, ticket, people[ALICE], body="Any news?").status_code == 201
    internal = comment(client, ticket, people[STAFF], body="Secret note", internal=True)
    assert internal.status_code == 201 and internal.get_json()["data"]["internal"] is True
    reply = comment(client, ticket, people[STAFF], body="We are on it")
    assert reply.status_code == 201
    seen = client.get(url, headers=people[ALICE]).get_json()
    assert [c["body"] for c in seen["data"]] == ["Any news?", "We are on it"]
    assert seen["meta"]["total"] == 2
    assert "Secret note" not in str(client.get(url + "?order=desc&limit=100",
                                               headers=people[ALICE]).get_json())
    staff = client.get(url, headers=people[STAFF]).get_json()
    assert [c["body"] for c in staff["data"]] == ["Any news?", "Secret note", "We are on it"]
    assert staff["meta"]["total"] == 3
    # Only the non-internal staff reply was e-mailed, and no message holds the note.
    assert len(mail.to(ALICE)) == 1
    assert len([m for m in mail.messages if "We are on it" in str(m)]) == 1
    assert all("Secret note" not in str(m) for m in mail.messages)
    assert "Cannot log in" in mail.last_body(ALICE) and "We are on it" in mail.last_body(ALICE)


def test_the_requester_may_not_write_internal_comments(client, people):
    ticket = open_ticket(client, people[ALICE])
    error(comment(client, ticket, people[ALICE], body="x", internal=True), 403, "FORBIDDEN")
    error(comment(client, ticket, people[ALICE], body="", internal=True), 403, "FORBIDDEN")
    ok = comment(client, ticket, people[ALICE], body="x", internal=False)
    assert ok.status_code == 201
    data = ok.get_json()["data"]
    assert set(data) == {"id", "ticketId", "author", "body", "internal", "createdAt"}
    assert data["author"]["email"] == ALICE and data["ticketId"] == ticket["id"]


def test_mail_only_for_staff_replies_and_resolution(client, people, mail):
    mail.clear()  # the set-up's sign-up e-mails
    ticket = open_ticket(client, people[ALICE])
    comment(client, ticket, people[ALICE], body="More detail")
    comment(client, ticket, people[STAFF], body="note", internal=True)
    patch(client, ticket, people[STAFF], status="IN_PROGRESS", priority="HIGH")
    assert mail.to(ALICE) == []
    patch(client, ticket, people[STAFF], status="RESOLVED")
    [resolved] = mail.to(ALICE)
    assert "Cannot log in" in mail.last_body(ALICE)
    patch(client, ticket, people[STAFF], status="RESOLVED")  # already resolved: no news
    assert len(mail.to(ALICE)) == 1
    comment(client, ticket, people[STAFF], body="Fixed it for you")
    assert len(mail.to(ALICE)) == 2 and "Fixed it for you" in mail.last_body(ALICE)
    assert mail.to(STAFF) == [] and mail.to(BOB) == []
    assert resolved is not None


def test_a_requester_comment_reopens_a_resolved_ticket(client, people):
    ticket = open_ticket(client, people[ALICE])
    patch(client, ticket, people[STAFF], status="RESOLVED")
    comment(client, ticket, people[STAFF], body="Done")  # staff comments do not reopen
    assert client.get(f"/api/tickets/{ticket['id']}",
                      headers=people[ALICE]).get_json()["data"]["status"] == "RESOLVED"
    assert comment(client, ticket, people[ALICE], body="Still broken").status_code == 201
    assert client.get(f"/api/tickets/{ticket['id']}",
                      headers=people[ALICE]).get_json()["data"]["status"] == "OPEN"


def test_priority_sorts_by_rank_in_both_directions(client, people):
    for priority in ("HIGH", "LOW", "URGENT", "NORMAL", "LOW"):
        open_ticket(client, people[ALICE], priority=priority)
    asc = client.get("/api/tickets?sort=priority&order=asc", headers=people[STAFF]).get_json()
    assert [t["priority"] for t in asc["data"]] == ["LOW", "LOW", "NORMAL", "HIGH", "URGENT"]
    desc = client.get("/api/tickets?sort=priority", headers=people[ALICE]).get_json()
    assert [t["priority"] for t in desc["data"]] == ["URGENT", "HIGH", "NORMAL", "LOW", "LOW"]
    paged = [client.get(f"/api/tickets?sort=priority&limit=2&page={n}",
                        headers=people[STAFF]).get_json()["data"] for n in (1, 2, 3)]
    assert [t["id"] for page in paged for t in page] == [t["id"] for t in desc["data"]]


def test_filters(app, client, people):
    project = make_project(app, ALICE, name="P")
    a = open_ticket(client, people[ALICE], priority="HIGH", projectId=project)
    b = open_ticket(client, people[BOB])
    staff_id = user_id(app, STAFF)
    patch(client, b, people[STAFF], status="IN_PROGRESS", assigneeId=staff_id)

    def ids(query):
        response = client.get(f"/api/tickets?{query}", headers=people[STAFF])
        assert response.status_code == 200, response.get_json()
        return {t["id"] for t in response.get_json()["data"]}

    assert ids("status=OPEN") == {a["id"]} and ids("status=IN_PROGRESS") == {b["id"]}
    assert ids("priority=HIGH") == {a["id"]} and ids("priority=NORMAL") == {b["id"]}
    assert ids(f"assigneeId={staff_id}") == {b["id"]} and ids(f"projectId={project}") == {a["id"]}
    assert ids(f"requesterId={user_id(app, BOB)}") == {b["id"]}
    assert ids("sort=updatedAt&order=asc&unknown=1") == {a["id"], b["id"]}


@pytest.mark.parametrize("query,field", [("status=open", "status"), ("priority=MEDIUM", "priority"),
                                         ("sort=subject", "sort"), ("order=up", "order"),
                                         ("page=0", "page"), ("limit=x", "limit")])
def test_bad_list_queries_are_400(client, people, query, field):
    body = error(client.get(f"/api/tickets?{query}", headers=people[ALICE]), 400,
                 "VALIDATION_ERROR")
    assert field in body["details"]
    url = f"/api/tickets/{open_ticket(client, people[ALICE])['id']}/comments"
    if field in ("sort", "order", "page", "limit"):
        error(client.get(f"{url}?{query}", headers=people[ALICE]), 400, "VALIDATION_ERROR")


def test_project_rules(app, client, people):
    shared = make_project(app, BOB, members=[ALICE], name="Shared")
    private = make_project(app, BOB, name="Private")
    ticket = open_ticket(client, people[ALICE], projectId=shared)
    assert ticket["projectId"] == shared
    # A project the requester cannot see, or none: 404, before any other error of the body.
    for project in (private, "no-such-project"):
        error(client.post("/api/tickets", json={"projectId": project},
                          headers=people[ALICE]), 404, "NOT_FOUND")
    body = error(client.post("/api/tickets", json={"subject": "s", "description": "d",
                                                   "projectId": 7}, headers=people[ALICE]),
                 400, "VALIDATION_ERROR")
    assert "projectId" in body["details"]
    # Set at creation only: a PATCH ignores it.
    assert patch(client, ticket, people[ALICE], projectId=private).get_json()["data"][
        "projectId"] == shared
    # Deleting the project leaves the ticket with no project (ON DELETE SET NULL).
    with app.app_context():
        db.session.execute(delete(Project).where(Project.id == shared))
        db.session.commit()
    got = client.get(f"/api/tickets/{ticket['id']}", headers=people[STAFF]).get_json()["data"]
    assert got["projectId"] is None


def test_a_deleted_requester_leaves_its_tickets(app, client, people):
    ticket = open_ticket(client, people[BOB])
    comment(client, ticket, people[BOB], body="hello")
    response = client.delete(f"/api/admin/users/{user_id(app, BOB)}", headers=people[STAFF])
    assert response.status_code == 204
    got = client.get(f"/api/tickets/{ticket['id']}", headers=people[STAFF]).get_json()["data"]
    assert got["requester"] is None
    comments = client.get(f"/api/tickets/{ticket['id']}/comments",
                          headers=people[STAFF]).get_json()["data"]
    assert comments[0]["author"] is None and comments[0]["body"] == "hello"


LONG = "x" * 10_001


@pytest.mark.parametrize("body,field", [
    ({"description": "d"}, "subject"), ({"subject": "s"}, "description"),
    ({"subject": "   ", "description": "d"}, "subject"),
    ({"subject": "s" * 201, "description": "d"}, "subject"),
    ({"subject": None, "description": "d"}, "subject"),
    ({"subject": 5, "description": "d"}, "subject"),
    ({"subject": "s", "description": LONG}, "description"),
    ({"subject": "s", "description": " "}, "description"),
    ({"subject": "a\x00b", "description": "d"}, "subject"),
    ({"subject": "s", "description": "d", "priority": "low"}, "priority"),
    ({"subject": "s", "description": "d", "priority": None}, "priority"),
])
def test_bad_ticket_bodies_are_400(client, people, body, field):
    response = error(client.post("/api/tickets", json=body, headers=people[ALICE]), 400,
                     "VALIDATION_ERROR")
    assert field in response["details"]
    assert client.get("/api/tickets", headers=people[ALICE]).get_json()["meta"]["total"] == 0


def test_a_body_that_is_not_an_object_is_400(client, people):
    ticket = open_ticket(client, people[ALICE])
    for url in ("/api/tickets", f"/api/tickets/{ticket['id']}/comments"):
        error(client.post(url, json=["x"], headers=people[ALICE]), 400, "VALIDATION_ERROR")
    error(client.patch(f"/api/tickets/{ticket['id']}", json="x", headers=people[STAFF]), 400,
          "VALIDATION_ERROR")


@pytest.mark.parametrize("body,field", [
    ({"subject": ""}, "subject"), ({"subject": "s" * 201}, "subject"),
    ({"description": LONG}, "description"), ({"subject": None}, "subject"),
])
def test_bad_patch_bodies_apply_nothing(client, people, body, field):
    ticket = open_ticket(client, people[ALICE])
    valid = {"description": "new"} if field == "subject" else {"subject": "new"}
    response = error(patch(client, ticket, people[ALICE], **valid, **body), 400,
                     "VALIDATION_ERROR")
    assert field in response["details"]
    assert client.get(f"/api/tickets/{ticket['id']}",
                      headers=people[ALICE]).get_json()["data"] == ticket


@pytest.mark.parametrize("body,field", [
    ({"status": "DONE"}, "status"), ({"priority": "HIGHEST"}, "priority"),
    ({"assigneeId": 3}, "assigneeId"), ({"status": None}, "status"),
])
def test_bad_staff_patches_are_400(client, people, body, field):
    ticket = open_ticket(client, people[ALICE])
    response = error(patch(client, ticket, people[STAFF], **body), 400, "VALIDATION_ERROR")
    assert field in response["details"]


@pytest.mark.parametrize("body,field", [
    ({}, "body"), ({"body": "  "}, "body"), ({"body": LONG}, "body"), ({"body": 1}, "body"),
    ({"body": "x", "internal": "true"}, "internal"), ({"body": "x", "internal": 1}, "internal"),
])
def test_bad_comments_are_400(client, people, body, field):
    ticket = open_ticket(client, people[ALICE])
    response = error(comment(client, ticket, people[STAFF], **body), 400, "VALIDATION_ERROR")
    assert field in response["details"]
    assert client.get(f"/api/tickets/{ticket['id']}/comments",
                      headers=people[STAFF]).get_json()["meta"]["total"] == 0


def test_the_comment_list_is_oldest_first_and_pages(client, people, clock):
    ticket = open_ticket(client, people[ALICE])
    for n in range(5):
        comment(client, ticket, people[ALICE], body=f"c{n}")
        clock.advance(seconds=1)
    url = f"/api/tickets/{ticket['id']}/comments"
    first = client.get(f"{url}?limit=2", headers=people[ALICE]).get_json()
    assert [c["body"] for c in first["data"]] == ["c0", "c1"]
    assert first["meta"] == {"total": 5, "page": 1, "limit": 2, "pages": 3}
    newest = client.get(f"{url}?order=desc&limit=1", headers=people[ALICE]).get_json()
    assert newest["data"][0]["body"] == "c4"


def test_staff_totals_from_the_status_counts_match_the_rows(app, client, people):
    """The staff's meta.total for all tickets or one status comes from the counts the database
    keeps (core/stats.py): they must follow every creation, move, reopening and closing."""
    tickets = [open_ticket(client, people[who]) for who in (ALICE, ALICE, BOB, STAFF)]
    patch(client, tickets[0], people[STAFF], status="IN_PROGRESS")
    patch(client, tickets[1], people[STAFF], status="RESOLVED")
    patch(client, tickets[2], people[STAFF], status="RESOLVED")
    comment(client, tickets[2], people[BOB], body="reopen")  # RESOLVED -> OPEN
    patch(client, tickets[3], people[STAFF], status="CLOSED")
    patch(client, tickets[3], people[STAFF], status="OPEN")  # refused: 409, nothing counted
    patch(client, tickets[0], people[ALICE], status="CLOSED")
    patch(client, tickets[1], people[STAFF], status="RESOLVED")  # no move

    expected = {"OPEN": 1, "IN_PROGRESS": 0, "RESOLVED": 1, "CLOSED": 2}
    for status, count in expected.items():
        meta = client.get(f"/api/tickets?status={status}",
                          headers=people[STAFF]).get_json()["meta"]
        data = client.get(f"/api/tickets?status={status}&priority=NORMAL",
                          headers=people[STAFF]).get_json()
        assert meta["total"] == count == data["meta"]["total"] == len(data["data"]), status
    assert client.get("/api/tickets", headers=people[STAFF]).get_json()["meta"]["total"] == 4
    stats = client.get("/api/admin/stats", headers=people[STAFF]).get_json()["data"]
    assert stats["tickets"] == expected
