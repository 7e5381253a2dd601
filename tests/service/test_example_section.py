"""The example section (tests/example_section, docs/contributing.md): a folder plus one line
gives a working section, through the same pipeline, policy, lists and errors as the others."""
from tests import conftest

SECTIONS = (*conftest.SECTIONS, "tests.example_section")  # the run's (some may be left out)


def test_a_section_is_a_folder_plus_one_line(make_app, smtp_sink):
    from tests.conftest import AuthActions

    app = make_app(SECTIONS=SECTIONS)
    client = app.test_client()
    auth = AuthActions(client, smtp_sink[0])
    ada, bob = auth.headers("ada@example.com"), auth.headers("bob@example.com")

    assert client.get("/api/bookmarks").status_code == 401
    created = client.post("/api/bookmarks", headers=ada,
                          json={"url": "https://example.com/a", "title": "  A  "})
    assert created.status_code == 201, created.get_json()
    bookmark = created.get_json()["data"]
    assert bookmark["title"] == "A" and bookmark["createdAt"].endswith("Z")
    path = f"/api/bookmarks/{bookmark['id']}"

    # R1's order whatever the decorators' order: 401, then 404 (not the owner), then 400.
    assert client.delete(path).status_code == 401
    assert client.delete(path, headers=bob).status_code == 404
    assert client.patch(path, headers=bob, json={"title": 5}).status_code == 404
    assert client.patch(path, headers=ada, json={"title": 5}).status_code == 400
    assert client.patch("/api/bookmarks/%00", headers=ada, json={}).status_code == 404

    renamed = client.patch(path, headers=ada, json={"title": "B"})
    assert renamed.get_json()["data"]["title"] == "B"
    listed = client.get("/api/bookmarks", headers=ada).get_json()
    assert [b["title"] for b in listed["data"]] == ["B"] and listed["meta"]["total"] == 1
    assert client.get("/api/bookmarks", headers=bob).get_json()["meta"]["total"] == 0

    spec = client.get("/api/openapi.json").get_json()
    assert "/api/bookmarks/{bookmark_id}" in spec["paths"]
    assert client.delete(path, headers=ada).status_code == 204
    assert client.delete(path, headers=ada).status_code == 404


def test_the_service_runs_without_it(client):
    assert client.get("/api/bookmarks").status_code == 404
