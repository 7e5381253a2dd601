"""Signing in through a SAML connection (extensions.md E4.2) with a real identity provider
(pysaml2's IdP side signing through xmlsec1, tests/saml_idp.py): the accepted answers, and every
forged or wrong one refused with SSO_ERROR (400), never a 500 and never a session: XML signature
wrapping XSW1-XSW8, no signature, another key, HMAC or an algorithm not listed, a certificate
outside its validity, a replay, an unsolicited answer, wrong Audience, Recipient or Destination,
expired or early, not Success, and DOCTYPEs."""
import re
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from cryptography.hazmat.primitives import serialization
from sqlalchemy import delete, select

from core.db import db
from sections.auth.models import LinkedIdentity, Session, User
from sections.domains.models import Domain
from tests import saml_idp
from tests.content import signed_in_user
from tests.factories import count, members_of, user_id
from tests.http import refused
from tests.parallel import at_once
from tests.saml_idp import SamlIdp, encode
from tests.sso.saml_corp import Corp

ADDRESS = "ada@corp.test"
ATTACKER = "mallory@corp.test"


@pytest.fixture(scope="module")
def idp():
    return SamlIdp()


SPA = "https://spa.corp.test"


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=[SPA])


@pytest.fixture
def corp(client, idp):
    return Corp(client, idp)


def signed_in(response) -> dict:
    body = response.get_json()
    assert response.status_code == 200, body
    assert body["user"]["email"] == ADDRESS and body["session"]["token"]
    return body


def test_a_signed_assertion_signs_in_and_makes_a_member(client, corp, idp):
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS,
                                        attributes={"displayName": ["Ada Lovelace"]})
    body = signed_in(corp.post(xml, relay_state))
    assert body["user"]["emailVerified"] is True and body["user"]["name"] == "Ada Lovelace"
    session = client.get("/api/auth/session",
                         headers={"Authorization": f"Bearer {body['session']['token']}"})
    assert session.get_json()["session"]["sso"] == {"connectionId": corp.connection["id"],
                                                    "projectId": corp.project}
    assert members_of(client.application, corp.project)[body["user"]["id"]] == "member"


@pytest.mark.parametrize("signing", [dict(sign_response=True, sign_assertion=False),
                                     dict(sign_response=True, sign_assertion=True)],
                         ids=["response", "both"])
def test_a_signed_response_signs_in(corp, idp, signing):
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS, **signing)
    signed_in(corp.post(xml, relay_state))


