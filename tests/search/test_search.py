"""Search (extensions.md E3.1): words with accents and case folded, the last one a prefix;
visibility exactly as the lists'; the index kept in the writing transaction; any query text a
plain search (never an engine error)."""
from urllib.parse import quote

import pytest

from tests import content

crew = content.crew  # the fixture

FESTIVAL = {"name": "Crème Brûlée Festival", "startsAt": "2030-07-01T18:00:00Z",
            "endsAt": "2030-07-03T23:00:00Z", "location": "Lyon, Place Bellecour",
            "description": "Desserts and music by the river.", "status": "PUBLISHED"}


def article(client, crew, headers=None, **body):
    sent = {"projectId": crew.project, "title": "Hello", "content": "Body text.", **body}
    response = client.post("/api/articles", json=sent, headers=headers or crew["author"])
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def festival(client, crew, **body):
    sent = {"projectId": crew.project, **FESTIVAL, **body}
    response = client.post("/api/festivals", json=sent, headers=crew["member"])
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def search(client, q, headers=None, **params):
    response = client.get("/api/search", query_string={"q": q, **params}, headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def found(client, q, headers=None, **params):
    return [(hit["type"], hit["id"]) for hit in search(client, q, headers, **params)["data"]]


def test_words_fold_case_and_accents_and_the_last_is_a_prefix(client, crew):
    fest = festival(client, crew)
    hit = ("festival", fest["id"])
    for q in ("creme brulee", "CRÈME", "brûlée festi", "lyon", "bellecour", "riv"):
        assert found(client, q) == [hit], q
    for q in ("crem brulee", "festi creme", "creme nowhere", "lyonnais"):
        assert found(client, q) == [], q  # only the last word may be a prefix
    body = search(client, "desserts")
    assert body["data"] == [{"type": "festival", "id": fest["id"], "title": fest["name"],
                             "snippet": FESTIVAL["description"], "projectId": crew.project}]
    assert body["meta"] == {"total": 1, "page": 1, "limit": 20, "pages": 1}


@pytest.mark.sections("articles")
def test_hits_span_kinds_by_relevance_with_a_type_filter(client, crew):
    titled = article(client, crew, title="Jazz night", content="An evening.", status="PUBLISHED")
    inside = article(client, crew, title="Other", content="Some jazz somewhere in a long text "
                     "that talks of many other things.", status="PUBLISHED")
    fest = festival(client, crew, name="Jazz à Vienne")
    hits = found(client, "jazz")
    assert set(hits) == {("article", titled["id"]), ("article", inside["id"]),
                         ("festival", fest["id"])}
    assert hits[-1] == ("article", inside["id"])  # a title weighs more than the body
    assert found(client, "jazz", type="festival") == [("festival", fest["id"])]
    assert found(client, "jazz", sort="title", order="asc") == hits  # ignored
    snippet = search(client, "somewhere", type="article")["data"][0]["snippet"]
    assert snippet == "Some jazz somewhere in a long text that talks of many other things."
    assert search(client, "jazz night")["data"][0]["snippet"] == "Jazz night"  # title only


@pytest.mark.sections("articles")
def test_a_long_field_gives_200_characters_from_before_the_match(client, crew):
    content = "word " * 100 + "needle " + "tail " * 100
    made = article(client, crew, content=content, status="PUBLISHED", tags=["Tagged"])
    snippet = search(client, "needle")["data"][0]["snippet"]
    assert len(snippet) == 200 and "needle" in snippet and snippet.startswith("word ")
    assert snippet.index("needle") <= 45
    assert found(client, "tagged") == [("article", made["id"])]


@pytest.mark.sections("articles")
def test_visibility_is_the_lists(client, crew):
    draft = article(client, crew, title="Secret plan", tags=["plan"])
    public = article(client, crew, title="Public plan", status="PUBLISHED")
    fest_draft = festival(client, crew, name="Hidden plan fest", status="DRAFT")
    for role, expected in (("anonymous", {public["id"]}), ("outsider", {public["id"]}),
                           ("member", {public["id"], draft["id"], fest_draft["id"]}),
                           ("admin", {public["id"], draft["id"], fest_draft["id"]})):
        body = search(client, "plan", crew[role])
        assert {hit["id"] for hit in body["data"]} == expected, role
        assert body["meta"]["total"] == len(expected)
    # A change of status shows at once, as in the list.
    client.patch(f"/api/articles/{draft['id']}", json={"status": "PUBLISHED"},
                 headers=crew["author"])
    assert ("article", draft["id"]) in found(client, "secret")


def ticket(client, headers, **body):
    sent = {"subject": "Printer broken", "description": "It jams on page two.", **body}
    response = client.post("/api/tickets", json=sent, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def comment(client, ticket_id, headers, body, internal=False):
    response = client.post(f"/api/tickets/{ticket_id}/comments",
                           json={"body": body, "internal": internal}, headers=headers)
    assert response.status_code == 201, response.get_json()


@pytest.mark.sections("tickets")
def test_tickets_with_a_bearer_and_internal_comments_for_the_staff_only(client, crew):
    opened = ticket(client, crew["outsider"])
    comment(client, opened["id"], crew["admin"], "Known firmware fault", internal=True)
    comment(client, opened["id"], crew["admin"], "Try a reboot please")
    hit = ("ticket", opened["id"])
    assert found(client, "printer", crew["outsider"]) == [hit]
    assert found(client, "printer") == []  # no bearer: no tickets
    assert search(client, "printer", type="ticket")["meta"] == {"total": 0, "page": 1,
                                                                "limit": 20, "pages": 0}
    assert found(client, "printer", crew["member"]) == []  # not the requester
    assert found(client, "reboot", crew["outsider"]) == [hit]
    assert found(client, "firmware", crew["outsider"]) == []
    assert search(client, "firmware", crew["outsider"])["meta"]["total"] == 0
    assert found(client, "firmware", crew["admin"]) == [hit]
    assert found(client, "printer firmware", crew["admin"]) == [hit]  # words over fields
    body = search(client, "firmware", crew["admin"])["data"][0]
    assert (body["title"], body["snippet"], body["projectId"]) == (
        "Printer broken", "Known firmware fault", None)
    assert found(client, "jams page", crew["outsider"], type="ticket") == [hit]


@pytest.mark.sections("articles")
def test_writes_show_at_once_and_deletions_disappear(client, crew):
    made = article(client, crew, title="Ephemeral", status="PUBLISHED")
    assert found(client, "ephemeral")
    client.patch(f"/api/articles/{made['id']}", json={"title": "Lasting"},
                 headers=crew["author"])
    assert found(client, "ephemeral") == [] and found(client, "lasting")
    assert client.delete(f"/api/articles/{made['id']}",
                         headers=crew["author"]).status_code == 204
    assert found(client, "lasting") == []
    fest = festival(client, crew)
    assert client.delete(f"/api/festivals/{fest['id']}", headers=crew["owner"]).status_code == 204
    assert found(client, "creme") == []


# Each query is its words: operators of either engine's syntax are punctuation or plain words
# ("Crème Brûlée Festival", "Desserts and music by the river.", "Lyon, Place Bellecour").
OPERATORS = [('"unbalanced', False), ("crème*", True), ("-creme", True),
             ("creme -brulee", True), ("NEAR(creme brulee)", False), ("creme AND brulee", True),
             ("creme OR brulee", False), ("NOT creme", False), ("name:creme", False),
             ("creme:*", True), ("creme & brulee", True), ("creme | lyon", True),
             ("!creme", True), ("(creme)", True), ("creme)", True), ("creme^2", False),
             ("{creme}", True), ("creme brulee' OR 1=1 --", False), ('"creme" "lyon"', True),
             ("creme NEAR/2 lyon", False), ("a" * 200, False), ("lyon, place-bellecour!", True)]


@pytest.mark.parametrize(("q", "hit"), OPERATORS)
def test_operators_and_punctuation_are_plain_words(client, crew, q, hit):
    fest = festival(client, crew)
    assert found(client, q) == ([("festival", fest["id"])] if hit else [])


BAD = [quote(q) for q in ("", "   ", "!!!", '"', "((", "*", "%_", "🎉" * 200, "-", "a" * 201,
                          "x\x00y")]


@pytest.mark.parametrize("q", BAD)
def test_a_query_without_a_word_or_too_long_is_400(client, q):
    response = client.get(f"/api/search?q={q}")
    assert response.status_code == 400, q
    body = response.get_json()
    assert body["code"] == "VALIDATION_ERROR" and "q" in body["details"], body


def test_missing_q_and_bad_type_are_400(client):
    assert "q" in client.get("/api/search").get_json()["details"]
    bad = client.get("/api/search?q=x&type=ARTICLE")
    assert bad.status_code == 400 and "type" in bad.get_json()["details"]
