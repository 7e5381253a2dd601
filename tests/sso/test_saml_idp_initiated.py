"""IdP-initiated SAML (extensions.md E4.2): a sign-in started from the portal tile, whose Response
answers no AuthnRequest, with a real identity provider (pysaml2's IdP side, tests/saml_idp.py).
The connection's `saml.idpInitiated` (off by default, set by its owner, its redirectUrl on an
allowed origin); such a Response refused while not allowed, accepted once while allowed (the
one-time code to the connection's redirectUrl), refused when replayed or failing any other
check; a Response naming a request is checked as the answer to it, allowed or not."""
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from core.db import db
from sections.auth.models import LinkedIdentity
from sections.projects.models import ADMIN, Membership
from tests import saml_idp
from tests.content import signed_in_user
from tests.factories import audit_entries, count, make_project, members_of, user_id
from tests.http import error, project_at_a_verified_domain, refused
from tests.parallel import at_once
from tests.saml_idp import SamlIdp, encode
from tests.sso.saml_corp import Corp

ADDRESS = "ada@corp.test"
SPA = "https://spa.corp.test"
DONE = f"{SPA}/sso-done"
OFF = {"allowed": False, "redirectUrl": None}


@pytest.fixture(scope="module")
def idp():
    return SamlIdp()


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=[SPA])


@pytest.fixture
def corp(client, idp):
    return Corp(client, idp)


@pytest.fixture
def allowed(corp):
    """The connection allowing IdP-initiated sign-in, completed at DONE."""
    setting = {"allowed": True, "redirectUrl": DONE}
    response = patch(corp, setting)
    assert response.status_code == 200, response.get_json()
    return corp


def patch(corp, setting, headers=None):
    return corp.client.patch(corp.path, headers=headers or corp.owner,
                             json={"idpInitiated": setting})


def tile(corp, idp, **options) -> str:
    """The provider's unsolicited Response for the connection, as its portal tile posts it."""
    saml = corp.connection["saml"]
    options.setdefault("name_id", ADDRESS)
    return idp.unsolicited_xml(saml["acsUrl"], saml["spEntityId"], **options)


