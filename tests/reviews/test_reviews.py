"""Reviews and their moderation through HTTP (resources.md R6), with the festival's rating (R5)
and the audit log (R8)."""
import uuid
from datetime import UTC, datetime, timedelta

import pytest
import requests
from sqlalchemy import select

from core.db import db
from sections.audit.models import AuditEntry
from sections.reviews.models import Review
from tests import content
from tests.content import BAD_BODIES, DEAD, signed_in_user, walk
from tests.factories import count, make_project
from tests.http import iso
from tests.parallel import run_at_once

crew = content.crew  # the fixture


@pytest.fixture
def festival(client, crew, clock):
    """A PUBLISHED festival of the crew's project that started an hour ago."""
    body = {"projectId": crew.project, "name": "Rock Fest", "status": "PUBLISHED",
            "startsAt": iso(clock.now - timedelta(hours=1)),
            "endsAt": iso(clock.now + timedelta(days=1))}
    response = client.post("/api/festivals", json=body, headers=crew["member"])
    assert response.status_code == 201
    return response.get_json()["data"]


def post(client, headers, festival, **body):
    body = {"festivalId": festival["id"], "rating": 4, "body": "Great sound", **body}
    return client.post("/api/reviews", json=body, headers=headers)


def made(client, headers, festival, **body):
    response = post(client, headers, festival, **body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def moderate(client, crew, review, status="APPROVED", role="owner", **body):
    return client.post(f"/api/reviews/{review['id']}/moderation",
                       json={"status": status, **body}, headers=crew[role])


def rating(client, festival):
    return client.get(f"/api/festivals/{festival['id']}").get_json()["data"]["rating"]


def test_a_review_is_created_pending(client, crew, festival):
    review = made(client, crew["outsider"], festival, title="  ", body="  Loud!  ")
    assert (review["status"], review["title"], review["body"]) == ("PENDING", None, "Loud!")
    assert (review["moderationNote"], review["moderatedAt"]) == (None, None)
    assert review["author"]["id"] == crew.ids["outsider"]
    assert review["author"]["email"] == "outsider@example.com"
    assert review["festivalId"] == festival["id"] and review["createdAt"].endswith("Z")


def test_order_of_checks_for_writing_a_review(app, client, crew, clock, festival):
    stranger = signed_in_user(app, "new@example.com", verified=False)
    hidden = {"festivalId": "f" * 32, "rating": 0}
    assert client.post("/api/reviews", json=hidden).status_code == 401
    assert client.post("/api/reviews", json=hidden, headers=stranger).status_code == 404
    unverified = post(client, stranger, festival, rating=0)
    assert unverified.status_code == 403 and unverified.get_json()["code"] == "EMAIL_NOT_VERIFIED"
    assert post(client, crew["outsider"], festival, rating=0).status_code == 400
    wrong = {"festivalId": 5, "rating": 4, "body": "x"}
    assert client.post("/api/reviews", json=wrong, headers=crew["outsider"]).status_code == 400
    assert count(app, Review) == 0


def test_only_a_published_festival_that_started_can_be_reviewed(client, crew, clock):
    def festival_with(status, hours):
        body = {"projectId": crew.project, "name": "F", "status": "DRAFT",
                "startsAt": iso(clock.now + timedelta(hours=hours)),
                "endsAt": iso(clock.now + timedelta(days=2))}
        made_one = client.post("/api/festivals", json=body, headers=crew["member"]).get_json()
        path = f"/api/festivals/{made_one['data']['id']}"
        if status != "DRAFT":
            client.patch(path, json={"status": "PUBLISHED"}, headers=crew["member"])
        if status == "CANCELLED":
            client.patch(path, json={"status": "CANCELLED"}, headers=crew["member"])
        return made_one["data"]

    assert post(client, crew["outsider"], festival_with("DRAFT", -1)).status_code == 404
    assert post(client, crew["member"], festival_with("DRAFT", -1)).status_code == 409
    assert post(client, crew["outsider"], festival_with("CANCELLED", -1)).status_code == 409
    upcoming = festival_with("PUBLISHED", 1)
    response = post(client, crew["outsider"], upcoming)
    assert response.status_code == 409 and response.get_json()["code"] == "CONFLICT"
    clock.advance(hours=1)  # startsAt <= now
    assert post(client, crew["outsider"], upcoming).status_code == 201


def test_one_review_per_user_and_festival(client, crew, festival):
    review = made(client, crew["outsider"], festival)
    assert post(client, crew["outsider"], festival).status_code == 409
    assert made(client, crew["member"], festival)["status"] == "PENDING"  # members may review
    assert client.delete(f"/api/reviews/{review['id']}",
                         headers=crew["outsider"]).status_code == 204
    assert post(client, crew["outsider"], festival).status_code == 201  # the place is free


def test_two_reviews_at_once_make_one(app, crew, festival, live_server):
    def send(_):
        body = {"festivalId": festival["id"], "rating": 5, "body": "Twice"}
        return requests.post(f"{live_server}/api/reviews", json=body,
                             headers=crew["outsider"], timeout=30).status_code

    assert sorted(run_at_once(5, send)) == [201, 409, 409, 409, 409]
    assert count(app, Review) == 1


def spread(**counts) -> dict:
    """A distribution (E3.3): every rating from 1 to 5, 0 unless given (`r4=2`)."""
    return {str(stars): counts.get(f"r{stars}", 0) for stars in range(1, 6)}


def test_the_rating_counts_approved_reviews_only(app, client, crew, festival):
    assert festival["rating"] == {"average": None, "count": 0, "distribution": spread()}
    voters = [signed_in_user(app, f"v{i}@example.com") for i in range(4)]
    reviews = [made(client, voters[i], festival, rating=r) for i, r in enumerate([5, 4, 4, 1])]
    assert rating(client, festival) == {"average": None, "count": 0, "distribution": spread()}
    for review in reviews[:3]:
        assert moderate(client, crew, review).status_code == 200
    assert rating(client, festival) == {"average": 4.33, "count": 3,
                                        "distribution": spread(r4=2, r5=1)}
    moderate(client, crew, reviews[3], "REJECTED")
    assert rating(client, festival)["distribution"] == spread(r4=2, r5=1)
    moderate(client, crew, reviews[0], "REJECTED")
    assert rating(client, festival) == {"average": 4.0, "count": 2,
                                        "distribution": spread(r4=2)}
    # An edit sends it back to PENDING: out of the rating until approved again.
    edited = client.patch(f"/api/reviews/{reviews[1]['id']}", json={"rating": 5},
                          headers=voters[1])
    assert edited.status_code == 200
    assert rating(client, festival) == {"average": 4.0, "count": 1, "distribution": spread(r4=1)}
    moderate(client, crew, reviews[1])
    assert rating(client, festival) == {"average": 4.5, "count": 2,
                                        "distribution": spread(r4=1, r5=1)}
    client.delete(f"/api/reviews/{reviews[2]['id']}", headers=crew["member"])
    assert rating(client, festival) == {"average": 5.0, "count": 1, "distribution": spread(r5=1)}
    moderate(client, crew, reviews[3], "APPROVED")
    listed = client.get("/api/festivals").get_json()["data"][0]["rating"]
    assert listed == {"average": 3.0, "count": 2, "distribution": spread(r1=1, r5=1)}


def test_the_average_rounds_half_up(app, client, crew, festival):
    voters = [signed_in_user(app, f"v{i}@example.com") for i in range(8)]
    # 1 + 2 * 7 = 15 over 8 is 1.875: half up to 1.88 (banker's rounding would keep 1.88 too);
    # 2, 1, 1, 1, 1, 1, 1, 1 -> 9 / 8 = 1.125 -> 1.13 (banker's rounding gives 1.12).
    for i, value in enumerate([2, 1, 1, 1, 1, 1, 1, 1]):
        moderate(client, crew, made(client, voters[i], festival, rating=value))
    assert rating(client, festival) == {"average": 1.13, "count": 8,
                                        "distribution": spread(r1=7, r2=1)}


def test_an_edit_by_the_author_goes_back_to_pending(client, crew, festival):
    review = made(client, crew["outsider"], festival)
    moderate(client, crew, review, "REJECTED", note="Off topic")
    path = f"/api/reviews/{review['id']}"
    seen = client.get(path, headers=crew["outsider"]).get_json()["data"]
    assert (seen["status"], seen["moderationNote"]) == ("REJECTED", "Off topic")
    assert seen["moderatedAt"].endswith("Z")
    edited = client.patch(path, json={"body": "On topic", "title": "Better",
                                      "festivalId": "x"}, headers=crew["outsider"])
    data = edited.get_json()["data"]
    assert (data["status"], data["moderationNote"], data["moderatedAt"]) == (
        "PENDING", None, None)
    assert (data["body"], data["title"], data["festivalId"]) == (
        "On topic", "Better", festival["id"])
    for role in ("member", "owner", "admin"):  # only the author edits
        assert client.patch(path, json={"rating": 1}, headers=crew[role]).status_code == 403
    assert client.patch(path, json={"rating": 1}, headers=crew["author"]).status_code == 403


def test_moderation_is_audited_and_never_of_ones_own_review(app, client, crew, festival):
    own = made(client, crew["member"], festival)
    response = moderate(client, crew, own, role="member")
    assert response.status_code == 403 and response.get_json()["code"] == "FORBIDDEN"
    review = made(client, crew["outsider"], festival)
    assert moderate(client, crew, review, role="outsider").status_code == 403
    assert moderate(client, crew, own, role="owner").status_code == 200
    answer = moderate(client, crew, review, "REJECTED", role="admin", note=" Spam ")
    assert answer.status_code == 200
    data = answer.get_json()["data"]
    assert (data["status"], data["moderationNote"]) == ("REJECTED", "Spam")
    assert moderate(client, crew, review, "APPROVED", role="author").status_code == 200
    with app.app_context():
        entries = db.session.execute(select(AuditEntry).where(
            AuditEntry.action == "review.moderate").order_by(AuditEntry.created_at)).scalars()
        logged = [(e.actor_id, e.target_type, e.target_id, e.details, e.project_id)
                  for e in entries]
    assert sorted(logged, key=str) == sorted([
        (crew.ids["owner"], "review", own["id"], {"status": "APPROVED", "note": None},
         crew.project),  # the festival's project (extensions.md E4.5)
        (crew.ids["admin"], "review", review["id"], {"status": "REJECTED", "note": "Spam"},
         crew.project),
        (crew.ids["author"], "review", review["id"], {"status": "APPROVED", "note": None},
         crew.project),
    ], key=str)
    for bad in ({"status": "PENDING"}, {"status": "approved"}, {"note": "x" * 1001}, {}):
        response = client.post(f"/api/reviews/{review['id']}/moderation",
                               json={"status": "APPROVED", **bad} if bad.get("note") else bad,
                               headers=crew["owner"])
        assert response.status_code == 400
    with app.app_context():
        assert len(db.session.execute(select(AuditEntry)).all()) == 3


def test_who_sees_a_review_and_its_note(app, client, crew, festival):
    review = made(client, crew["outsider"], festival)
    path = f"/api/reviews/{review['id']}"
    other = signed_in_user(app, "other@example.com")
    crew.headers["other"] = other
    # PENDING: its author and the moderators.
    expected = {"anonymous": 404, "other": 404, "outsider": 200, "member": 200, "owner": 200,
                "admin": 200}
    for role, status in expected.items():
        assert client.get(path, headers=crew[role]).status_code == status, role
        listed = client.get(f"/api/reviews?festivalId={festival['id']}", headers=crew[role])
        assert listed.get_json()["meta"]["total"] == (1 if status == 200 else 0), role
    moderate(client, crew, review, note="Nice")
    for role in expected:
        data = client.get(path, headers=crew[role]).get_json()["data"]
        shown = role in ("outsider", "member", "owner", "admin")
        assert (data["moderationNote"] == "Nice") is shown, role
        assert ("email" in data["author"]) is shown, role
        listed = client.get("/api/reviews", headers=crew[role]).get_json()["data"][0]
        assert listed == data
    crew.delete_user("outsider")
    assert client.get(path).get_json()["data"]["author"] is None


# role -> PATCH, DELETE, moderation of the outsider's PENDING review.
CHANGES = {"anonymous": (401, 401, 401), "other": (404, 404, 404), "member": (403, 204, 200),
           "owner": (403, 204, 200), "admin": (403, 204, 200), "outsider": (200, 204, 403)}


@pytest.mark.parametrize("role", list(CHANGES))
def test_who_changes_a_review(app, client, crew, festival, role):
    crew.headers["other"] = signed_in_user(app, "other@example.com")
    review = made(client, crew["outsider"], festival)
    path = f"/api/reviews/{review['id']}"
    change, remove, judge = CHANGES[role]
    bad = client.patch(path, json={"rating": 9}, headers=crew[role])
    assert bad.status_code == (400 if change == 200 else change)
    assert client.patch(path, json={"rating": 2}, headers=crew[role]).status_code == change
    bad = client.post(f"{path}/moderation", json={"status": "x"}, headers=crew[role])
    assert bad.status_code == (400 if judge == 200 else judge)
    assert client.post(f"{path}/moderation", json={"status": "APPROVED"},
                       headers=crew[role]).status_code == judge
    assert client.delete(path, headers=crew[role]).status_code == remove
    assert count(app, Review) == (0 if remove == 204 else 1)


BAD_FIELDS = [{"rating": 0}, {"rating": 6}, {"rating": 3.5}, {"rating": "5"}, {"rating": None},
              {"rating": True}, {"body": ""}, {"body": "x" * 5001}, {"body": 5},
              {"body": "a\x00"}, {"title": "x" * 201}, {"title": ["x"]}]


@pytest.mark.parametrize("fields", BAD_FIELDS)
def test_bad_input_is_refused_and_nothing_is_written(app, client, crew, festival, fields):
    response = post(client, crew["outsider"], festival, **fields)
    assert response.status_code == 400 and set(response.get_json()["details"]) == set(fields)
    assert count(app, Review) == 0
    review = made(client, crew["outsider"], festival)
    response = client.patch(f"/api/reviews/{review['id']}", json={"title": "T", **fields},
                            headers=crew["outsider"])
    assert response.status_code == 400
    kept = client.get(f"/api/reviews/{review['id']}", headers=crew["outsider"]).get_json()
    assert kept["data"] == review


@pytest.mark.parametrize("body", BAD_BODIES)
def test_a_body_that_is_not_an_object_is_400(app, client, crew, body):
    response = client.post("/api/reviews", json=body, headers=crew["outsider"])
    assert response.status_code == 400 and count(app, Review) == 0


def test_lists_filter_sort_and_page(app, client, crew, festival, clock):
    voters = [signed_in_user(app, f"v{i}@example.com") for i in range(10)]
    ids = []
    for i, voter in enumerate(voters):
        clock.advance(seconds=1)
        review = made(client, voter, festival, rating=i % 5 + 1)
        ids.append(review["id"])
        if i % 2:
            moderate(client, crew, review)
    assert [r["id"] for r in walk(client, "/api/reviews?sort=createdAt&order=asc")] == ids[1::2]
    assert len(walk(client, f"/api/reviews?festivalId={festival['id']}", crew["member"])) == 10
    pending = walk(client, "/api/reviews?status=PENDING", crew["owner"])
    assert [r["id"] for r in pending] == ids[::2][::-1]
    assert walk(client, "/api/reviews?status=PENDING") == []
    fives = walk(client, "/api/reviews?rating=5", crew["admin"])
    assert {r["id"] for r in fives} == {ids[4], ids[9]}
    by_rating = walk(client, "/api/reviews?sort=rating&order=desc", crew["admin"])
    assert [r["rating"] for r in by_rating] == sorted([i % 5 + 1 for i in range(10)],
                                                      reverse=True)
    mine = walk(client, f"/api/reviews?authorId={crew.ids['owner']}", voters[0])
    assert mine == []
    own = walk(client, "/api/reviews", voters[0])  # approved ones and its own pending one
    assert {r["id"] for r in own} == set(ids[1::2]) | {ids[0]}
    for bad in ("rating=6", "rating=x", "status=approved", "sort=title"):
        assert client.get(f"/api/reviews?{bad}").status_code == 400


def test_a_dead_bearer_is_401_on_public_reads(client, crew, festival):
    review = made(client, crew["outsider"], festival)
    moderate(client, crew, review)
    for path in ("/api/reviews", f"/api/reviews/{review['id']}"):
        assert client.get(path).status_code == 200
        response = client.get(path, headers=DEAD)
        assert response.status_code == 401 and response.get_json()["code"] == "AUTH_ERROR"


def test_deleting_the_festival_deletes_its_reviews(app, client, crew, festival):
    made(client, crew["outsider"], festival)
    assert client.delete(f"/api/festivals/{festival['id']}",
                         headers=crew["owner"]).status_code == 204
    assert count(app, Review) == 0


OPERATIONS = {
    ("/api/articles", "get"): "listArticles", ("/api/articles", "post"): "createArticle",
    ("/api/articles/{article_id}", "get"): "getArticle",
    ("/api/articles/{article_id}", "patch"): "updateArticle",
    ("/api/articles/{article_id}", "delete"): "deleteArticle",
    ("/api/festivals", "get"): "listFestivals", ("/api/festivals", "post"): "createFestival",
    ("/api/festivals/{festival_id}", "get"): "getFestival",
    ("/api/festivals/{festival_id}", "patch"): "updateFestival",
    ("/api/festivals/{festival_id}", "delete"): "deleteFestival",
    ("/api/reviews", "get"): "listReviews", ("/api/reviews", "post"): "createReview",
    ("/api/reviews/{review_id}", "get"): "getReview",
    ("/api/reviews/{review_id}", "patch"): "updateReview",
    ("/api/reviews/{review_id}", "delete"): "deleteReview",
    ("/api/reviews/{review_id}/moderation", "post"): "moderateReview",
}


def test_operations_are_documented_with_unique_ids(client):
    spec = client.get("/api/openapi.json").get_json()
    ids = [op.get("operationId") for item in spec["paths"].values()
           for method, op in item.items() if method != "parameters" and op.get("operationId")]
    assert len(ids) == len(set(ids)) >= len(OPERATIONS)
    for (path, method), operation_id in OPERATIONS.items():
        op = spec["paths"][path][method]
        assert op["operationId"] == operation_id
        assert "404" in op["responses"] or path.count("/") == 2, (path, method)
    listed = {p["name"] for p in spec["paths"]["/api/festivals"]["get"]["parameters"]}
    assert {"status", "projectId", "phase", "from", "to", "q", "sort", "order"} <= listed
    body = spec["paths"]["/api/reviews"]["post"]["requestBody"]["content"]["application/json"]
    schema = spec["components"]["schemas"][body["schema"]["$ref"].rsplit("/", 1)[1]]
    assert set(schema["required"]) == {"festivalId", "rating", "body"}


@pytest.mark.postgres
@pytest.mark.redis
def test_an_edit_and_an_approval_at_once_on_two_processes_end_in_a_serial_order(
        make_app, start_pair, database):
    """R6: a change puts the review back to PENDING. The author's edit and a moderator's
    approval, sent at once to one process each, end as one serial order or the other would:
    the edit first (APPROVED, and the approval answered the new text) or the approval first
    (PENDING again). It ended APPROVED with a text the approval had not answered."""
    servers = start_pair()
    app = make_app(DATABASE_URL=database)  # the starting rows, in the processes' database
    tag = uuid.uuid4().hex[:12]
    author = signed_in_user(app, f"author-{tag}@example.com")
    moderator = signed_in_user(app, f"moderator-{tag}@example.com")
    project = make_project(app, f"moderator-{tag}@example.com")
    now = datetime.now(UTC)
    festival = requests.post(f"{servers[0]}/api/festivals", headers=moderator, timeout=30, json={
        "projectId": project, "name": "Fest", "status": "PUBLISHED",
        "startsAt": iso(now - timedelta(hours=1)), "endsAt": iso(now + timedelta(days=1))})
    assert festival.status_code == 201, festival.text
    outcomes = []
    for round_ in range(12):
        written = requests.post(f"{servers[0]}/api/reviews", headers=author, timeout=30, json={
            "festivalId": festival.json()["data"]["id"], "rating": 4, "body": "First text"})
        assert written.status_code == 201, written.text
        path = f"/api/reviews/{written.json()['data']['id']}"
        edited = f"Edited in round {round_}"

        def send(i, path=path, edited=edited, round_=round_):
            server = servers[(i + round_) % 2]
            if i == 0:
                return requests.patch(server + path, json={"body": edited}, headers=author,
                                      timeout=30)
            return requests.post(f"{server}{path}/moderation", json={"status": "APPROVED"},
                                 headers=moderator, timeout=30)

        edit, approval = run_at_once(2, send)
        assert (edit.status_code, approval.status_code) == (200, 200), (edit.text, approval.text)
        final = requests.get(servers[0] + path, headers=moderator, timeout=30).json()["data"]
        outcomes.append((approval.json()["data"]["body"] == edited, final["status"],
                         final["body"] == edited))
        assert requests.delete(servers[1] + path, headers=author, timeout=30).status_code == 204
    # (the approval answered the edited text, the final status, the final text is the edit)
    serial = {(True, "APPROVED", True),  # the edit, then the approval
              (False, "PENDING", True)}  # the approval, then the edit
    assert [o for o in outcomes if o not in serial] == [], outcomes
