"""A project's allowed clients (extensions.md E5.8 `oauthClients`) through HTTP: who sets the
list and who sees it, its bounds, its audit entry, and a token of a client the list does not
name, which is a non-member of the project in lists, counts, search and content and gets 403
OAUTH_CLIENT_NOT_ALLOWED on the project's own paths, at a cost that does not grow with the
number of the user's projects."""
import threading

import pytest
from sqlalchemy import event, insert

from core.db import db, new_id
from sections.projects.models import MEMBER, Membership, Project
from tests.content import signed_in_user
from tests.factories import make_project
from tests.http import error
from tests.provider_flow import bearer, code_flow, new_app, settings

OWNER, ADA, EVE, BOB, STAFF = ("owner@example.com", "ada@example.com", "eve@example.com",
                               "bob@example.com", "staff@example.com")


@pytest.fixture
def app(make_app):
    return make_app(**settings())


class Team:
    """A project with its owner, Ada (a member who connects apps), Eve (admin), Bob (member),
    a platform admin, a draft article, and two apps Ada holds a read token of each."""

    def __init__(self, app, client, auth):
        self.client = client
        self.headers = {email: signed_in_user(app, email, role="admin" if email == STAFF
                                              else "user") for email in (OWNER, EVE, BOB, STAFF)}
        self.headers[ADA] = auth.verified_headers(ADA)
        self.project = make_project(app, OWNER, members=[ADA, BOB], admins=[EVE], name="Team")
        article = client.post("/api/articles", headers=self.headers[OWNER], json={
            "projectId": self.project, "title": "Zeppelin plans", "content": "Secret draft"})
        assert article.status_code == 201, article.get_json()
        self.article = article.get_json()["data"]["id"]
        self.apps, self.tokens = {}, {}
        for name in ("calendar", "notes"):
            registered = new_app(client, self.headers[OWNER], name=name.title())
            answer, _ = code_flow(client, self.headers[ADA], registered, scope="openid read")
            self.apps[name] = registered["app"]["clientId"]
            self.tokens[name] = bearer(answer["access_token"])

    def patch(self, who, **body):
        return self.client.patch(f"/api/projects/{self.project}", headers=self.headers[who],
                                 json=body)

    def allow(self, clients):
        answer = self.patch(OWNER, oauthClients=clients)
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()["data"]


@pytest.fixture
def team(app, client, auth):
    return Team(app, client, auth)


def sees_as_member(client, team, headers) -> bool:
    """Whether `headers` reach the project as a member, in every place; asserts that every
    place agrees (all member, or all non-member with OAUTH_CLIENT_NOT_ALLOWED on its paths)."""
    project = team.project
    mine = client.get("/api/projects", headers=headers).get_json()
    listed = [p["id"] for p in mine["data"]]
    read = client.get(f"/api/projects/{project}", headers=headers)
    members = client.get(f"/api/projects/{project}/members", headers=headers)
    article = client.get(f"/api/articles/{team.article}", headers=headers)
    drafts = client.get(f"/api/articles?projectId={project}&status=DRAFT", headers=headers)
    found = client.get("/api/search?q=Zeppelin", headers=headers).get_json()
    if read.status_code == 200:
        assert listed == [project] and mine["meta"]["total"] == 1
        assert members.status_code == 200 and article.status_code == 200
        assert drafts.get_json()["meta"]["total"] == 1 and found["meta"]["total"] == 1
        return True
    body = error(read, 403, "OAUTH_CLIENT_NOT_ALLOWED")
    assert "oauthClients" in body["message"]
    error(members, 403, "OAUTH_CLIENT_NOT_ALLOWED")
    assert listed == [] and mine["meta"]["total"] == 0
    error(article, 404, "NOT_FOUND")
    assert drafts.status_code in (200, 404)
    if drafts.status_code == 200:
        assert drafts.get_json()["meta"]["total"] == 0
    assert found["meta"]["total"] == 0
    return False


def test_every_client_reaches_the_project_by_default(client, team):
    assert all(sees_as_member(client, team, token) for token in team.tokens.values())
    read = client.get(f"/api/projects/{team.project}", headers=team.headers[OWNER]).get_json()
    assert read["data"]["oauthClients"] is None


def test_a_token_of_a_client_not_listed_is_a_non_member(client, team):
    data = team.allow([team.apps["calendar"]])
    assert data["oauthClients"] == [team.apps["calendar"]]
    assert sees_as_member(client, team, team.tokens["calendar"])
    assert not sees_as_member(client, team, team.tokens["notes"])
    # The same user's session, and the other members' sessions, are no client's.
    assert all(sees_as_member(client, team, team.headers[who]) for who in (ADA, BOB))
    # None at all, then every client again.
    team.allow([])
    assert not any(sees_as_member(client, team, token) for token in team.tokens.values())
    assert sees_as_member(client, team, team.headers[ADA])
    team.allow(None)
    assert all(sees_as_member(client, team, token) for token in team.tokens.values())


def test_the_project_s_other_paths_refuse_it_too(client, team):
    team.allow([team.apps["calendar"]])
    for path in ("members", "invitations", "audit-log"):
        answer = client.get(f"/api/projects/{team.project}/{path}",
                            headers=team.tokens["notes"])
        error(answer, 403, "OAUTH_CLIENT_NOT_ALLOWED")
    # Another project of Ada's is not concerned.
    other = client.post("/api/projects", headers=team.headers[ADA], json={"name": "Mine"})
    other = other.get_json()["data"]["id"]
    read = client.get(f"/api/projects/{other}", headers=team.tokens["notes"])
    assert read.status_code == 200, read.get_json()
    listed = client.get("/api/projects", headers=team.tokens["notes"]).get_json()
    assert [p["id"] for p in listed["data"]] == [other] and listed["meta"]["total"] == 1


