"""Festivals through HTTP (resources.md R5); their ratings are in test_reviews.py."""
import threading
import uuid
from datetime import UTC, datetime, timedelta

import pytest
import requests
from sqlalchemy import event

from core.db import db
from sections.festivals.models import Festival
from tests import content
from tests.content import BAD_BODIES, DEAD, walk
from tests.factories import count, make_project
from tests.http import iso
from tests.parallel import run_at_once

crew = content.crew  # the fixture


def post(client, crew, clock, role="member", **body):
    start = clock.now + timedelta(days=1)
    body = {"projectId": crew.project, "name": "Jazz Days", "startsAt": iso(start),
            "endsAt": iso(start + timedelta(days=2)), **body}
    return client.post("/api/festivals", json=body, headers=crew[role])


def made(client, crew, clock, role="member", **body):
    response = post(client, crew, clock, role, **body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def patch(client, crew, festival, role="member", **body):
    return client.patch(f"/api/festivals/{festival['id']}", json=body, headers=crew[role])


def test_a_festival_is_created_with_its_defaults(client, crew, clock):
    response = post(client, crew, clock, name="  Fête de la Musique ", location=" Lyon ",
                    startsAt="2030-06-21T18:00:00+02:00", endsAt="2030-06-22T01:30:00+02:00",
                    capacity=500, description="")
    assert response.status_code == 201
    festival = response.get_json()["data"]
    assert festival["name"] == "Fête de la Musique" and festival["slug"] == "fete-de-la-musique"
    assert (festival["location"], festival["description"]) == ("Lyon", None)
    assert festival["startsAt"] == "2030-06-21T16:00:00.000Z"
    assert festival["endsAt"] == "2030-06-21T23:30:00.000Z"
    assert (festival["status"], festival["phase"], festival["capacity"]) == (
        "DRAFT", "UPCOMING", 500)
    assert festival["projectId"] == crew.project and festival["createdAt"].endswith("Z")
    assert made(client, crew, clock, name="Jazz Days")["slug"] == "jazz-days"
    assert made(client, crew, clock, name="Jazz Days")["slug"] == "jazz-days-2"
    assert post(client, crew, clock, slug="jazz-days").status_code == 409
    assert made(client, crew, clock, status="PUBLISHED")["status"] == "PUBLISHED"


@pytest.mark.parametrize("value, accepted", [
    ("2030-01-01T10:00:00Z", "2030-01-01T10:00:00.000Z"),
    ("2030-01-01T10:00:00+05:30", "2030-01-01T04:30:00.000Z"),
    ("2030-01-01T10:00:00.250-03:00", "2030-01-01T13:00:00.250Z"),
    ("2030-01-01T10:00:00", None), ("2030-01-01", None), ("2030-01-01T10:00Zulu", None),
    ("tomorrow", None), (5, None), ("", None), (None, None),
])
def test_dates_need_an_offset(client, crew, clock, value, accepted):
    response = post(client, crew, clock, startsAt=value, endsAt="2031-01-01T00:00:00Z")
    if accepted is None:
        assert response.status_code == 400
        assert set(response.get_json()["details"]) == {"startsAt"}
    else:
        assert response.get_json()["data"]["startsAt"] == accepted


def test_ends_at_is_not_before_starts_at(app, client, crew, clock):
    response = post(client, crew, clock, startsAt="2030-01-02T00:00:00Z",
                    endsAt="2030-01-01T23:59:59Z")
    assert response.status_code == 400 and set(response.get_json()["details"]) == {"endsAt"}
    assert count(app, Festival) == 0
    same = made(client, crew, clock, startsAt="2030-01-02T00:00:00Z",
                endsAt="2030-01-02T01:00:00+01:00")
    assert same["phase"] == "UPCOMING"
    # A PATCH of one of them is checked against the stored other.
    late = patch(client, crew, same, startsAt="2030-01-03T00:00:00Z")
    assert late.status_code == 400 and set(late.get_json()["details"]) == {"endsAt"}
    early = patch(client, crew, same, endsAt="2029-12-31T00:00:00Z")
    assert early.status_code == 400
    assert patch(client, crew, same, endsAt="2030-02-01T00:00:00Z").status_code == 200


BAD_FIELDS = [
    {"name": ""}, {"name": "x" * 201}, {"name": 5}, {"name": None}, {"name": "a\x00"},
    {"description": "x" * 10_001}, {"description": 5}, {"location": "x" * 201},
    {"location": "a\x00b"}, {"capacity": 0}, {"capacity": -1}, {"capacity": 2_147_483_648},
    {"capacity": 1.5}, {"capacity": "5"}, {"capacity": True}, {"slug": "Not A Slug"},
    {"status": "CANCELLED"}, {"status": "draft"}, {"startsAt": "2030-01-01"},
    {"endsAt": "2030-01-01T00:00:00"},
]


@pytest.mark.parametrize("fields", BAD_FIELDS)
def test_bad_input_is_refused_and_nothing_is_written(app, client, crew, clock, fields):
    response = post(client, crew, clock, **fields)
    assert response.status_code == 400, fields
    assert set(response.get_json()["details"]) == set(fields)
    assert count(app, Festival) == 0
    festival = made(client, crew, clock)
    if fields.get("status") == "CANCELLED":
        return  # a PATCH may cancel
    response = patch(client, crew, festival, **{"name": "Changed", **fields})
    assert response.status_code == 400
    kept = client.get(f"/api/festivals/{festival['id']}", headers=crew["member"])
    assert kept.get_json()["data"] == festival


def test_limits_are_inclusive(client, crew, clock):
    festival = made(client, crew, clock, name="x" * 200, description="d" * 10_000,
                    location="l" * 200, capacity=2_147_483_647)
    assert festival["capacity"] == 2_147_483_647
    cleared = patch(client, crew, festival, capacity=None, location=None).get_json()["data"]
    assert (cleared["capacity"], cleared["location"]) == (None, None)
    assert patch(client, crew, festival, capacity=1).get_json()["data"]["capacity"] == 1


@pytest.mark.parametrize("body", BAD_BODIES)
def test_a_body_that_is_not_an_object_is_400(app, client, crew, body):
    response = client.post("/api/festivals", json=body, headers=crew["member"])
    assert response.status_code == 400 and count(app, Festival) == 0


@pytest.mark.parametrize("start, end, status", [
    ("DRAFT", "PUBLISHED", 200), ("DRAFT", "CANCELLED", 200), ("PUBLISHED", "CANCELLED", 200),
    ("PUBLISHED", "DRAFT", 409), ("DRAFT", "DRAFT", 200), ("PUBLISHED", "PUBLISHED", 200),
    ("CANCELLED", "CANCELLED", 409), ("CANCELLED", "DRAFT", 409), ("CANCELLED", "PUBLISHED", 409),
])
def test_transitions(client, crew, clock, start, end, status):
    festival = made(client, crew, clock, status="PUBLISHED" if start == "PUBLISHED" else "DRAFT")
    if start == "CANCELLED":
        assert patch(client, crew, festival, status="CANCELLED").status_code == 200
    response = patch(client, crew, festival, status=end, name="Renamed")
    assert response.status_code == status
    now = client.get(f"/api/festivals/{festival['id']}", headers=crew["member"]).get_json()
    assert now["data"]["status"] == (end if status == 200 else start)
    assert now["data"]["name"] == ("Renamed" if status == 200 else "Jazz Days")


def test_a_cancelled_festival_is_final_but_its_owner_may_delete_it(app, client, crew, clock):
    festival = made(client, crew, clock, status="PUBLISHED")
    assert patch(client, crew, festival, status="CANCELLED").status_code == 200
    for body in ({"name": "x"}, {"capacity": 3}, {}):
        response = patch(client, crew, festival, **body)
        assert response.status_code == 409 and response.get_json()["code"] == "CONFLICT"
    assert patch(client, crew, festival, name="").status_code == 400  # 400 before 409
    assert client.get(f"/api/festivals/{festival['id']}").status_code == 200  # public
    assert client.delete(f"/api/festivals/{festival['id']}",
                         headers=crew["owner"]).status_code == 204
    assert count(app, Festival) == 0


# role -> GET, PATCH, DELETE on a DRAFT and on a PUBLISHED festival.
EXPECTED = {
    "anonymous": {"DRAFT": (404, 401, 401), "PUBLISHED": (200, 401, 401)},
    "outsider": {"DRAFT": (404, 404, 404), "PUBLISHED": (200, 403, 403)},
    "member": {"DRAFT": (200, 200, 403), "PUBLISHED": (200, 200, 403)},
    "author": {"DRAFT": (200, 200, 403), "PUBLISHED": (200, 200, 403)},
    "owner": {"DRAFT": (200, 200, 204), "PUBLISHED": (200, 200, 204)},
    "admin": {"DRAFT": (200, 200, 204), "PUBLISHED": (200, 200, 204)},
}


@pytest.mark.parametrize("role", list(EXPECTED))
@pytest.mark.parametrize("status", ["DRAFT", "PUBLISHED", "CANCELLED"])
def test_who_sees_and_changes_a_festival(app, client, crew, clock, role, status):
    festival = made(client, crew, clock, status="DRAFT" if status == "DRAFT" else "PUBLISHED")
    if status == "CANCELLED":
        patch(client, crew, festival, status="CANCELLED")
    path = f"/api/festivals/{festival['id']}"
    get, change, remove = EXPECTED[role]["DRAFT" if status == "DRAFT" else "PUBLISHED"]
    if status == "CANCELLED" and change == 200:
        change = 409
    assert client.get(path, headers=crew[role]).status_code == get
    bad = client.patch(path, json={"capacity": 0}, headers=crew[role])
    assert bad.status_code == (400 if change in (200, 409) else change)
    assert client.patch(path, json={"location": "Oslo"}, headers=crew[role]).status_code == change
    assert client.delete(path, headers=crew[role]).status_code == remove
    total = client.get("/api/festivals", headers=crew[role]).get_json()["meta"]["total"]
    assert total == (1 if get == 200 and remove != 204 else 0)


def test_creation_needs_a_visible_project(client, crew, clock):
    assert post(client, crew, clock, "outsider").status_code == 404
    assert post(client, crew, clock, "outsider", name="").status_code == 404
    assert post(client, crew, clock, projectId="f" * 32).status_code == 404
    assert post(client, crew, clock, projectId=["x"]).status_code == 400
    assert post(client, crew, clock, "anonymous", name="").status_code == 401
    assert made(client, crew, clock, "admin")["projectId"] == crew.project


def test_phase_and_its_filter_follow_the_clock(client, crew, clock):
    start = clock.now + timedelta(hours=1)
    festival = made(client, crew, clock, status="PUBLISHED", startsAt=iso(start),
                    endsAt=iso(start + timedelta(hours=2)))
    path = f"/api/festivals/{festival['id']}"

    def phase_and_filters():
        found = {p: [f["id"] for f in client.get(f"/api/festivals?phase={p}").get_json()["data"]]
                 for p in ("UPCOMING", "ONGOING", "ENDED")}
        assert sum(found.values(), []) == [festival["id"]]
        phase = client.get(path).get_json()["data"]["phase"]
        assert found[phase] == [festival["id"]]
        return phase

    assert phase_and_filters() == "UPCOMING"
    clock.advance(hours=1)  # now == startsAt
    assert phase_and_filters() == "ONGOING"
    clock.advance(hours=2)  # now == endsAt
    assert phase_and_filters() == "ONGOING"
    clock.advance(seconds=1)
    assert phase_and_filters() == "ENDED"


def test_from_and_to_filters(client, crew, clock):
    spans = [("2030-01-01", "2030-01-05"), ("2030-01-04", "2030-01-10"),
             ("2030-01-11", "2030-01-12")]
    ids = [made(client, crew, clock, status="PUBLISHED", startsAt=f"{a}T00:00:00Z",
                endsAt=f"{b}T00:00:00Z")["id"] for a, b in spans]

    def found(query):
        return {f["id"] for f in walk(client, f"/api/festivals?{query}")}

    assert found("from=2030-01-05T00:00:00Z") == set(ids)
    assert found("from=2030-01-05T00:00:01Z") == set(ids[1:])
    assert found("to=2030-01-04T00:00:00Z") == set(ids[:2])
    assert found("to=2030-01-04T00:00:00%2B01:00") == {ids[0]}
    assert found("from=2030-01-06T00:00:00Z&to=2030-01-10T23:00:00Z") == {ids[1]}
    for bad in ("from=2030-01-05", "to=2030-01-05T00:00:00", "phase=ongoing"):
        response = client.get(f"/api/festivals?{bad}")
        assert response.status_code == 400 and bad.split("=")[0] in response.get_json()["details"]


def test_lists_filter_sort_and_page(app, client, crew, clock):
    other = make_project(app, "outsider@example.com", name="Other")
    ids = []
    for i in range(11):
        clock.advance(seconds=1)
        start = clock.now + timedelta(days=30 - i)
        ids.append(made(client, crew, clock, name=f"{'bA'[i % 2]}fest {i}",
                        location="Oslo" if i % 2 else "Bergen 50%",
                        status="PUBLISHED" if i % 3 else "DRAFT", startsAt=iso(start),
                        endsAt=iso(start + timedelta(days=1)))["id"])
    theirs = made(client, crew, clock, "outsider", projectId=other)["id"]  # a DRAFT elsewhere
    assert len(walk(client, "/api/festivals")) == 7
    assert len(walk(client, "/api/festivals", crew["member"])) == 11
    assert len(walk(client, "/api/festivals", crew["admin"])) == 12
    assert theirs in {f["id"] for f in walk(client, "/api/festivals", crew["outsider"])}
    assert [f["id"] for f in walk(client, "/api/festivals?status=DRAFT", crew["member"])] == [
        ids[i] for i in (9, 6, 3, 0)]
    assert len(walk(client, f"/api/festivals?projectId={crew.project}")) == 7
    by_start = walk(client, "/api/festivals?sort=startsAt&order=asc", crew["member"])
    assert [f["id"] for f in by_start] == ids[::-1]
    by_name = walk(client, "/api/festivals?sort=name&order=asc", crew["member"])
    assert [f["name"].lower() for f in by_name] == sorted(f["name"].lower() for f in by_name)
    assert len(walk(client, "/api/festivals?q=OSLO", crew["member"])) == 5
    assert len(walk(client, "/api/festivals?q=50%25", crew["member"])) == 6
    assert len(walk(client, "/api/festivals?q=AFEST", crew["member"])) == 5


def statements(app, request) -> list:
    """The SQL statements that `request()` sends from this thread (not the outbox's polls)."""
    seen, mine = [], threading.get_ident()

    def note(conn, cursor, statement, *args):
        if threading.get_ident() == mine:
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        assert request().status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return seen


def test_what_other_sections_add_is_read_in_the_festivals_query(app, client, crew, clock):
    """A page is its query and its count whatever its size: the parts other sections add (the
    rating, the registrations) are columns of the page's query, not a query per festival. One
    festival is its load and one query for its parts."""
    first = made(client, crew, clock, status="PUBLISHED")
    one = statements(app, lambda: client.get("/api/festivals"))
    for _ in range(4):
        made(client, crew, clock, status="PUBLISHED")
    assert len(statements(app, lambda: client.get("/api/festivals"))) == len(one) == 2
    assert len(statements(app, lambda: client.get(f"/api/festivals/{first['id']}"))) <= 2


def test_a_dead_bearer_is_401_on_public_reads(client, crew, clock):
    festival = made(client, crew, clock, status="PUBLISHED")
    for path in ("/api/festivals", f"/api/festivals/{festival['id']}"):
        assert client.get(path).status_code == 200
        response = client.get(path, headers=DEAD)
        assert response.status_code == 401 and response.get_json()["code"] == "AUTH_ERROR"
    assert client.get("/api/festivals/nothing").status_code == 404


def test_concurrent_creations_with_one_name_get_distinct_slugs(app, crew, clock, live_server):
    import requests

    def create(_):
        body = {"projectId": crew.project, "name": "Race", "startsAt": "2030-01-01T00:00:00Z",
                "endsAt": "2030-01-02T00:00:00Z"}
        return requests.post(f"{live_server}/api/festivals", json=body,
                             headers=crew["member"], timeout=30)

    results = run_at_once(6, create)
    assert {r.status_code for r in results} <= {201, 409}, [r.text for r in results]
    slugs = [r.json()["data"]["slug"] for r in results if r.status_code == 201]
    assert len(slugs) == len(set(slugs)) >= 1 and count(app, Festival) == len(slugs)


def answered(response) -> tuple:
    body = response.json()
    return response.status_code, body["data"]["status"] if "data" in body else body["code"]


@pytest.mark.postgres
@pytest.mark.redis
def test_a_cancel_and_a_publish_at_once_on_two_processes_never_bring_it_back(
        make_app, start_pair, database):
    """R5: CANCELLED is final. A cancel and a publish of a DRAFT sent at once, one to each
    process, end as one serial order or the other would: published then cancelled (both 200),
    or cancelled and the publish refused (409). Both were 200 and PUBLISHED won some rounds."""
    servers = start_pair()
    app = make_app(DATABASE_URL=database)  # the starting rows, in the processes' database
    email = f"{uuid.uuid4().hex[:12]}@example.com"
    member = content.signed_in_user(app, email)
    project = make_project(app, email)
    start = datetime.now(UTC) + timedelta(days=1)
    outcomes = []
    for round_ in range(12):
        created = requests.post(f"{servers[0]}/api/festivals", headers=member, timeout=30, json={
            "projectId": project, "name": f"Fest {round_}", "startsAt": iso(start),
            "endsAt": iso(start + timedelta(days=1))})
        assert created.status_code == 201, created.text
        path = f"/api/festivals/{created.json()['data']['id']}"

        def send(i, path=path, round_=round_):
            return requests.patch(servers[(i + round_) % 2] + path, headers=member, timeout=30,
                                  json={"status": ("CANCELLED", "PUBLISHED")[i]})

        cancel, publish = run_at_once(2, send)
        final = requests.get(servers[0] + path, headers=member, timeout=30).json()["data"]
        outcomes.append((answered(cancel), answered(publish), final["status"]))
    serial = {((200, "CANCELLED"), (200, "PUBLISHED"), "CANCELLED"),  # publish, then cancel
              ((200, "CANCELLED"), (409, "CONFLICT"), "CANCELLED")}  # cancel, then publish
    assert [o for o in outcomes if o not in serial] == [], outcomes
