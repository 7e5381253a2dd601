"""Races of the SAML assertion consumer between two waitress processes on PostgreSQL
(extensions.md E4.2): one answer posted to both at once makes one session (its RelayState is
spent once); the first sign-in of one identity twice at once makes one account, one link and one
membership, and remembers both Assertion IDs."""
from urllib.parse import urlsplit

import pytest
import requests
from sqlalchemy import text

from bench import cluster
from tests.http import project_at_a_verified_domain
from tests.parallel import at_once
from tests.saml_idp import SamlIdp, encode

pytestmark = pytest.mark.postgres
ROUNDS = 3


@pytest.fixture
def corp(start_pair, database):
    """Two processes; a project holding a fresh domain VERIFIED, with a SAML connection."""
    servers = start_pair()
    engine = cluster.engine(database)
    headers, project, domain = project_at_a_verified_domain(servers[0], engine)
    idp = SamlIdp()
    made = requests.post(f"{servers[1]}/api/projects/{project}/sso-connections", headers=headers,
                         timeout=30, json={"type": "saml", "name": "IdP",
                                           "idpMetadataXml": idp.metadata_xml()})
    assert made.status_code == 201, made.text
    connection = made.json()["data"]
    idp.trust(requests.get(servers[0] + urlsplit(connection["saml"]["metadataUrl"]).path,
                           timeout=30).content)
    yield servers, project, domain, engine, idp, connection
    engine.dispose()


def answer(server, connection, idp, email):
    """(a function posting the provider's signed answer to `server`'s ACS)."""
    start = requests.get(f"{server}/api/auth/sso", params={"connectionId": connection["id"]},
                         allow_redirects=False, timeout=30)
    assert start.status_code == 302, start.text
    xml, relay_state = idp.response_xml(start.headers["Location"], name_id=email)
    acs = urlsplit(connection["saml"]["acsUrl"]).path
    form = {"SAMLResponse": encode(xml), "RelayState": relay_state}
    return lambda target=server: requests.post(target + acs, data=form, timeout=60)


def rows(engine, sql, **params):
    with engine.connect() as conn:
        return conn.execute(text(sql), params).all()


def test_one_answer_posted_to_both_processes_makes_one_session(corp):
    servers, _, domain, engine, idp, connection = corp
    for n in range(ROUNDS):
        email = f"once{n}@{domain}"
        post = answer(servers[0], connection, idp, email)
        answers = at_once(*(lambda s=s, post=post: post(s) for s in servers))
        assert sorted(a.status_code for a in answers) == [200, 400], [a.text for a in answers]
        assert [a.json()["error"] for a in answers if a.status_code == 400] == ["SSO_ERROR"]
        assert len(rows(engine, "SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id "
                                "WHERE u.email = :e", e=email)) == 1


def test_a_first_sign_in_twice_at_once_makes_one_account(corp):
    servers, project, domain, engine, idp, connection = corp
    for n in range(ROUNDS):
        email = f"person{n}@{domain}"
        posts = [answer(server, connection, idp, email) for server in servers]
        answers = at_once(*posts)
        assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
        assert len({a.json()["user"]["id"] for a in answers}) == 1
        [(user,)] = rows(engine, "SELECT id FROM users WHERE email = :e", e=email)
        assert len(rows(engine, "SELECT 1 FROM linked_identities WHERE user_id = :u", u=user)) == 1
        assert rows(engine, "SELECT role FROM memberships WHERE project_id = :p AND "
                            "user_id = :u", p=project, u=user) == [("member",)]
        # Both Assertion IDs are remembered against replays, also the one of the sign-in that
        # found the link the other had just made.
        assert len(rows(engine, "SELECT 1 FROM saml_accepted_assertions WHERE "
                                "connection_id = :c", c=connection["id"])) == 2 * (n + 1)
