"""Requiring single sign-on against removing the last verified domain, at once, between two
waitress processes on PostgreSQL (extensions.md E4.2): both lock the project's row, so either
order is one a single process could have made, and never does a project require SSO without a
VERIFIED domain."""
import uuid

import pytest
import requests
from sqlalchemy import text

from bench import cluster
from tests.http import new_email, sign_up_at
from tests.parallel import at_once

ROUNDS = 4
pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")


def verified(engine, project, domain) -> str:
    domain_id = uuid.uuid4().hex
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO project_domains (id, project_id, domain, status, value, verified_at, "
            "created_at) VALUES (:id, :p, :d, 'VERIFIED', :v, now(), now())"),
            {"id": domain_id, "p": project, "d": domain, "v": "saas-verification=" + "a" * 43})
    return domain_id


@pytest.mark.postgres
@pytest.mark.redis
def test_requiring_sso_racing_the_last_domains_removal(start_pair, database, oidc_provider):
    servers = start_pair(SSO_ALLOW_PRIVATE_NETWORKS="true")
    engine = cluster.engine(database)
    owner = sign_up_at(servers[0], new_email())
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    try:
        for _ in range(ROUNDS):
            project = requests.post(f"{servers[0]}/api/projects", headers=headers, timeout=30,
                                    json={"name": uuid.uuid4().hex}).json()["data"]["id"]
            made = requests.post(
                f"{servers[0]}/api/projects/{project}/sso-connections", headers=headers,
                timeout=30, json={"type": "oidc", "name": "IdP", "issuer": oidc_provider.issuer,
                                  "clientId": "c", "clientSecret": "s"})
            assert made.status_code == 201, made.text
            domain = verified(engine, project, f"{uuid.uuid4().hex[:12]}.test")
            require, remove = at_once(
                lambda p=project: requests.patch(f"{servers[0]}/api/projects/{p}",
                                                 headers=headers, json={"ssoRequired": True},
                                                 timeout=30),
                lambda p=project, d=domain: requests.delete(
                    f"{servers[1]}/api/projects/{p}/domains/{d}", headers=headers, timeout=30))
            pair = (require.status_code, remove.status_code)
            # Required first: the removal of the last domain is refused; removed first: there
            # is no domain to require SSO with.
            assert pair in {(200, 409), (409, 204)}, (require.text, remove.text)
            with engine.connect() as conn:
                required, domains = conn.execute(text(
                    "SELECT sso_required, (SELECT count(*) FROM project_domains d WHERE "
                    "d.project_id = p.id AND d.status = 'VERIFIED') FROM projects p "
                    "WHERE p.id = :p"), {"p": project}).one()
            assert required == (pair == (200, 409)) and domains == (1 if required else 0)
    finally:
        engine.dispose()
