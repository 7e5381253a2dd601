"""R1's list rules, through GET /api/projects (and the other lists where they differ):
defaults, the limit cap, pages past the end, invalid parameters named in `details`, ties
ordered by id, unknown parameters ignored, `q` with `%` and `_`, case-insensitive text sorts."""
import pytest

from tests.factories import make_admin, make_project, user_id
from tests.http import error


@pytest.fixture
def owner(auth):
    return auth.headers("owner@example.com")


def create(client, headers, count, name="P{}"):
    return [client.post("/api/projects", headers=headers,
                        json={"name": name.format(i)}).get_json()["data"]["id"]
            for i in range(count)]


def get(client, headers, query=""):
    response = client.get(f"/api/projects{query}", headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_defaults_and_an_empty_list(client, owner):
    assert get(client, owner) == {"data": [], "meta": {"total": 0, "page": 1, "limit": 20,
                                                       "pages": 0}}


def test_defaults_page_1_limit_20_newest_first(client, owner, clock):
    ids = []
    for i in range(25):
        clock.advance(seconds=1)
        ids += create(client, owner, 1, f"P{i}")
    body = get(client, owner)
    assert body["meta"] == {"total": 25, "page": 1, "limit": 20, "pages": 2}
    assert [p["id"] for p in body["data"]] == ids[::-1][:20]
    second = get(client, owner, "?page=2")
    assert [p["id"] for p in second["data"]] == ids[::-1][20:]


def test_a_limit_above_100_is_served_as_100(client, owner, app, clock):
    for i in range(101):
        make_project(app, "owner@example.com", name=f"P{i}")
    body = get(client, owner, "?limit=150")
    assert body["meta"] == {"total": 101, "page": 1, "limit": 100, "pages": 2}
    assert len(body["data"]) == 100


def test_a_page_past_the_end_is_empty_with_the_true_meta(client, owner):
    create(client, owner, 3)
    body = get(client, owner, "?page=7&limit=2")
    assert body == {"data": [], "meta": {"total": 3, "page": 7, "limit": 2, "pages": 2}}


@pytest.mark.parametrize("name,value", [
    ("page", "0"), ("page", "-1"), ("page", "abc"), ("page", "2.5"), ("page", "1000000001"),
    ("page", ""), ("limit", "0"), ("limit", "-1"), ("limit", "abc"), ("limit", "2.5"),
    ("limit", "1000000001"), ("sort", "id"), ("sort", "CREATEDAT"), ("sort", ""),
    ("order", "up"), ("order", "DESC"), ("role", "owner"), ("role", "GUEST"),
    ("q", "a\x00b"), ("q", "x" * 201)])
def test_invalid_parameters_are_400_naming_them(client, owner, name, value):
    response = client.get("/api/projects", headers=owner, query_string={name: value})
    body = error(response, 400, "VALIDATION_ERROR")
    assert list(body["details"]) == [name]
    assert body["error"] == "Bad Request"


@pytest.mark.parametrize("url,name,value", [
    ("/api/projects/{p}/members", "role", "owner"), ("/api/projects/{p}/members", "sort", "x"),
    ("/api/projects/{p}/invitations", "status", "pending"),
    ("/api/projects/{p}/invitations", "sort", "name"),
    ("/api/invitations", "sort", "expiresAt"), ("/api/invitations", "limit", "0")])
def test_the_other_lists_name_their_invalid_parameters(client, owner, app, url, name, value):
    project = make_project(app, "owner@example.com")
    response = client.get(url.format(p=project), headers=owner, query_string={name: value})
    assert list(error(response, 400, "VALIDATION_ERROR")["details"]) == [name]


def test_the_largest_valid_page_and_limit_are_served(client, owner):
    body = get(client, owner, "?page=1000000000&limit=1000000000")
    assert body["meta"] == {"total": 0, "page": 1000000000, "limit": 100, "pages": 0}


@pytest.mark.parametrize("order", ["asc", "desc"])
@pytest.mark.parametrize("sort", ["createdAt", "updatedAt", "name"])
def test_walking_all_pages_of_equal_values_yields_each_item_once(client, owner, clock, order,
                                                                 sort):
    # The clock stands still: all 57 share createdAt and updatedAt (and their name).
    ids = create(client, owner, 57, name="Same")
    seen = []
    for page in range(1, 8):
        body = get(client, owner, f"?sort={sort}&order={order}&limit=10&page={page}")
        assert body["meta"] == {"total": 57, "page": page, "limit": 10, "pages": 6}
        seen += [p["id"] for p in body["data"]]
    assert len(seen) == 57 and set(seen) == set(ids)
    assert seen == sorted(ids, reverse=order == "desc")  # ties go by id, in the order's way


def test_unknown_query_parameters_are_ignored(client, owner):
    create(client, owner, 2)
    body = get(client, owner, "?foo=bar&page=1&limit=5&data=x&meta=y&sort=createdAt&x[]=1")
    assert body["meta"]["total"] == 2


def test_q_is_a_case_insensitive_substring_with_plain_percent_and_underscore(client, owner):
    create(client, owner, 1, "100% Pure")
    create(client, owner, 1, "1000 Pure")
    create(client, owner, 1, "snake_case")
    create(client, owner, 1, "snakeXcase")
    create(client, owner, 1, r"back\slash")
    create(client, owner, 1, "either/or")

    def names(q):
        body = client.get("/api/projects", headers=owner, query_string={"q": q}).get_json()
        return sorted(p["name"] for p in body["data"])

    assert names("0%") == ["100% Pure"]
    assert names("E_C") == ["snake_case"]
    assert names("pure") == ["100% Pure", "1000 Pure"]
    assert names("%") == ["100% Pure"]
    assert names("_") == ["snake_case"]
    assert names("\\") == ["back\\slash"]
    assert names("/") == ["either/or"]  # SQLAlchemy's escape character, as plain as the others
    assert names("R/O") == ["either/or"]
    assert names("nothing") == []


def test_name_sorts_case_insensitively(client, owner):
    for name in ("banana", "Apple", "cherry", "apricot", "Blueberry"):
        create(client, owner, 1, name)
    body = get(client, owner, "?sort=name&order=asc")
    assert [p["name"] for p in body["data"]] == ["Apple", "apricot", "banana", "Blueberry",
                                                 "cherry"]
    body = get(client, owner, "?sort=name&order=desc")
    assert [p["name"] for p in body["data"]] == ["cherry", "Blueberry", "banana", "apricot",
                                                 "Apple"]


def test_role_filter_and_a_list_shows_only_the_callers_projects(app, client, auth, owner):
    other = auth.headers("other@example.com")
    mine = create(client, owner, 2)
    theirs = make_project(app, "other@example.com", members=["owner@example.com"])
    make_project(app, "other@example.com")  # not mine at all
    body = get(client, owner)
    assert body["meta"]["total"] == 3
    owned = get(client, owner, "?role=OWNER")
    assert sorted(p["id"] for p in owned["data"]) == sorted(mine)
    member = get(client, owner, "?role=MEMBER")
    assert [(p["id"], p["role"], p["memberCount"]) for p in member["data"]] == [
        (theirs, "member", 2)]
    assert get(client, other)["meta"]["total"] == 2


def test_an_admin_lists_only_its_own_projects_here(app, client, auth, owner):
    admin = auth.headers("admin@example.com")
    make_admin(app, "admin@example.com")
    create(client, owner, 3)
    assert get(client, admin)["meta"]["total"] == 0


def test_the_admin_listing_service_lists_every_project(app, client, auth, clock):
    """sections.projects.service.all_projects_page serves GET /api/admin/projects (R8,
    wired by the administration section): every project, filters q and ownerId, sorts
    createdAt and name, `role` the admin's own or null."""
    from core import policy as policies
    from sections.projects import service as projects

    auth.sign_up("admin@example.com")
    auth.sign_up("bob@example.com")
    auth.sign_up("carol@example.com")
    make_admin(app, "admin@example.com")
    ids = {}
    for owner, name in (("bob@example.com", "Zeta_1"), ("carol@example.com", "alpha%"),
                        ("admin@example.com", "Mid"), ("bob@example.com", "beta")):
        clock.advance(seconds=1)
        ids[name] = make_project(app, owner, name=name)
    with app.test_request_context():
        admin = policies.Caller(user_id(app, "admin@example.com"), "admin",
                                "admin@example.com", True)

        def listed(**args):
            args = {"page": 1, "limit": 20, "sort": "createdAt", "order": "desc", **args}
            page = projects.all_projects_page(admin, args)
            return [(p.name, p.role) for p in page.items], page.total

        assert listed() == ([("beta", None), ("Mid", "owner"), ("alpha%", None),
                             ("Zeta_1", None)], 4)
        assert listed(sort="name", order="asc")[0] == [
            ("alpha%", None), ("beta", None), ("Mid", "owner"), ("Zeta_1", None)]
        assert listed(q="A%") == ([("alpha%", None)], 1)
        assert listed(q="_") == ([("Zeta_1", None)], 1)
        bob = user_id(app, "bob@example.com")
        assert listed(ownerId=bob) == ([("beta", None), ("Zeta_1", None)], 2)
        assert listed(ownerId=bob, q="bet", sort="name") == ([("beta", None)], 1)
        assert listed(ownerId="nobody") == ([], 0)
        [first] = projects.all_projects_page(admin, {"page": 1, "limit": 1, "sort": "name",
                                                     "order": "asc"}).items
        row = projects.answer(first, admin)
        assert row["owner"]["email"] == "carol@example.com" and row["memberCount"] == 1
