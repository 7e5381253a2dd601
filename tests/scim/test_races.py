"""Races of extensions.md E4.3 between two waitress processes on PostgreSQL: two creates of one
userName (one 201, one 409 uniqueness: the unique index on the lower-cased copy decides), and
PATCHes of one Group's members at once (add A, add B, remove C): no member lost."""
import uuid

import pytest
import requests

from tests.parallel import at_once
from tests.scim.scim import GROUP_SCHEMA, MEDIA, PATCH_SCHEMA, USER_SCHEMA, scim_token_at

ROUNDS = 5


def send(method, url, token, body=None):
    headers = {**token, "Content-Type": MEDIA}
    return requests.request(method, url, headers=headers, json=body, timeout=60)


@pytest.fixture
def pair(start_pair):
    servers = start_pair()
    _project, token = scim_token_at(servers[0])
    return [f"{server}/api/scim/v2" for server in servers], token


@pytest.mark.postgres
def test_two_creates_of_one_user_name(pair):
    (first, second), token = pair
    for _ in range(ROUNDS):
        name = f"{uuid.uuid4().hex[:8]}@example.com"
        answers = at_once(
            lambda name=name: send("POST", f"{first}/Users", token,
                                   {"schemas": [USER_SCHEMA], "userName": name}),
            lambda name=name: send("POST", f"{second}/Users", token,
                                   {"schemas": [USER_SCHEMA], "userName": name.upper()}))
        assert sorted(answer.status_code for answer in answers) == [201, 409]
        refused = next(answer for answer in answers if answer.status_code == 409)
        assert refused.json()["scimType"] == "uniqueness"
        found = send("GET", f"{first}/Users?filter=userName eq \"{name}\"", token).json()
        assert found["totalResults"] == 1


@pytest.mark.postgres
def test_concurrent_member_patches_lose_nothing(pair):
    (first, second), token = pair
    for _ in range(ROUNDS):
        a, b, c, d = (send("POST", f"{first}/Users", token, {
            "schemas": [USER_SCHEMA], "userName": f"{uuid.uuid4().hex}@example.com"}).json()["id"]
            for _ in range(4))
        group = send("POST", f"{first}/Groups", token, {
            "schemas": [GROUP_SCHEMA], "displayName": uuid.uuid4().hex,
            "members": [{"value": c}, {"value": d}]}).json()["id"]

        def patch(server, operation, group=group):
            return lambda: send("PATCH", f"{server}/Groups/{group}", token,
                                {"schemas": [PATCH_SCHEMA], "Operations": [operation]})

        answers = at_once(
            patch(first, {"op": "add", "path": "members", "value": [{"value": a}]}),
            patch(second, {"op": "add", "path": "members", "value": [{"value": b}]}),
            patch(first, {"op": "remove", "path": f'members[value eq "{c}"]'}))
        assert [answer.status_code for answer in answers] == [200, 200, 200]
        members = send("GET", f"{second}/Groups/{group}", token).json()["members"]
        assert sorted(member["value"] for member in members) == sorted([a, b, d])