def test_only_the_owner_sets_it_and_owner_and_admins_see_it(client, team):
    for who in (EVE, ADA):
        error(team.patch(who, oauthClients=[]), 403, "FORBIDDEN")
        error(team.patch(who, name="x", oauthClients="not a list"), 403, "FORBIDDEN")
    assert team.patch(STAFF, oauthClients=[team.apps["notes"]]).status_code == 200
    team.allow([team.apps["calendar"], team.apps["notes"]])
    for who in (OWNER, EVE, STAFF):
        data = client.get(f"/api/projects/{team.project}", headers=team.headers[who]).get_json()
        assert data["data"]["oauthClients"] == [team.apps["calendar"], team.apps["notes"]]
    for headers in (team.headers[BOB], team.tokens["calendar"]):
        data = client.get(f"/api/projects/{team.project}", headers=headers).get_json()
        assert "oauthClients" not in data["data"]
        listed = client.get("/api/projects", headers=headers).get_json()["data"]
        assert "oauthClients" not in listed[0]
    owned = client.get("/api/projects", headers=team.headers[OWNER]).get_json()["data"]
    assert owned[0]["oauthClients"] == [team.apps["calendar"], team.apps["notes"]]


def test_a_change_is_a_project_update_in_the_trail(client, team):
    team.allow([team.apps["calendar"]])
    team.allow([team.apps["calendar"]])  # no change: no entry
    team.allow(None)
    log = client.get(f"/api/projects/{team.project}/audit-log?order=asc&action=project.update",
                     headers=team.headers[OWNER])
    assert log.status_code == 200, log.get_json()
    entries = [entry for entry in log.get_json()["data"] if entry["action"] == "project.update"]
    assert [entry["details"] for entry in entries] == [
        {"oauthClients": {"from": None, "to": [team.apps["calendar"]]}},
        {"oauthClients": {"from": [team.apps["calendar"]], "to": None}}]


@pytest.mark.parametrize("clients, kept", [
    ([], []),
    (["app_a", "app_b", "app_a"], ["app_a", "app_b"]),
    (["https://tool.example/client.json"], ["https://tool.example/client.json"]),
    (["c" * 2000], ["c" * 2000]),
    ([f"dyn_{i}" for i in range(50)] + ["dyn_0"], [f"dyn_{i}" for i in range(50)]),
])
def test_the_list_is_kept_once_each_in_order(client, team, clients, kept):
    assert team.allow(clients)["oauthClients"] == kept
    read = client.get(f"/api/projects/{team.project}", headers=team.headers[EVE]).get_json()
    assert read["data"]["oauthClients"] == kept


@pytest.mark.parametrize("clients", [
    "app_a", [""], ["two words"], ["tab\there"], ["a\u0000b"], ["c" * 2001], [7], [["app_a"]],
    [None], {"app_a": True}, [f"dyn_{i}" for i in range(51)],
])
def test_a_bad_list_is_400(team, clients):
    error(team.patch(OWNER, oauthClients=clients), 400, "VALIDATION_ERROR")


def test_an_id_that_is_a_part_of_a_listed_one_is_not_listed(client, team):
    calendar = team.apps["calendar"]
    team.allow([calendar + "x", "x" + calendar, calendar[:-1], "%", "_"])
    assert not sees_as_member(client, team, team.tokens["calendar"])


def statements(app, request) -> list:
    """The SQL statements that `request()` sends from this thread."""
    seen, mine = [], threading.get_ident()

    def note(conn, cursor, statement, *args):
        if threading.get_ident() == mine:
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        response = request()
        assert response.status_code == 200, response.get_json()
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return seen


def test_a_list_of_a_thousand_projects_costs_no_query_per_project(app, client, team):
    """Ada in 1,000 projects, 500 of which list the notes app only: the calendar token's list
    answers the other 500, and the notes token's all 1,000, with the statements a list of
    one project takes."""
    token, notes = team.tokens["calendar"], team.tokens["notes"]
    few = statements(app, lambda: client.get("/api/projects?limit=100", headers=token))
    few_notes = statements(app, lambda: client.get("/api/projects?limit=100", headers=notes))
    with app.app_context():
        from sections.auth.models import User
        ada = db.session.execute(db.select(User.id).where(User.email == ADA)).scalar_one()
        ids = [new_id() for _ in range(999)]
        db.session.execute(insert(Project), [
            {"id": project, "name": f"P{index}",
             "oauth_clients": [team.apps["notes"]] if index % 2 else None}
            for index, project in enumerate(ids)])
        db.session.execute(insert(Membership), [
            {"project_id": project, "user_id": ada, "role": MEMBER} for project in ids])
        db.session.commit()
    team.allow([team.apps["notes"]])
    many = statements(app, lambda: client.get("/api/projects?limit=100", headers=token))
    assert len(many) <= len(few)
    # The token of the client that the 500 and the team list: no more statements either.
    many_notes = statements(app, lambda: client.get("/api/projects?limit=100", headers=notes))
    assert len(many_notes) <= len(few_notes)
    listed = client.get("/api/projects?limit=100", headers=token).get_json()
    assert listed["meta"]["total"] == 500 and len(listed["data"]) == 100
    allowed = client.get("/api/projects?limit=100", headers=team.tokens["notes"]).get_json()
    assert allowed["meta"]["total"] == 1000
