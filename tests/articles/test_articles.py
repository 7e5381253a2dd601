"""Blog articles through HTTP (resources.md R4)."""
import pytest
import requests

from sections.articles.models import Article, ArticleTag
from tests import content
from tests.content import BAD_BODIES, DEAD, walk
from tests.factories import count, make_project
from tests.parallel import run_at_once

crew = content.crew  # the fixture


def post(client, crew, role="author", **body):
    body = {"projectId": crew.project, "title": "Hello", "content": "Body", **body}
    return client.post("/api/articles", json=body, headers=crew[role])


def made(client, crew, role="author", **body):
    response = post(client, crew, role, **body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def test_an_article_is_created_with_its_defaults(client, crew):
    response = post(client, crew, title="  Crème Brûlée à Paris!  ", content="  # Hi\n")
    assert response.status_code == 201
    article = response.get_json()["data"]
    assert article["title"] == "Crème Brûlée à Paris!"
    assert article["slug"] == "creme-brulee-a-paris"
    assert article["content"] == "  # Hi\n"  # stored exactly as sent
    assert (article["status"], article["tags"], article["excerpt"]) == ("DRAFT", [], None)
    assert article["publishedAt"] is None
    assert article["projectId"] == crew.project
    assert article["author"] == {"id": crew.ids["author"], "name": None, "image": None,
                                 "email": "author@example.com"}
    assert article["createdAt"].endswith("Z") and article["updatedAt"] == article["createdAt"]


@pytest.mark.parametrize("title, slug", [
    ("Crème Brûlée à Paris!", "creme-brulee-a-paris"),
    ("Straße nach Øresund, Æble & Œuvre", "strasse-nach-oresund-aeble-oeuvre"),
    ("  --Hello__World--  ", "hello-world"),
    ("!!! ???", "untitled"),
    ("日本語", "untitled"),
])
def test_slugs_are_made_from_the_title(client, crew, title, slug):
    assert made(client, crew, title=title)["slug"] == slug


def test_taken_slugs_get_suffixes_per_project(app, client, crew):
    assert [made(client, crew, title="Same Title")["slug"] for _ in range(3)] == [
        "same-title", "same-title-2", "same-title-3"]
    second = make_project(app, "owner@example.com", name="Second")
    body = {"projectId": second, "title": "Same Title", "content": "x"}
    again = client.post("/api/articles", json=body, headers=crew["owner"]).get_json()["data"]
    assert again["slug"] == "same-title"  # unique within a project only


def test_a_long_title_leaves_room_for_a_suffix(client, crew):
    first = made(client, crew, title="a" * 200)["slug"]
    second = made(client, crew, title="a" * 200)["slug"]
    assert len(first) <= 190 and second == first + "-2" and len(second) <= 200


def test_explicit_slugs_are_checked_and_kept(client, crew):
    article = made(client, crew, slug="my-post")
    assert article["slug"] == "my-post"
    taken = post(client, crew, slug="my-post")
    assert taken.status_code == 409 and taken.get_json()["code"] == "CONFLICT"
    other = made(client, crew, title="Other")
    response = client.patch(f"/api/articles/{other['id']}", json={"slug": "my-post"},
                            headers=crew["author"])
    assert response.status_code == 409
    renamed = client.patch(f"/api/articles/{other['id']}", json={"title": "Renamed"},
                           headers=crew["author"]).get_json()["data"]
    assert renamed["slug"] == "other"  # a PATCH of the title keeps the slug
    moved = client.patch(f"/api/articles/{other['id']}", json={"slug": "new-place"},
                         headers=crew["author"]).get_json()["data"]
    assert moved["slug"] == "new-place"


def test_concurrent_creations_with_one_title_get_distinct_slugs(app, crew, live_server):
    def create(_):
        body = {"projectId": crew.project, "title": "Race", "content": "x"}
        return requests.post(f"{live_server}/api/articles", json=body,
                             headers=crew["author"], timeout=30)

    results = run_at_once(6, create)
    statuses = sorted(r.status_code for r in results)
    assert set(statuses) <= {201, 409}, [r.text for r in results]
    slugs = [r.json()["data"]["slug"] for r in results if r.status_code == 201]
    assert len(slugs) == len(set(slugs)) >= 1
    assert count(app, Article) == len(slugs)


def test_tags_are_trimmed_lower_cased_and_merged(client, crew):
    tags = [" Rust ", "rust", "PYTHON", "go", "Go"] + [f"t{i}" for i in range(7)]
    article = made(client, crew, tags=tags)
    assert article["tags"] == ["rust", "python", "go"] + [f"t{i}" for i in range(7)]
    changed = client.patch(f"/api/articles/{article['id']}", json={"tags": ["Z", "a"]},
                           headers=crew["author"]).get_json()["data"]
    assert changed["tags"] == ["z", "a"]
    listed = client.get("/api/articles?tag=Z", headers=crew["member"]).get_json()
    assert [a["id"] for a in listed["data"]] == [article["id"]]
    assert client.get("/api/articles?tag=rust", headers=crew["member"]).get_json()["data"] == []


def test_published_at_is_set_once(client, crew, clock):
    article = made(client, crew)
    path = f"/api/articles/{article['id']}"

    def to(status):
        response = client.patch(path, json={"status": status}, headers=crew["author"])
        assert response.status_code == 200
        return response.get_json()["data"]

    first = to("PUBLISHED")["publishedAt"]
    assert first is not None
    clock.advance(hours=1)
    assert to("ARCHIVED")["publishedAt"] == first
    assert to("DRAFT")["publishedAt"] == first
    clock.advance(hours=1)
    again = to("PUBLISHED")
    assert again["publishedAt"] == first and again["updatedAt"] > first
    assert made(client, crew, status="PUBLISHED")["publishedAt"] is not None
    assert made(client, crew, status="ARCHIVED")["publishedAt"] is None


# role -> status of GET, PATCH, DELETE on a DRAFT and on a PUBLISHED article by "author".
EXPECTED = {
    "anonymous": {"DRAFT": (404, 401, 401), "PUBLISHED": (200, 401, 401)},
    "outsider": {"DRAFT": (404, 404, 404), "PUBLISHED": (200, 403, 403)},
    "member": {"DRAFT": (200, 403, 403), "PUBLISHED": (200, 403, 403)},
    "author": {"DRAFT": (200, 200, 204), "PUBLISHED": (200, 200, 204)},
    "owner": {"DRAFT": (200, 200, 204), "PUBLISHED": (200, 200, 204)},
    "admin": {"DRAFT": (200, 200, 204), "PUBLISHED": (200, 200, 204)},
}


@pytest.mark.parametrize("role", list(EXPECTED))
@pytest.mark.parametrize("status", ["DRAFT", "PUBLISHED", "ARCHIVED"])
def test_who_sees_and_changes_an_article(app, client, crew, role, status):
    article = made(client, crew, status=status)
    path = f"/api/articles/{article['id']}"
    get, patch, remove = EXPECTED[role]["PUBLISHED" if status == "PUBLISHED" else "DRAFT"]
    assert client.get(path, headers=crew[role]).status_code == get
    # An invalid body changes nothing about the order: 401, 404, 403 come first.
    bad = client.patch(path, json={"title": ""}, headers=crew[role])
    assert bad.status_code == (patch if patch != 200 else 400)
    response = client.patch(path, json={"title": "Changed"}, headers=crew[role])
    assert response.status_code == patch
    assert client.delete(path, headers=crew[role]).status_code == remove
    assert count(app, Article) == (0 if remove == 204 else 1)
    listed = client.get("/api/articles", headers=crew[role]).get_json()
    assert listed["meta"]["total"] == (1 if get == 200 and remove != 204 else 0)


def test_rights_from_the_project_end_with_membership(client, crew):
    draft = made(client, crew)
    public = made(client, crew, title="Public", status="PUBLISHED")
    crew.leave("author")
    assert client.get(f"/api/articles/{draft['id']}", headers=crew["author"]).status_code == 404
    response = client.patch(f"/api/articles/{public['id']}", json={"title": "x"},
                            headers=crew["author"])
    assert response.status_code == 403


def test_embedded_author_email_and_deleted_author(client, crew):
    article = made(client, crew, status="PUBLISHED")
    path = f"/api/articles/{article['id']}"
    for role, shown in [("anonymous", False), ("outsider", False), ("member", True),
                        ("admin", True), ("author", True)]:
        author = client.get(path, headers=crew[role]).get_json()["data"]["author"]
        assert ("email" in author) is shown, role
        listed = client.get("/api/articles", headers=crew[role]).get_json()["data"][0]
        assert ("email" in listed["author"]) is shown, role
    crew.delete_user("author")
    assert client.get(path).get_json()["data"]["author"] is None


def test_creation_needs_a_visible_project(client, crew):
    other = {"projectId": "f" * 32, "title": "x", "content": "x"}
    assert client.post("/api/articles", json=other, headers=crew["author"]).status_code == 404
    body = {"projectId": crew.project, "title": "x", "content": "x"}
    response = client.post("/api/articles", json=body, headers=crew["outsider"])
    assert response.status_code == 404 and response.get_json()["code"] == "NOT_FOUND"
    # 404 for the project comes before 400 for the rest of the body; a wrong type is 400.
    bad = {"projectId": crew.project, "title": ""}
    assert client.post("/api/articles", json=bad, headers=crew["outsider"]).status_code == 404
    wrong = {"projectId": 5, "title": "x", "content": "x"}
    assert client.post("/api/articles", json=wrong, headers=crew["author"]).status_code == 400
    assert client.post("/api/articles", json=bad).status_code == 401
    assert made(client, crew, "admin")["author"]["id"] == crew.ids["admin"]


BAD_FIELDS = [
    {"title": ""}, {"title": "   "}, {"title": "x" * 201}, {"title": 5}, {"title": None},
    {"title": "a\x00b"}, {"content": "x" * 100_001}, {"content": 5}, {"content": None},
    {"content": "a\x00"}, {"content": "   "}, {"excerpt": "x" * 501}, {"excerpt": ["x"]},
    {"slug": "Bad Slug"}, {"slug": "a--b"}, {"slug": "-a"}, {"slug": "a" * 201}, {"slug": 5},
    {"status": "published"}, {"status": "DELETED"}, {"tags": [f"t{i}" for i in range(11)]},
    {"tags": ["x" * 31]}, {"tags": [""]}, {"tags": "x"}, {"tags": [5]}, {"tags": ["a\x00"]},
]


@pytest.mark.parametrize("fields", BAD_FIELDS)
def test_bad_input_is_refused_and_nothing_is_written(app, client, crew, fields):
    response = post(client, crew, **fields)
    assert response.status_code == 400, fields
    body = response.get_json()
    assert body["code"] == "VALIDATION_ERROR" and set(body["details"]) == set(fields)
    assert count(app, Article) == 0 and count(app, ArticleTag) == 0
    article = made(client, crew, title="Kept", tags=["keep"])
    if "title" not in fields:  # a PATCH with one valid and one invalid field applies neither
        fields = {**fields, "title": "Changed"}
    response = client.patch(f"/api/articles/{article['id']}", json=fields,
                            headers=crew["author"])
    assert response.status_code == 400
    kept = client.get(f"/api/articles/{article['id']}", headers=crew["author"]).get_json()
    assert kept["data"] == article


def within_the_hang_guard(send):
    """`send()`, with pytest-timeout's failure reported without its traceback: it is raised
    where the work hung, in a frame that Python 3.11 can leave without a line number, which
    pytest cannot print (an INTERNALERROR that would end the whole run)."""
    try:
        return send()
    except pytest.fail.Exception as timeout:
        message = str(timeout)
    pytest.fail(message, pytrace=False)


# The timeout is a hang guard, not a timing assertion: merging 100,000 distinct tags by
# searching a list took minutes of CPU before its 400.
@pytest.mark.timeout(20)
def test_a_hundred_thousand_tags_are_refused_without_reading_them_all(app, client, crew):
    tags = [f"t{i:05d}" for i in range(100_000)]  # about 900 KB, under the 1 MiB cap
    refused = {"code": "VALIDATION_ERROR", "details": {"tags": ["At most 10 different tags."]}}
    response = within_the_hang_guard(lambda: post(client, crew, tags=tags))
    assert response.status_code == 400
    assert response.get_json().items() >= refused.items()
    assert count(app, Article) == 0 and count(app, ArticleTag) == 0
    article = made(client, crew, tags=["keep"])
    response = within_the_hang_guard(lambda: client.patch(
        f"/api/articles/{article['id']}", json={"tags": tags}, headers=crew["author"]))
    assert response.status_code == 400
    assert response.get_json().items() >= refused.items()
    kept = client.get(f"/api/articles/{article['id']}", headers=crew["author"]).get_json()
    assert kept["data"] == article


def test_limits_are_inclusive_and_empty_optional_text_is_null(client, crew):
    article = made(client, crew, title="x" * 200, content="y" * 100_000, excerpt="  ",
                   tags=[f"{i:030d}" for i in range(10)], slug="a" * 200)
    assert article["excerpt"] is None and len(article["content"]) == 100_000
    changed = client.patch(f"/api/articles/{article['id']}", json={"excerpt": "Short"},
                           headers=crew["author"]).get_json()["data"]
    assert changed["excerpt"] == "Short"
    cleared = client.patch(f"/api/articles/{article['id']}", json={"excerpt": None},
                           headers=crew["author"]).get_json()["data"]
    assert cleared["excerpt"] is None


@pytest.mark.parametrize("body", BAD_BODIES)
def test_a_body_that_is_not_an_object_is_400(app, client, crew, body):
    response = client.post("/api/articles", json=body, headers=crew["author"])
    assert response.status_code == 400 and response.get_json()["code"] == "VALIDATION_ERROR"
    assert count(app, Article) == 0


def test_project_id_and_read_only_fields_are_ignored_in_a_patch(client, crew):
    article = made(client, crew)
    response = client.patch(f"/api/articles/{article['id']}", json={
        "projectId": "f" * 32, "id": "x", "publishedAt": "2020-01-01T00:00:00Z",
        "author": None, "title": "New"}, headers=crew["author"])
    changed = response.get_json()["data"]
    assert (changed["projectId"], changed["id"]) == (crew.project, article["id"])
    assert changed["publishedAt"] is None and changed["author"] == article["author"]


def test_lists_filter_sort_and_page(client, crew, clock):
    ids = {}
    for i in range(12):
        clock.advance(seconds=1)
        status = "PUBLISHED" if i % 3 else "DRAFT"
        role = "author" if i % 2 else "member"
        article = made(client, crew, role, title=f"{'ab'[i % 2]}Title {i:02d} 100%",
                       status=status, tags=["even" if i % 2 == 0 else "odd"])
        ids[i] = article["id"]
    public = walk(client, "/api/articles?status=PUBLISHED&sort=createdAt&order=asc")
    assert [a["id"] for a in public] == [ids[i] for i in range(12) if i % 3]
    assert walk(client, "/api/articles") == walk(client, "/api/articles?status=PUBLISHED")[::1]
    mine = walk(client, f"/api/articles?authorId={crew.ids['author']}&tag=odd",
                headers=crew["member"])
    assert {a["id"] for a in mine} == {ids[i] for i in range(12) if i % 2}
    drafts = walk(client, f"/api/articles?status=DRAFT&projectId={crew.project}",
                  headers=crew["owner"])
    assert len(drafts) == 4
    by_title = walk(client, "/api/articles?sort=title&order=asc", headers=crew["member"])
    assert [a["title"].lower() for a in by_title] == sorted(a["title"].lower() for a in by_title)
    published = walk(client, "/api/articles?sort=publishedAt&order=desc", headers=crew["member"])
    assert [a["publishedAt"] for a in published][-4:] == [None] * 4  # nulls last
    assert len(walk(client, "/api/articles?q=0%25", headers=crew["member"])) == 12
    assert walk(client, "/api/articles?q=_", headers=crew["member"]) == []
    found = client.get(f"/api/articles?slug={public[0]['slug']}").get_json()["data"]
    assert [a["id"] for a in found] == [public[0]["id"]]
    updated = walk(client, "/api/articles?sort=updatedAt", headers=crew["member"])
    assert [a["id"] for a in updated] == [ids[i] for i in reversed(range(12))]
    past = client.get("/api/articles?page=9").get_json()
    assert past["data"] == [] and past["meta"]["total"] == 8 and past["meta"]["pages"] == 1


@pytest.mark.parametrize("query, field", [
    ("sort=name", "sort"), ("order=up", "order"), ("status=published", "status"),
    ("page=0", "page"), ("limit=x", "limit"), ("tag=" + "x" * 31, "tag"),
])
def test_bad_list_queries_are_400(client, query, field):
    response = client.get(f"/api/articles?{query}")
    assert response.status_code == 400 and field in response.get_json()["details"]


def test_a_dead_bearer_is_401_on_public_reads(client, crew):
    article = made(client, crew, status="PUBLISHED")
    for path in ("/api/articles", f"/api/articles/{article['id']}"):
        assert client.get(path).status_code == 200
        response = client.get(path, headers=DEAD)
        assert response.status_code == 401 and response.get_json()["code"] == "AUTH_ERROR"


def test_an_unknown_id_is_404(client, crew):
    for method in ("get", "patch", "delete"):
        response = getattr(client, method)("/api/articles/nothing", json={},
                                           headers=crew["admin"])
        assert response.status_code == 404


def test_anonymous_pages_follow_every_write_of_this_process(client, crew):
    """The anonymous list is kept for a moment (perf/answer_cache.py); a write drops it."""
    article = made(client, crew, status="PUBLISHED", title="First")
    assert [a["title"] for a in client.get("/api/articles").get_json()["data"]] == ["First"]
    client.patch(f"/api/articles/{article['id']}", json={"title": "Second"},
                 headers=crew["author"])
    assert [a["title"] for a in client.get("/api/articles").get_json()["data"]] == ["Second"]
    draft = made(client, crew, title="Draft")
    assert client.get("/api/articles").get_json()["meta"]["total"] == 1
    member_view = client.get("/api/articles", headers=crew["member"]).get_json()
    assert {a["id"] for a in member_view["data"]} == {article["id"], draft["id"]}
    client.delete(f"/api/articles/{article['id']}", headers=crew["author"])
    assert client.get("/api/articles").get_json()["data"] == []


@pytest.mark.parametrize("bad_id", ["a\x00b", "\udc80", "x" * 65])
def test_ids_no_table_could_hold_are_404_or_400(app, client, crew, bad_id):
    body = {"projectId": bad_id, "title": "x", "content": "x"}
    assert client.post("/api/articles", json=body, headers=crew["author"]).status_code == 400
    review = {"festivalId": bad_id, "rating": 3, "body": "x"}
    assert client.post("/api/reviews", json=review, headers=crew["author"]).status_code == 400
    from urllib.parse import quote
    path = quote(bad_id.encode("utf-8", "surrogatepass"), safe="")
    for kind in ("articles", "festivals", "reviews"):
        assert client.get(f"/api/{kind}/{path}").status_code == 404
    assert count(app, Article) == 0