def code_of(response) -> str:
    """The one-time code of a redirect to DONE."""
    assert response.status_code == 302, response.get_json()
    target = urlsplit(response.headers["Location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == DONE
    query = parse_qs(target.query)
    assert "error" not in query, query
    return query["code"][0]


def sso_error(response) -> None:
    """A refusal sent back to DONE with error=sso_error (never a code)."""
    assert response.status_code == 302, response.get_json()
    target = urlsplit(response.headers["Location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == DONE
    assert parse_qs(target.query) == {"error": ["sso_error"]}


# --- the setting ---

def test_it_is_off_by_default_and_shown_in_the_answer(client, corp):
    assert corp.connection["saml"]["idpInitiated"] == OFF
    assert client.get(corp.path, headers=corp.owner).get_json()["data"]["saml"][
        "idpInitiated"] == OFF
    listed = client.get(f"/api/projects/{corp.project}/sso-connections", headers=corp.owner)
    assert [c["saml"]["idpInitiated"] for c in listed.get_json()["data"]] == [OFF]


def test_the_owner_allows_it_with_a_redirect_url_on_an_allowed_origin(client, corp):
    before = corp.connection["updatedAt"]
    response = patch(corp, {"allowed": True, "redirectUrl": DONE})
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    assert data["saml"]["idpInitiated"] == {"allowed": True, "redirectUrl": DONE}
    assert data["updatedAt"] >= before
    assert client.get(corp.path, headers=corp.owner).get_json()["data"]["saml"][
        "idpInitiated"] == {"allowed": True, "redirectUrl": DONE}
    # A member left out keeps its value: turned off, the URL stays for next time.
    off = patch(corp, {"allowed": False}).get_json()["data"]["saml"]["idpInitiated"]
    assert off == {"allowed": False, "redirectUrl": DONE}
    assert patch(corp, {"allowed": True}).get_json()["data"]["saml"]["idpInitiated"][
        "allowed"] is True
    entries = audit_entries(client.application, "project.sso_connection_update")
    assert [e[4]["idpInitiated"]["to"]["allowed"] for e in entries] == [True, False, True]
    assert entries[0][4]["idpInitiated"] == {"from": OFF, "to": {"allowed": True,
                                                                 "redirectUrl": DONE}}
    # The same setting again changes nothing and writes no entry.
    assert patch(corp, {"allowed": True, "redirectUrl": DONE}).status_code == 200
    assert len(audit_entries(client.application, "project.sso_connection_update")) == 3


@pytest.mark.parametrize("setting", [
    {"allowed": True},
    {"allowed": True, "redirectUrl": None},
    {"allowed": True, "redirectUrl": "https://evil.test/steal"},
    {"allowed": False, "redirectUrl": "https://evil.test/steal"},
    {"allowed": True, "redirectUrl": "javascript:alert(1)"},
    {"allowed": True, "redirectUrl": "/relative"},
], ids=["no-url", "null-url", "other-origin", "other-origin-off", "javascript", "relative"])
def test_a_redirect_url_that_fails_the_redirect_check_is_400(client, corp, setting):
    response = patch(corp, setting)
    body = error(response, 400, "VALIDATION_ERROR")
    assert "idpInitiated" in body["details"], body
    assert client.get(corp.path, headers=corp.owner).get_json()["data"]["saml"][
        "idpInitiated"] == OFF


@pytest.mark.parametrize("setting", [
    "yes", None, [True], {"allowed": "maybe"}, {"allowed": True, "redirectUrl": 7},
    {"allowed": True, "redirectUrl": SPA + "/" + "a" * 3000}])
def test_a_malformed_setting_is_400(client, corp, setting):
    error(patch(corp, setting), 400, "VALIDATION_ERROR")
    assert client.get(corp.path, headers=corp.owner).get_json()["data"]["saml"][
        "idpInitiated"] == OFF


def test_only_the_owner_sets_it(client, corp):
    app = client.application
    admin = signed_in_user(app, "admin@corp.test")
    with app.app_context():
        db.session.add(Membership(project_id=corp.project, role=ADMIN,
                                  user_id=user_id(app, "admin@corp.test")))
        db.session.commit()
    assert client.get(corp.path, headers=admin).status_code == 200  # an admin reads it
    error(patch(corp, {"allowed": True, "redirectUrl": DONE}, headers=admin), 403, "FORBIDDEN")
    stranger = signed_in_user(app, "someone@elsewhere.test")
    error(patch(corp, {"allowed": True, "redirectUrl": DONE}, headers=stranger), 404,
          "NOT_FOUND")
    assert client.get(corp.path, headers=corp.owner).get_json()["data"]["saml"][
        "idpInitiated"] == OFF


@pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")
def test_an_oidc_connection_has_no_such_setting(make_app, oidc_provider):
    app = make_app(SSO_ALLOW_PRIVATE_NETWORKS=True, ALLOWED_REDIRECT_ORIGINS=[SPA])
    client = app.test_client()
    owner = signed_in_user(app, "owner@corp.test")
    project = make_project(app, "owner@corp.test")
    made = client.post(f"/api/projects/{project}/sso-connections", headers=owner, json={
        "type": "oidc", "name": "Corp", "issuer": oidc_provider.issuer,
        "clientId": oidc_provider.CLIENT_ID, "clientSecret": oidc_provider.CLIENT_SECRET})
    assert made.status_code == 201, made.get_json()
    path = f"/api/projects/{project}/sso-connections/{made.get_json()['data']['id']}"
    body = error(client.patch(path, headers=owner, json={"idpInitiated": {
        "allowed": True, "redirectUrl": DONE}}), 400, "VALIDATION_ERROR")
    assert "idpInitiated" in body["details"], body
    assert client.get(path, headers=owner).get_json()["data"]["saml"] is None


# --- the portal tile's Response ---

@pytest.mark.parametrize("relay_state", [None, "https://app.corp.test/home"],
                         ids=["no-relay-state", "default-relay-state"])
def test_refused_while_not_allowed(corp, idp, relay_state):
    response = corp.post(tile(corp, idp), relay_state)
    refused(response, 400, "SSO_ERROR")
    assert corp.sessions() == 1  # the owner's only
    assert corp.user(ADDRESS) is None


def test_allowed_it_signs_in_once_with_a_code_to_the_redirect_url(client, allowed, idp):
    corp = allowed
    xml = tile(corp, idp, attributes={"displayName": ["Ada Lovelace"]})
    code = code_of(corp.post(xml, None))
    exchanged = client.post("/api/auth/sso/token", json={"code": code})
    body = exchanged.get_json()
    assert exchanged.status_code == 200, body
    assert body["user"]["email"] == ADDRESS and body["user"]["name"] == "Ada Lovelace"
    assert body["user"]["emailVerified"] is True
    session = client.get("/api/auth/session",
                         headers={"Authorization": f"Bearer {body['session']['token']}"})
    assert session.get_json()["session"]["sso"] == {"connectionId": corp.connection["id"],
                                                    "projectId": corp.project}
    assert members_of(client.application, corp.project)[body["user"]["id"]] == "member"
    refused(client.post("/api/auth/sso/token", json={"code": code}), 400, "INVALID_TOKEN")
    # The same Response again (the replay rule: its Assertion ID is accepted once).
    sessions = corp.sessions()
    sso_error(corp.post(xml, None))
    sso_error(corp.post(xml, "https://app.corp.test/home"))
    assert corp.sessions() == sessions
    # A new Response from the tile signs in again, the account found by its link.
    again = client.post("/api/auth/sso/token", json={"code": code_of(
        corp.post(tile(corp, idp), "anything"))})
    assert again.get_json()["user"]["id"] == body["user"]["id"]
    assert count(client.application, LinkedIdentity) == 1


@pytest.mark.parametrize("signing", [dict(sign_response=True, sign_assertion=False),
                                     dict(sign_response=True, sign_assertion=True)],
                         ids=["response", "both"])
def test_allowed_a_signed_response_signs_in(allowed, idp, signing):
    code_of(allowed.post(tile(allowed, idp, **signing), None))


def other_key(corp, idp):
    forger = SamlIdp(idp.entity_id, idp.sso_url)
    forger.sp_metadata = list(idp.sp_metadata)
    return tile(corp, forger)


FORGED = {
    "unsigned": lambda corp, idp: saml_idp.unsigned(tile(corp, idp)),
    "another-key": other_key,
    "wrong-audience": lambda corp, idp: idp.resign(
        tile(corp, idp), saml_idp.set_audience("https://sp.elsewhere.test")),
    "wrong-recipient": lambda corp, idp: idp.resign(
        tile(corp, idp), saml_idp.set_recipient("https://sp.elsewhere.test/acs")),
    "no-recipient": lambda corp, idp: idp.resign(tile(corp, idp), saml_idp.set_recipient(None)),
    "wrong-destination": lambda corp, idp: saml_idp.set_destination(
        tile(corp, idp), "https://sp.elsewhere.test/acs"),
    "expired": lambda corp, idp: idp.resign(tile(corp, idp), saml_idp.set_times(
        not_before="2020-01-01T00:00:00Z", not_on_or_after="2020-01-01T00:05:00Z")),
    "not-yet-valid": lambda corp, idp: idp.resign(tile(corp, idp), saml_idp.set_times(
        not_before="2099-01-01T00:00:00Z", not_on_or_after="2099-01-01T00:05:00Z")),
    "outside-the-domains": lambda corp, idp: tile(corp, idp, name_id="ada@elsewhere.test"),
    "xsw3": lambda corp, idp: saml_idp.xsw(3, tile(corp, idp), "mallory@corp.test"),
    "xsw8": lambda corp, idp: saml_idp.xsw(8, tile(corp, idp), "mallory@corp.test"),
}


@pytest.mark.parametrize("forge", FORGED.values(), ids=FORGED.keys())
def test_allowed_a_response_failing_a_check_is_refused(allowed, idp, forge):
    corp = allowed
    sso_error(corp.post(forge(corp, idp), None))
    assert corp.sessions() == 1
    assert corp.user(ADDRESS) is None and corp.user("mallory@corp.test") is None


def test_allowed_a_document_that_is_no_response_is_refused(allowed):
    for posted in ("%%%", encode("<not-saml/>"), encode("<a>"), ""):
        response = allowed.client.post(allowed.acs, data={"SAMLResponse": posted})
        assert response.status_code in (302, 400), response.get_json()
        assert "code=" not in response.headers.get("Location", "")
    assert allowed.sessions() == 1


def test_allowed_a_response_naming_no_pending_request_is_refused(allowed, idp):
    """A Response with an InResponseTo is checked as the answer to that request: one answering
    a request that was never sent (or whose RelayState is not posted) is refused."""
    corp = allowed
    location = corp.begin()
    xml, relay_state = idp.response_xml(location, name_id=ADDRESS)
    for posted_state in (None, "x" * 43):
        refused(corp.post(xml, posted_state), 400, "SSO_ERROR")
    forged, other_state = idp.response_xml(corp.begin(), name_id=ADDRESS,
                                           in_response_to="_never-sent")
    refused(corp.post(forged, other_state), 400, "SSO_ERROR")
    # Only the bearer confirmation names a request: still not an unsolicited Response.
    confirmation_only = idp.resign(tile(corp, idp), lambda root: [
        data.set("InResponseTo", "_never-sent")
        for data in root.iter(saml_idp.q("saml", "SubjectConfirmationData"))])
    refused(corp.post(confirmation_only, None), 400, "SSO_ERROR")
    assert corp.sessions() == 1 and corp.user(ADDRESS) is None
    # The answer to the request sent still completes that sign-in (its own RelayState).
    assert corp.post(xml, relay_state).status_code == 200


def test_allowed_a_relay_state_naming_a_pending_sign_in_is_spent(allowed, idp):
    corp = allowed
    location = corp.begin()
    xml, relay_state = idp.response_xml(location, name_id=ADDRESS)
    code_of(corp.post(tile(corp, idp), relay_state))
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")  # spent by the first post


def test_refused_again_once_turned_off_or_the_connection_is_inactive(client, allowed, idp):
    corp = allowed
    assert patch(corp, {"allowed": False}).status_code == 200
    refused(corp.post(tile(corp, idp), None), 400, "SSO_ERROR")
    assert patch(corp, {"allowed": True}).status_code == 200
    assert client.patch(corp.path, headers=corp.owner,
                        json={"status": "INACTIVE"}).status_code == 200
    refused(corp.post(tile(corp, idp), None), 400, "SSO_ERROR")
    assert corp.sessions() == 1


def test_a_redirect_url_whose_origin_is_no_longer_allowed_is_not_used(make_app, idp):
    app = make_app(ALLOWED_REDIRECT_ORIGINS=[SPA])
    corp = Corp(app.test_client(), idp)
    assert patch(corp, {"allowed": True, "redirectUrl": DONE}).status_code == 200
    app.config["ALLOWED_REDIRECT_ORIGINS"] = ["https://other.corp.test"]
    response = corp.post(tile(corp, idp), None)
    refused(response, 400, "SSO_ERROR")
    assert corp.sessions() == 1
    # Turning it off still works; turning it on again needs an allowed URL.
    error(patch(corp, {"allowed": True}), 400, "VALIDATION_ERROR")
    off = patch(corp, {"allowed": False})
    assert off.status_code == 200, off.get_json()
    assert off.get_json()["data"]["saml"]["idpInitiated"] == {"allowed": False,
                                                               "redirectUrl": DONE}


def test_another_connection_of_the_project_cannot_take_it(client, allowed, idp):
    """A Response for one connection, posted to another's ACS (also allowing it), is refused:
    its Audience, Recipient and Destination name the first one."""
    corp = allowed
    second = client.post(f"/api/projects/{corp.project}/sso-connections", headers=corp.owner,
                         json={"type": "saml", "name": "Corp 2",
                               "idpMetadataXml": idp.metadata_xml()}).get_json()["data"]
    path = f"/api/projects/{corp.project}/sso-connections/{second['id']}"
    assert client.patch(path, headers=corp.owner, json={"idpInitiated": {
        "allowed": True, "redirectUrl": DONE}}).status_code == 200
    response = client.post(urlsplit(second["saml"]["acsUrl"]).path,
                           data={"SAMLResponse": encode(tile(corp, idp))})
    sso_error(response)
    assert corp.sessions() == 1


# --- two processes on PostgreSQL ---

@pytest.mark.postgres
def test_one_tile_response_posted_to_two_processes_at_once_signs_in_once(start_pair, database):
    from bench import cluster

    origin = "http://127.0.0.1:5999"  # the application's page, on loopback
    servers = start_pair(ALLOWED_REDIRECT_ORIGINS=origin)
    engine = cluster.engine(database)
    try:
        headers, project, domain = project_at_a_verified_domain(servers[0], engine)
        idp = SamlIdp()
        made = requests.post(f"{servers[1]}/api/projects/{project}/sso-connections",
                             headers=headers, timeout=30,
                             json={"type": "saml", "name": "IdP",
                                   "idpMetadataXml": idp.metadata_xml()})
        assert made.status_code == 201, made.text
        connection = made.json()["data"]
        saml = connection["saml"]
        idp.trust(requests.get(servers[0] + urlsplit(saml["metadataUrl"]).path,
                               timeout=30).content)
        allowed = requests.patch(
            f"{servers[0]}/api/projects/{project}/sso-connections/{connection['id']}",
            headers=headers, timeout=30,
            json={"idpInitiated": {"allowed": True, "redirectUrl": origin + "/sso-done"}})
        assert allowed.status_code == 200, allowed.text
        for n in range(3):
            form = {"SAMLResponse": encode(idp.unsolicited_xml(
                saml["acsUrl"], saml["spEntityId"], name_id=f"tile{n}@{domain}"))}
            answers = at_once(*(lambda s=s, form=form: requests.post(
                s + urlsplit(saml["acsUrl"]).path, data=form, timeout=60,
                allow_redirects=False) for s in servers))
            assert [a.status_code for a in answers] == [302, 302], [a.text for a in answers]
            queries = sorted(sorted(parse_qs(urlsplit(a.headers["Location"]).query))
                             for a in answers)
            assert queries == [["code"], ["error"]], queries
    finally:
        engine.dispose()
