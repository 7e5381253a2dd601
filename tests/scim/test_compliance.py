"""scim2-tester, an RFC 7643 / 7644 compliance checker nobody here wrote, against a real
waitress process: every check succeeds, or is skipped only for what the ServiceProviderConfig
declares unsupported (bulk, sorting, password change, ETags). The checker's Users have random
addresses outside any verified domain: they are stored and served, and grant nothing."""
import httpx2
import requests
from scim2_client.engines.httpx2 import SyncSCIMClient
from scim2_tester import Status, check_server

from tests.http import new_email, sign_up_at

UNSUPPORTED = ("bulk", "sort", "changepassword", "etag")


def scim_token_at(server) -> tuple[str, dict]:
    owner = sign_up_at(server, new_email())
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    project = requests.post(f"{server}/api/projects", json={"name": "Acme"}, headers=headers,
                            timeout=30).json()["data"]["id"]
    created = requests.post(f"{server}/api/projects/{project}/scim-tokens",
                            json={"name": "Checker"}, headers=headers, timeout=30)
    assert created.status_code == 201, created.text
    return project, {"Authorization": f"Bearer {created.json()['token']}"}


def test_the_compliance_checker_passes(sqlite_server):
    server, _database = sqlite_server
    _project, token = scim_token_at(server)
    client = SyncSCIMClient(httpx2.Client(base_url=f"{server}/api/scim/v2", headers=token,
                                          timeout=30))
    client.discover()
    results = check_server(client)
    failed = [(result.title, result.status.name, result.reason) for result in results
              if result.status != Status.SUCCESS
              and not (result.status == Status.SKIPPED
                       and any(word in (result.reason or "").lower() for word in UNSUPPORTED))]
    assert len(results) > 100
    assert failed == []
