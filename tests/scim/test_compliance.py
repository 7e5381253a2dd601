"""scim2-tester, an RFC 7643 / 7644 compliance checker nobody here wrote, against a real
waitress process: every check succeeds, or is skipped only for what the ServiceProviderConfig
declares unsupported (bulk, sorting, password change, ETags). The checker's Users have random
addresses outside any verified domain: they are stored and served, and grant nothing."""
import httpx2
from scim2_client.engines.httpx2 import SyncSCIMClient
from scim2_tester import Status, check_server

from tests.scim.scim import scim_token_at

UNSUPPORTED = ("bulk", "sort", "changepassword", "etag")


def test_the_compliance_checker_passes(sqlite_server):
    server, _database = sqlite_server
    _project, token = scim_token_at(server)
    with httpx2.Client(base_url=f"{server}/api/scim/v2", headers=token, timeout=30) as http:
        client = SyncSCIMClient(http)
        client.discover()
        results = check_server(client)
    failed = [(result.title, result.status.name, result.reason) for result in results
              if result.status != Status.SUCCESS
              and not (result.status == Status.SKIPPED
                       and any(word in (result.reason or "").lower() for word in UNSUPPORTED))]
    assert len(results) > 100
    assert failed == []