@pytest.mark.parametrize("attribute", [
    "email", "mail", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"])
def test_another_name_id_format_takes_the_address_from_an_attribute(corp, idp, attribute):
    xml, relay_state = idp.response_xml(corp.begin(), **saml_idp.persistent("u-1234"),
                                        attributes={attribute: [ADDRESS]})
    signed_in(corp.post(xml, relay_state))
    # The identity is the NameID: the next sign-in finds the same account by it.
    xml, relay_state = idp.response_xml(corp.begin(), **saml_idp.persistent("u-1234"),
                                        attributes={attribute: [ADDRESS]})
    assert corp.post(xml, relay_state).get_json()["user"]["email"] == ADDRESS


# Entra ID's default claims (its SAML token claims reference): the NameID is the user
# principal name in emailAddress format, `emailaddress` the person's address, `name` the UPN.
CLAIMS = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/"
UPN = "a.lovelace@corp.test"


def entra_answer(location, idp, email=ADDRESS):
    return idp.response_xml(location, name_id=UPN, attributes={
        CLAIMS + "emailaddress": [email], CLAIMS + "name": [UPN],
        CLAIMS + "givenname": ["Ada"], CLAIMS + "surname": ["Lovelace"]})


@pytest.mark.parametrize("accounts", [(), (UPN,), (ADDRESS, UPN)],
                         ids=["new", "upn-account-exists", "both-exist"])
def test_entra_default_claims_sign_in_the_emailaddress_account(client, corp, idp, accounts):
    app = client.application
    for email in accounts:
        signed_in_user(app, email)
    body = signed_in(corp.post(*entra_answer(corp.begin(), idp)))
    assert body["user"]["email"] == ADDRESS
    if ADDRESS not in accounts:  # made now: its name from givenname and surname
        assert body["user"]["name"] == "Ada Lovelace"
    # The identity is the NameID, linked to the claim's account; the UPN's account is untouched.
    with app.app_context():
        links = db.session.execute(select(LinkedIdentity.subject, User.email).join(
            User, User.id == LinkedIdentity.user_id)).all()
    assert links == [(UPN, ADDRESS)]
    if UPN in accounts:
        upn_id = user_id(app, UPN)
        assert count(app, Session, Session.user_id == upn_id) == 1  # its own, from before
        assert upn_id not in members_of(app, corp.project)
    # The next sign-in finds the link, whatever the claim says then.
    again = corp.post(*entra_answer(corp.begin(), idp, email="ada.new@corp.test"))
    assert again.status_code == 200 and again.get_json()["user"]["id"] == body["user"]["id"]


def test_an_email_attribute_outranks_an_email_name_id_in_its_listed_order(corp, idp):
    xml, relay_state = idp.response_xml(corp.begin(), name_id=UPN, attributes={
        CLAIMS + "emailaddress": ["third@corp.test"], "mail": [ADDRESS]})
    signed_in(corp.post(xml, relay_state))


def test_a_long_name_id_is_refused_and_a_long_display_name_cut(corp, idp):
    xml, relay_state = idp.response_xml(corp.begin(), **saml_idp.persistent("u" * 256),
                                        attributes={"mail": [ADDRESS]})
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    assert corp.user(ADDRESS) is None
    shown = "Ada\tLove\u200blace " + "e" * 300
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS,
                                        attributes={"displayName": [shown]})
    name = signed_in(corp.post(xml, relay_state))["user"]["name"]
    assert name == ("AdaLovelace " + "e" * 300)[:255]


def test_without_an_address_or_outside_the_domains_it_is_sso_error(corp, idp):
    xml, relay_state = idp.response_xml(corp.begin(), **saml_idp.persistent("u-1"))
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    xml, relay_state = idp.response_xml(corp.begin(), name_id="ada@elsewhere.test")
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    assert corp.user("ada@elsewhere.test") is None


def test_with_a_redirect_url_the_code_is_exchanged_once(client, corp, idp):
    location = corp.begin(f"{SPA}/sso-done")
    xml, relay_state = idp.response_xml(location, name_id=ADDRESS)
    response = corp.post(xml, relay_state)
    assert response.status_code == 302
    target = urlsplit(response.headers["Location"])
    assert f"{target.scheme}://{target.netloc}" == SPA and target.path == "/sso-done"
    code = parse_qs(target.query)["code"][0]
    exchanged = client.post("/api/auth/sso/token", json={"code": code})
    assert exchanged.status_code == 200 and exchanged.get_json()["user"]["email"] == ADDRESS
    refused(client.post("/api/auth/sso/token", json={"code": code}), 400, "INVALID_TOKEN")
    # A refused answer of a sign-in with a redirectUrl goes back there with error=sso_error.
    xml, relay_state = idp.response_xml(corp.begin(f"{SPA}/sso-done"), name_id=ADDRESS)
    response = corp.post(saml_idp.unsigned(xml), relay_state)
    assert response.status_code == 302
    assert parse_qs(urlsplit(response.headers["Location"]).query)["error"] == ["sso_error"]


# --- everything that must be refused ---

def other_key(corp, idp, location):
    forger = SamlIdp(idp.entity_id, idp.sso_url)
    forger.sp_metadata = list(idp.sp_metadata)
    return forger.response_xml(location, name_id=ADDRESS)


def resigned(edit):
    def make(corp, idp, location):
        xml, relay_state = idp.response_xml(location, name_id=ADDRESS)
        return idp.resign(xml, edit), relay_state
    return make


def plain(change, **options):
    def make(corp, idp, location):
        xml, relay_state = idp.response_xml(location, name_id=ADDRESS, **options)
        return change(xml), relay_state
    return make


def wrapped(number):
    def make(corp, idp, location):
        xml, relay_state = idp.response_xml(location, name_id=ADDRESS,
                                            sign_response=number <= 2, sign_assertion=number > 2)
        return saml_idp.xsw(number, xml, ATTACKER), relay_state
    return make


def error_status(corp, idp, location):
    return idp.error_xml(location)


def signed_by_signxml(signature_algorithm, digest_algorithm="sha256"):
    """The Assertion signed again by signxml: with the provider's own key, or for HMAC keyed
    with its public certificate (all that a key-confusion forger needs)."""
    def make(corp, idp, location):
        xml, relay_state = idp.response_xml(location, name_id=ADDRESS)
        pem = idp.certificate.public_bytes(serialization.Encoding.PEM)
        key, certificate = (pem, None) if signature_algorithm.startswith("hmac") else (
            idp.key, pem.decode())
        return saml_idp.signed_with(xml, key, certificate, signature_algorithm=signature_algorithm,
                                    digest_algorithm=digest_algorithm), relay_state
    return make


ATTACKS = {
    **{f"XSW{n}": wrapped(n) for n in range(1, 9)},
    "unsigned": plain(saml_idp.unsigned),
    "unsigned-response-of-unsigned-assertion": plain(
        lambda xml: xml, sign_assertion=False, sign_response=False),
    "another-key": other_key,
    "idp-initiated": resigned(saml_idp.drop_in_response_to),
    "confirmation-not-naming-the-request": resigned(saml_idp.drop_confirmation_in_response_to),
    "assertion-signature-moved-to-response": plain(saml_idp.signature_moved_to_response),
    "hmac-keyed-by-the-certificate": signed_by_signxml("hmac-sha256"),
    "unlisted-signature-method": signed_by_signxml("rsa-sha224"),
    "unlisted-digest": signed_by_signxml("rsa-sha256", "sha224"),
    "wrong-audience": resigned(saml_idp.set_audience("https://sp.elsewhere.test")),
    "wrong-recipient": resigned(saml_idp.set_recipient("https://sp.elsewhere.test/acs")),
    "no-recipient": resigned(saml_idp.set_recipient(None)),
    "wrong-destination": plain(lambda xml: saml_idp.set_destination(
        xml, "https://sp.elsewhere.test/acs")),
    "expired": resigned(saml_idp.set_times(not_before="2020-01-01T00:00:00Z",
                                           not_on_or_after="2020-01-01T00:05:00Z")),
    "not-yet-valid": resigned(saml_idp.set_times(not_before="2099-01-01T00:00:00Z",
                                                 not_on_or_after="2099-01-01T00:05:00Z")),
    "valid-until-year-9999": resigned(saml_idp.set_times(
        not_before="2020-01-01T00:00:00Z", not_on_or_after="9999-12-31T23:59:59Z")),
    "status-not-success": error_status,
    "comment-in-name-id": resigned(saml_idp.name_id_with_comment(ADDRESS, ".evil.test")),
    "xxe": plain(lambda xml: saml_idp.with_doctype(xml, "xxe")),
    "billion-laughs": plain(lambda xml: saml_idp.with_doctype(xml, "laughs")),
}


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_a_forged_or_wrong_answer_is_sso_error_and_no_session(corp, idp, attack):
    before = corp.sessions()
    location = corp.begin()
    xml, relay_state = ATTACKS[attack](corp, idp, location)
    body = refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    assert "root:" not in body["message"]
    assert corp.sessions() == before
    assert corp.user(ATTACKER) is None and corp.user(ADDRESS) is None
    # The RelayState was spent by that post: the genuine answer cannot follow it.
    genuine, _ = idp.response_xml(location, name_id=ADDRESS)
    refused(corp.post(genuine, relay_state), 400, "SSO_ERROR")
    assert corp.sessions() == before


@pytest.mark.parametrize("algorithms", [("rsa-sha256", "sha256"), ("rsa-sha512", "sha384")])
def test_an_assertion_signed_with_a_listed_algorithm_signs_in(corp, idp, algorithms):
    # The refusals above are the algorithms' alone: signxml's own signatures otherwise pass.
    xml, relay_state = signed_by_signxml(*algorithms)(corp, idp, corp.begin())
    signed_in(corp.post(xml, relay_state))


@pytest.mark.parametrize("validity", [dict(start_days=-30, days=-1), dict(start_days=1)],
                         ids=["expired", "not-yet-valid"])
def test_a_certificate_outside_its_validity_period_is_refused(client, validity):
    idp = SamlIdp(signing_key=saml_idp.key_and_certificate("idp.example.test", **validity))
    corp = Corp(client, idp)
    before = corp.sessions()
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    body = refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    assert "validity" in body["message"]
    assert corp.sessions() == before and corp.user(ADDRESS) is None


def answer_at(corp, idp, when: datetime):
    """The provider's answer, its times moved to `when` (valid from a minute before it)."""
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    stamp = "%Y-%m-%dT%H:%M:%SZ"
    return idp.resign(xml, saml_idp.set_times(
        not_before=(when - timedelta(minutes=1)).strftime(stamp),
        not_on_or_after=(when + timedelta(minutes=5)).strftime(stamp))), relay_state


def test_the_certificate_validity_follows_the_service_clock(client, clock):
    idp = SamlIdp(signing_key=saml_idp.key_and_certificate("idp.example.test", days=3 / 24))
    corp = Corp(client, idp)
    clock.advance(hours=2)  # the certificate ends in an hour
    signed_in(corp.post(*answer_at(corp, idp, datetime.now(UTC) + timedelta(hours=2))))
    clock.advance(hours=2)  # it ended an hour ago
    body = refused(corp.post(*answer_at(corp, idp, datetime.now(UTC) + timedelta(hours=4))),
                   400, "SSO_ERROR")
    assert "validity" in body["message"]


def test_the_times_follow_the_service_clock(corp, idp, clock):
    # The provider's answers are valid for 5 minutes from now; the service allows 60 s of skew.
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    clock.advance(minutes=7)
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    clock.advance(minutes=-17)
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")  # the service is 10 minutes behind
    clock.advance(minutes=9, seconds=30)  # 30 s behind the provider: within the skew
    signed_in(corp.post(*idp.response_xml(corp.begin(), name_id=ADDRESS)))


def test_an_answer_is_accepted_once(corp, idp):
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    signed_in(corp.post(xml, relay_state))
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    # The same Assertion (its ID) answering a new request, genuinely signed: a replay.
    first_id = re.search(r'<ns\d:Assertion [^>]*ID="([^"]+)"', xml).group(1)
    location = corp.begin()
    again, relay_state = idp.response_xml(location, name_id=ADDRESS)
    replayed = idp.resign(again, saml_idp.set_assertion_id(first_id))
    before = corp.sessions()
    refused(corp.post(replayed, relay_state), 400, "SSO_ERROR")
    assert corp.sessions() == before


def test_a_post_without_a_usable_relay_state_or_response_is_400(corp, idp):
    location = corp.begin()
    xml, relay_state = idp.response_xml(location, name_id=ADDRESS)
    refused(corp.post(xml, None), 400, "SSO_ERROR")
    refused(corp.post(xml, "x" * 43), 400, "SSO_ERROR")
    for form in ({"RelayState": relay_state}, {"SAMLResponse": "%%%", "RelayState": "y"},
                 {}):
        response = corp.client.post(corp.acs, data=form)
        assert response.status_code == 400, response.get_json()
    assert corp.client.post(corp.acs, data={"SAMLResponse": "!!", "RelayState": relay_state}
                            ).status_code == 400
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")  # spent by the garbage post


def test_a_connection_changed_during_the_sign_in_refuses_the_answer(client, corp, idp):
    path = f"/api/projects/{corp.project}/sso-connections/{corp.connection['id']}"
    # Deactivated while the user is at the provider.
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    assert client.patch(path, headers=corp.owner, json={"status": "INACTIVE"}).status_code == 200
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    assert client.patch(path, headers=corp.owner, json={"status": "ACTIVE"}).status_code == 200
    # The domain removed meanwhile.
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    with client.application.app_context():
        db.session.execute(delete(Domain).where(Domain.project_id == corp.project))
        db.session.commit()
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    # Deleted meanwhile.
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    assert client.delete(path, headers=corp.owner).status_code == 204
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")
    assert corp.user(ADDRESS) is None


def test_a_relay_state_is_good_only_at_its_connection(client, corp, idp):
    other = client.post(f"/api/projects/{corp.project}/sso-connections", headers=corp.owner,
                        json={"type": "saml", "name": "Other", "idpMetadataXml":
                              idp.metadata_xml()}).get_json()["data"]
    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    response = client.post(urlsplit(other["saml"]["acsUrl"]).path,
                           data={"SAMLResponse": encode(xml), "RelayState": relay_state})
    refused(response, 400, "SSO_ERROR")
    refused(corp.post(xml, relay_state), 400, "SSO_ERROR")  # spent by that post
    assert corp.user(ADDRESS) is None


def test_one_answer_posted_twice_at_once_makes_one_session(live_server, corp, idp):
    import requests

    xml, relay_state = idp.response_xml(corp.begin(), name_id=ADDRESS)
    before = corp.sessions()
    answers = at_once(*[lambda: requests.post(live_server + corp.acs, timeout=30, data={
        "SAMLResponse": encode(xml), "RelayState": relay_state})] * 2)
    assert sorted(a.status_code for a in answers) == [200, 400]
    assert corp.sessions() == before + 1


def test_accepted_assertion_ids_are_purged_once_they_could_not_be_accepted(client, corp, idp,
                                                                             clock):
    signed_in(corp.post(*idp.response_xml(corp.begin(), name_id=ADDRESS)))  # 5 minutes valid
    runner = client.application.test_cli_runner()
    clock.advance(minutes=5, seconds=30)  # within NotOnOrAfter plus the skew: kept
    assert "saml_accepted_assertions: 0 removed" in runner.invoke(
        args=["purge-expired"]).output
    clock.advance(minutes=1)
    assert "saml_accepted_assertions: 1 removed" in runner.invoke(
        args=["purge-expired"]).output
