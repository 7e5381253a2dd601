"""Races of extensions.md E4.3 between two waitress processes on PostgreSQL: two creates of one
userName (one 201, one 409 uniqueness: the unique index on the lower-cased copy decides), and
PATCHes of one Group's members at once (add A, add B, remove C): no member lost; and a Group
change racing the owner's role change: one serial order's result."""
import uuid

import pytest
import requests
from sqlalchemy import text

from bench import cluster
from tests.http import sign_up_at
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


@pytest.mark.postgres
def test_a_group_change_and_the_owners_role_change_at_once(start_pair, database, dns_server):
    """The directory adds a member to an admin Group while the owner makes it a `member`
    through the API: the role left is the one the later of the two set, and the audit log's
    last word on it says so."""
    servers = start_pair(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=1)
    domain_name = f"{uuid.uuid4().hex[:10]}.example"
    owner = sign_up_at(servers[0], f"owner@{domain_name}")
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    project, token = scim_token_at(servers[0], headers)
    base = f"{servers[0]}/api/projects/{project}"
    domain = requests.post(f"{base}/domains", json={"domain": domain_name}, headers=headers,
                           timeout=30).json()["data"]
    dns_server.publish(domain["verification"]["name"], domain["verification"]["value"])
    verified = requests.post(f"{base}/domains/{domain['id']}/verify", headers=headers,
                             timeout=30)
    assert verified.json()["data"]["status"] == "VERIFIED", verified.text
    engine = cluster.engine(database)
    with engine.begin() as conn:
        conn.execute(text("UPDATE projects SET scim_admin_groups = CAST(:names AS json) "
                          "WHERE id = :id"), {"names": '["Admins"]', "id": project})
    scim = [f"{server}/api/scim/v2" for server in servers]
    for round_number in range(ROUNDS):
        email = f"m{round_number}@{domain_name}"
        user = send("POST", f"{scim[0]}/Users", token,
                    {"schemas": [USER_SCHEMA], "userName": email}).json()
        group = send("POST", f"{scim[0]}/Groups", token, {
            "schemas": [GROUP_SCHEMA], "displayName": "admins"}).json()
        account = next(item["user"]["id"] for item in requests.get(
            f"{base}/members", headers=headers, timeout=30).json()["data"]
            if item["user"]["email"] == email)
        answers = at_once(
            lambda group=group, user=user: send(
                "PATCH", f"{scim[1]}/Groups/{group['id']}", token,
                {"schemas": [PATCH_SCHEMA], "Operations": [
                    {"op": "add", "path": "members", "value": [{"value": user["id"]}]}]}),
            lambda account=account: requests.patch(
                f"{base}/members/{account}", json={"role": "member"}, headers=headers,
                timeout=60))
        assert [answer.status_code for answer in answers] == [200, 200], [
            answer.text for answer in answers]
        with engine.connect() as conn:
            role = conn.execute(text("SELECT role FROM memberships WHERE project_id = :p AND "
                                     "user_id = :u"), {"p": project, "u": account}).scalar()
            changes = [details for (details,) in conn.execute(text(
                "SELECT details FROM audit_log WHERE action = 'project.member_role' AND "
                "target_id = :p ORDER BY created_at, id"), {"p": project})
                if details["userId"] == account]
        # Directory first: member -> admin, then the owner's admin -> member (two entries);
        # the owner first: no change to write, then the directory's member -> admin.
        assert (len(changes), role) in {(1, "admin"), (2, "member")}, changes
        assert changes[-1]["to"] == role
    engine.dispose()
