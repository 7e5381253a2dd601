"""Two projects verifying one domain at once (extensions.md E4.1): at most one holds it
VERIFIED, the other is answered 409. On PostgreSQL between two waitress processes, on SQLite
between the threads of one waitress server; the partial unique index decides either way."""
import uuid

import pytest
import requests

from tests.http import new_email, sign_up_at
from tests.parallel import at_once

ROUNDS = 4


def owner_at(server) -> dict:
    token = sign_up_at(server, new_email())["session"]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    project = requests.post(f"{server}/api/projects", headers=headers,
                            json={"name": uuid.uuid4().hex}, timeout=30).json()["data"]["id"]
    return {"server": server, "headers": headers, "project": project}


def claim(owner, domain) -> dict:
    response = requests.post(f"{owner['server']}/api/projects/{owner['project']}/domains",
                             headers=owner["headers"], json={"domain": domain}, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()["data"]


def verifying(owner, claimed):
    url = (f"{owner['server']}/api/projects/{owner['project']}/domains/{claimed['id']}"
           "/verify")
    return lambda: requests.post(url, headers=owner["headers"], timeout=30)


def statuses(owner) -> list[str]:
    response = requests.get(f"{owner['server']}/api/projects/{owner['project']}/domains",
                            headers=owner["headers"], timeout=30)
    return [d["status"] for d in response.json()["data"]]


def race(servers, dns_server):
    """Each round: two projects (one per server) claim one new domain, both values are
    published, both verify at once."""
    for _ in range(ROUNDS):
        domain = f"{uuid.uuid4().hex[:12]}.test"
        owners = [owner_at(servers[0]), owner_at(servers[-1])]
        claims = [claim(owner, domain) for owner in owners]
        dns_server.publish(claims[0]["verification"]["name"],
                           *(c["verification"]["value"] for c in claims))
        answers = at_once(*(verifying(o, c) for o, c in zip(owners, claims, strict=True)))
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        winner = [a.status_code for a in answers].index(200)
        assert answers[winner].json()["data"]["status"] == "VERIFIED"
        assert "another project" in answers[1 - winner].json()["message"]
        assert statuses(owners[winner]) == ["VERIFIED"]
        assert statuses(owners[1 - winner]) == ["PENDING"]


@pytest.mark.postgres
@pytest.mark.redis
def test_two_processes_verifying_one_domain_at_once(start_pair, dns_server):
    race(start_pair(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=2), dns_server)


@pytest.fixture
def app(make_app, dns_server):
    return make_app(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=2)


def test_two_threads_verifying_one_domain_at_once(live_server, dns_server):
    race([live_server], dns_server)
