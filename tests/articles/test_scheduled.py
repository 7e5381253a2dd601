"""Scheduled articles (extensions.md E3.2): SCHEDULED with a future publishAt, seen like a draft
until then and PUBLISHED from then on in every answer, list, filter, count, search and the
statistics at once, with no job running; a move of the one clock is all it takes."""
from datetime import timedelta

from tests import content
from tests.factories import make_project
from tests.http import iso

crew = content.crew  # the fixture


def write(client, crew, **body):
    sent = {"projectId": crew.project, "title": "Launch notes", "content": "Big news.", **body}
    return client.post("/api/articles", json=sent, headers=crew["author"])


def scheduled(client, crew, clock, hours=1, **body):
    response = write(client, crew, status="SCHEDULED",
                     publishAt=iso(clock.now + timedelta(hours=hours)), **body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def ids(client, headers=None, **params):
    body = client.get("/api/articles", query_string=params, headers=headers).get_json()
    return [a["id"] for a in body["data"]], body["meta"]["total"]


def hits(client, q, headers=None):
    return [h["id"] for h in client.get("/api/search", query_string={"q": q},
                                        headers=headers).get_json()["data"]]


def stats(client, crew):
    return client.get("/api/admin/stats", headers=crew["admin"]).get_json()["data"]["articles"]


def test_publish_at_is_required_future_and_for_scheduled_only(client, crew, clock):
    for body in ({"status": "SCHEDULED"}, {"status": "SCHEDULED", "publishAt": None},
                 {"status": "SCHEDULED", "publishAt": iso(clock.now)},
                 {"status": "SCHEDULED", "publishAt": iso(clock.now - timedelta(days=1))},
                 {"status": "DRAFT", "publishAt": iso(clock.now + timedelta(days=1))},
                 {"publishAt": iso(clock.now + timedelta(days=1))},
                 {"status": "SCHEDULED", "publishAt": "tomorrow"},
                 {"status": "SCHEDULED", "publishAt": "2030-01-01T10:00:00"}):
        response = write(client, crew, **body)
        assert response.status_code == 400, body
        assert "publishAt" in response.get_json()["details"], body
    article = scheduled(client, crew, clock)
    path = f"/api/articles/{article['id']}"
    published = client.patch(path, json={"status": "PUBLISHED", "publishAt": iso(clock.now)},
                             headers=crew["author"])
    assert published.status_code == 400 and "publishAt" in published.get_json()["details"]


def test_the_clock_publishes_it_everywhere_at_once(client, crew, clock):
    article = scheduled(client, crew, clock, hours=2)
    assert (article["status"], article["publishedAt"]) == ("SCHEDULED", None)
    assert article["publishAt"] == iso(clock.now + timedelta(hours=2))
    path = f"/api/articles/{article['id']}"
    assert client.get(path).status_code == 404  # seen like a draft
    assert client.get(path, headers=crew["outsider"]).status_code == 404
    assert client.get(path, headers=crew["member"]).get_json()["data"]["status"] == "SCHEDULED"
    assert ids(client) == ([], 0)
    assert ids(client, crew["member"], status="SCHEDULED") == ([article["id"]], 1)
    assert ids(client, crew["member"], status="PUBLISHED") == ([], 0)
    assert hits(client, "launch") == [] and hits(client, "launch", crew["member"])
    assert (stats(client, crew)["SCHEDULED"], stats(client, crew)["PUBLISHED"]) == (1, 0)

    clock.advance(hours=2)  # publishAt itself: published
    seen = client.get(path).get_json()["data"]
    assert (seen["status"], seen["publishedAt"], seen["publishAt"]) == (
        "PUBLISHED", article["publishAt"], article["publishAt"])
    assert ids(client) == ([article["id"]], 1)
    assert ids(client, status="PUBLISHED") == ([article["id"]], 1)
    assert ids(client, crew["member"], status="SCHEDULED") == ([], 0)
    assert ids(client, sort="publishedAt") == ([article["id"]], 1)
    assert hits(client, "launch") == [article["id"]]
    assert (stats(client, crew)["SCHEDULED"], stats(client, crew)["PUBLISHED"]) == (0, 1)
    # A later write stores what the clock made of it; publishAt and publishedAt are kept.
    clock.advance(hours=1)
    changed = client.patch(path, json={"title": "Launched"}, headers=crew["author"])
    body = changed.get_json()["data"]
    assert (body["status"], body["publishedAt"], body["publishAt"]) == (
        "PUBLISHED", article["publishAt"], article["publishAt"])
    assert stats(client, crew) == {"DRAFT": 0, "PUBLISHED": 1, "ARCHIVED": 0, "SCHEDULED": 0}


def test_the_anonymous_list_flips_even_when_its_page_was_kept(make_app, clock):
    app = make_app(ARTICLE_LIST_CACHE_SECONDS=60)  # a kept page would outlive the flip
    client = app.test_client()
    author = content.signed_in_user(app, "writer@example.com")
    project = make_project(app, "writer@example.com")
    sent = {"projectId": project, "title": "Soon", "content": "x", "status": "SCHEDULED",
            "publishAt": iso(clock.now + timedelta(minutes=5))}
    article = client.post("/api/articles", json=sent, headers=author).get_json()["data"]
    assert ids(client) == ([], 0)
    assert ids(client) == ([], 0)  # from the kept page
    clock.advance(minutes=5)
    assert ids(client) == ([article["id"]], 1)


def test_another_status_before_publish_at_clears_it(client, crew, clock):
    article = scheduled(client, crew, clock)
    path = f"/api/articles/{article['id']}"
    draft = client.patch(path, json={"status": "DRAFT"}, headers=crew["author"])
    assert (draft.get_json()["data"]["publishAt"], draft.get_json()["data"]["publishedAt"]) == (
        None, None)
    clock.advance(hours=2)
    assert client.get(path).status_code == 404  # not published by the old schedule
    again = client.patch(path, json={"status": "SCHEDULED",
                                     "publishAt": iso(clock.now + timedelta(hours=1))},
                         headers=crew["author"])
    assert again.status_code == 200
    clock.advance(minutes=10)
    now = client.patch(path, json={"status": "PUBLISHED"}, headers=crew["author"])
    body = now.get_json()["data"]
    assert (body["status"], body["publishedAt"], body["publishAt"]) == (
        "PUBLISHED", iso(clock.now), None)
    clock.advance(hours=1)
    # Published before: a new schedule keeps R4's first publishedAt.
    rescheduled = client.patch(path, json={"status": "SCHEDULED",
                                           "publishAt": iso(clock.now + timedelta(hours=1))},
                               headers=crew["author"]).get_json()["data"]
    assert (rescheduled["status"], rescheduled["publishedAt"]) == ("SCHEDULED",
                                                                   body["publishedAt"])
    assert client.get(path).status_code == 404
    clock.advance(hours=1)
    assert client.get(path).get_json()["data"]["publishedAt"] == body["publishedAt"]
