"""SCIM filters (extensions.md E4.3): parsed, then run as SQL on the indexed attributes; every
operator, `and or not` and parentheses; bad filters are 400 invalidFilter, never a 500."""
import pytest

from tests.scim.scim import ERROR, GROUP_SCHEMA, directory, scim, user_body

PEOPLE = [
    ("alice@example.com", {"externalId": "A-1", "displayName": "Alice Liddell",
                           "emails": [{"value": "alice@example.com", "type": "work"}]}),
    ("bob@example.org", {"externalId": "B-2", "displayName": "Bob Builder", "active": False,
                         "emails": [{"value": "bob@work.example.org", "type": "work"},
                                    {"value": "bob@home.example", "type": "home"}]}),
    ("carol", {"displayName": "Carol"}),
]


@pytest.fixture
def people(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    ids = {}
    for user_name, more in PEOPLE:
        answer = scim(client, "POST", "/Users", token, user_body(user_name, **more))
        assert answer.status_code == 201, answer.get_json()
        ids[user_name] = answer.get_json()
    return token, ids


def found(client, token, expression):
    answer = scim(client, "GET", "/Users", token, query_string={"filter": expression})
    assert answer.status_code == 200, answer.get_json()
    return sorted(item["userName"] for item in answer.get_json()["Resources"])


def test_operators_on_the_indexed_attributes(client, people):
    token, ids = people
    alice, bob, carol = "alice@example.com", "bob@example.org", "carol"
    cases = {
        'userName eq "ALICE@example.com"': [alice],
        'userName ne "carol"': [alice, bob],
        'userName co "example"': [alice, bob],
        'userName sw "bo"': [bob],
        'userName ew ".org"': [bob],
        'userName gt "b"': [bob, carol],
        'userName ge "bob@example.org"': [bob, carol],
        'userName lt "b"': [alice],
        'userName le "bob@example.org"': [alice, bob],
        'externalId pr': [alice, bob],
        'externalId eq "A-1"': [alice],
        'externalId eq "a-1"': [],
        'displayName co "build"': [bob],
        f'id eq "{ids[carol]["id"]}"': [carol],
        'emails.value eq "BOB@home.example"': [bob],
        'emails co "work.example"': [bob],
        'emails[value ew "example.com"]': [alice],
        'emails pr': [alice, bob],
        'active eq false': [bob],
        'active eq true': [alice, carol],
        'not (active eq false)': [alice, carol],
        'not (externalId eq "A-1")': [bob, carol],
        'not (externalId sw "B") and not (displayName co "o")': [alice],
        'not (externalId gt "A")': [carol],
        'userName sw "a" or (displayName eq "carol" and not (externalId pr))': [alice, carol],
        f'meta.lastModified ge "{ids[alice]["meta"]["lastModified"]}"': [alice, bob, carol],
        'meta.lastModified lt "2000-01-01T00:00:00Z"': [],
    }
    for expression, expected in cases.items():
        assert found(client, token, expression) == expected, expression


def test_bad_filters_are_400_invalid_filter(client, people):
    token, _ids = people
    deep = "(" * 200 + 'userName eq "a"' + ")" * 200
    long = " or ".join(f'userName eq "{i:04}"' for i in range(300))
    for expression in ('userName eq', 'userName zz "a"', '((userName eq "a")', deep, long,
                       'nickName2 eq "a"', 'userName co ""', 'active gt true',
                       'name.familyName eq "a"', 'meta.lastModified gt "yesterday"',
                       'userName eq "a" and', '"a" eq userName', 'emails[type eq "work"]',
                       'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:'
                       'employeeNumber eq "1"'):
        answer = scim(client, "GET", "/Users", token, query_string={"filter": expression})
        body = answer.get_json()
        assert answer.status_code == 400, (expression, body)
        assert body["schemas"] == [ERROR] and body["scimType"] == "invalidFilter", expression
    search = scim(client, "POST", "/Users/.search", token, {"filter": deep})
    assert search.status_code == 400 and search.get_json()["scimType"] == "invalidFilter"


def test_paging_and_search_at_the_root(client, people):
    token, _ids = people
    scim(client, "POST", "/Groups", token, {"schemas": [GROUP_SCHEMA], "displayName": "Staff"})
    page = scim(client, "GET", "/Users", token,
                query_string={"startIndex": 2, "count": 1}).get_json()
    assert (page["totalResults"], page["startIndex"], page["itemsPerPage"]) == (3, 2, 1)
    capped = scim(client, "GET", "/Users", token, query_string={"count": 5000}).get_json()
    assert capped["itemsPerPage"] == 3
    both = scim(client, "POST", "/.search", token, {"startIndex": 3, "count": 2}).get_json()
    assert both["totalResults"] == 4
    assert [item["meta"]["resourceType"] for item in both["Resources"]] == ["User", "Group"]
    groups = scim(client, "POST", "/.search", token, {"filter": 'displayName eq "staff"'})
    assert [item["displayName"] for item in groups.get_json()["Resources"]] == ["Staff"]
    trimmed = scim(client, "GET", "/Users", token, query_string={
        "filter": 'userName eq "carol"', "attributes": "userName"}).get_json()
    assert set(trimmed["Resources"][0]) == {"schemas", "id", "userName"}


def test_a_time_read_back_filters_to_its_resource(app, client, auth, clock):
    """meta answers milliseconds: a time read back is `eq` its resource, `gt` past it."""
    clock.advance(microseconds=123456)
    _project, _headers, token = directory(app, client, auth)
    user = scim(client, "POST", "/Users", token, user_body("dora")).get_json()
    group = scim(client, "POST", "/Groups", token, {"schemas": [GROUP_SCHEMA],
                                                    "displayName": "Staff"}).get_json()
    for path, body in (("/Users", user), ("/Groups", group)):
        meta = body["meta"]
        assert meta["lastModified"].endswith(".123Z"), meta
        for expression, count in ((f'meta.lastModified eq "{meta["lastModified"]}"', 1),
                                  (f'meta.created eq "{meta["created"]}"', 1),
                                  (f'meta.lastModified gt "{meta["lastModified"]}"', 0),
                                  (f'meta.lastModified ge "{meta["lastModified"]}"', 1)):
            answer = scim(client, "GET", path, token, query_string={"filter": expression})
            assert answer.get_json()["totalResults"] == count, (path, expression)


def test_emails_value_finds_this_projects_user_only(app, client, auth, people):
    """Another project holding the same address is never found (one index, both projects)."""
    token, _ids = people
    _project, _headers, theirs = directory(app, client, auth, owner="other@example.com")
    twin = scim(client, "POST", "/Users", theirs, user_body(
        "alice", emails=[{"value": "alice@example.com"}])).get_json()
    assert found(client, token, 'emails.value eq "alice@example.com"') == ["alice@example.com"]
    answer = scim(client, "GET", "/Users", theirs,
                  query_string={"filter": 'emails[value eq "ALICE@example.com"]'}).get_json()
    assert [item["id"] for item in answer["Resources"]] == [twin["id"]]


def test_like_wildcards_in_a_value_are_plain_characters(app, client, auth):
    """co, sw and ew match the value as written: `%`, `_`, `/` and `\\` are no patterns."""
    _project, _headers, token = directory(app, client, auth)
    for user_name in ("a%b", "a_b", "a/b", "a\\b", "AXB"):
        assert scim(client, "POST", "/Users", token,
                    user_body(user_name)).status_code == 201, user_name
    cases = {'userName co "%"': ["a%b"], 'userName co "_"': ["a_b"],
             'userName sw "a/"': ["a/b"], 'userName ew "\\\\b"': ["a\\b"],
             'userName co "%b"': ["a%b"], 'userName sw "a_"': ["a_b"],
             'userName co "x"': ["AXB"], 'userName ew "B"': sorted(["a%b", "a_b", "a/b",
                                                                     "a\\b", "AXB"])}
    for expression, expected in cases.items():
        assert found(client, token, expression) == expected, expression
