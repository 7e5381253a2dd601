"""Races of the SSO callback between two waitress processes on PostgreSQL (extensions.md E4.2):
the first sign-in of one identity twice at once makes one account, one link and one membership;
one callback sent twice at once makes one session."""
from urllib.parse import urlsplit

import pytest
import requests
from sqlalchemy import text

from bench import cluster
from tests.http import project_at_a_verified_domain
from tests.parallel import at_once
from tests.sso_provider import OidcProvider, at_provider

pytestmark = [pytest.mark.postgres, pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")]
ROUNDS = 3


@pytest.fixture
def corp(start_pair, database, oidc_provider):
    """Two processes; a project holding a fresh domain VERIFIED, with an OIDC connection."""
    servers = start_pair(SSO_ALLOW_PRIVATE_NETWORKS="true")
    engine = cluster.engine(database)
    headers, project, domain = project_at_a_verified_domain(servers[0], engine)
    made = requests.post(f"{servers[1]}/api/projects/{project}/sso-connections", headers=headers,
                         timeout=30, json={"type": "oidc", "name": "IdP",
                                           "issuer": oidc_provider.issuer,
                                           "clientId": OidcProvider.CLIENT_ID,
                                           "clientSecret": OidcProvider.CLIENT_SECRET})
    assert made.status_code == 201, made.text
    yield servers, project, domain, engine
    engine.dispose()


def callback_at(server, back):
    """The provider's redirect to our callback, sent to `server` instead."""
    parts = urlsplit(back)
    return lambda: requests.get(f"{server}{parts.path}?{parts.query}", timeout=60,
                                allow_redirects=False)


def authorize_url(server, email):
    response = requests.get(f"{server}/api/auth/sso", params={"email": email},
                            allow_redirects=False, timeout=30)
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def rows(engine, sql, **params):
    with engine.connect() as conn:
        return conn.execute(text(sql), params).all()


def test_a_first_sign_in_twice_at_once_makes_one_account(corp, oidc_provider):
    servers, project, domain, engine = corp
    for n in range(ROUNDS):
        email = f"person{n}@{domain}"
        oidc_provider.add_user(f"person-{n}-{domain}", email)
        backs = [at_provider(authorize_url(server, email), f"person-{n}-{domain}")
                 for server in servers]
        answers = at_once(*(callback_at(s, b) for s, b in zip(servers, backs, strict=True)))
        assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
        assert len({a.json()["user"]["id"] for a in answers}) == 1
        [(user,)] = rows(engine, "SELECT id FROM users WHERE email = :e", e=email)
        assert len(rows(engine, "SELECT 1 FROM linked_identities WHERE user_id = :u", u=user)) == 1
        assert rows(engine, "SELECT role FROM memberships WHERE project_id = :p AND "
                            "user_id = :u", p=project, u=user) == [("member",)]
        added = rows(engine, "SELECT 1 FROM audit_log WHERE action = 'project.member_add' "
                             "AND target_id = :p AND CAST(details AS TEXT) LIKE :u", p=project,
                     u=f"%{user}%")
        assert len(added) == 1


def test_one_callback_sent_twice_at_once_makes_one_session(corp, oidc_provider):
    servers, project, domain, engine = corp
    email = f"grace@{domain}"
    oidc_provider.add_user(f"grace-{domain}", email)
    for _ in range(ROUNDS):
        back = at_provider(authorize_url(servers[0], email), f"grace-{domain}")
        before = len(rows(engine, "SELECT 1 FROM sessions WHERE sso_project_id = :p", p=project))
        answers = at_once(*(callback_at(server, back) for server in servers))
        assert sorted(a.status_code for a in answers) == [200, 400], [a.text for a in answers]
        loser = next(a for a in answers if a.status_code == 400)
        assert loser.json()["error"] == "SSO_ERROR"
        after = len(rows(engine, "SELECT 1 FROM sessions WHERE sso_project_id = :p", p=project))
        assert after == before + 1
