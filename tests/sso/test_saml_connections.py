"""SAML connections (extensions.md E4.2): IdP metadata read at creation and on PATCH (refused
with a DOCTYPE, without an HTTP-Redirect SSO service or a signing certificate, over 100 kB),
the certificates answered by fingerprint, the service's metadata (no bearer) and the
AuthnRequest the sign-in redirects with."""
import hashlib

import pytest
from cryptography.hazmat.primitives import serialization
from lxml import etree

from core.fields import utc_iso
from tests.content import signed_in_user
from tests.factories import audit_entries, make_project
from tests.http import error
from tests.saml_idp import SamlIdp, key_and_certificate

MD = "urn:oasis:names:tc:SAML:2.0:metadata"
DS = "http://www.w3.org/2000/09/xmldsig#"


@pytest.fixture(scope="module")
def idp():
    return SamlIdp()


@pytest.fixture
def owner(app):
    headers = signed_in_user(app, "owner@corp.test")
    return make_project(app, "owner@corp.test"), headers


def create(client, owner, xml, name="Corp SAML"):
    project, headers = owner
    return client.post(f"/api/projects/{project}/sso-connections", headers=headers,
                       json={"type": "saml", "name": name, "idpMetadataXml": xml})


def fingerprint(certificate) -> str:
    digest = hashlib.sha256(certificate.public_bytes(serialization.Encoding.DER)).hexdigest()
    return ":".join(digest[i:i + 2] for i in range(0, 64, 2)).upper()


def test_an_owner_connects_a_saml_provider(client, owner, idp):
    response = create(client, owner, idp.metadata_xml())
    assert response.status_code == 201, response.get_json()
    connection = response.get_json()["data"]
    entity = f"http://app.test/api/auth/sso/saml/{connection['id']}"
    assert connection["type"] == "saml" and connection["oidc"] is None
    assert connection["saml"] == {
        "idpEntityId": idp.entity_id, "idpSsoUrl": idp.sso_url,
        "spEntityId": entity, "acsUrl": entity + "/acs", "metadataUrl": entity + "/metadata",
        "certificates": [{
            "sha256Fingerprint": fingerprint(idp.certificate),
            "notAfter": utc_iso(idp.certificate.not_valid_after_utc)}],
        "idpInitiated": {"allowed": False, "redirectUrl": None}}
    entries = audit_entries(client.application, "project.sso_connection_add")
    assert [e[4]["connectionId"] for e in entries] == [connection["id"]]


def edited(xml: str, edit) -> str:
    root = etree.fromstring(xml.encode())
    edit(root)
    return etree.tostring(root).decode()


def drop(path):
    def edit(root):
        for element in root.iterfind(path, {"md": MD, "ds": DS}):
            element.getparent().remove(element)
    return edit


def set_use(value):
    def edit(root):
        for element in root.iterfind(".//md:KeyDescriptor", {"md": MD}):
            if value is None:
                element.attrib.pop("use", None)
            else:
                element.set("use", value)
    return edit


def only_post_binding(root):
    for element in root.iterfind(".//md:SingleSignOnService", {"md": MD}):
        element.set("Binding", "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST")


XXE = ('<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
       f'<md:EntityDescriptor xmlns:md="{MD}" entityID="&x;"/>')
LAUGHS = ('<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">'
          + "".join(f'<!ENTITY {chr(98 + n)} "{("&" + chr(97 + n) + ";") * 10}">'
                    for n in range(8))
          + f']><md:EntityDescriptor xmlns:md="{MD}" entityID="&i;"/>')


@pytest.mark.parametrize("make", [
    lambda xml: XXE,
    lambda xml: LAUGHS,
    lambda xml: xml.replace("<ns0:EntityDescriptor", '<!DOCTYPE x><ns0:EntityDescriptor', 1),
    lambda xml: edited(xml, lambda root: root.attrib.pop("entityID")),
    lambda xml: edited(xml, only_post_binding),
    lambda xml: edited(xml, drop(".//md:KeyDescriptor")),
    lambda xml: edited(xml, set_use("encryption")),
    lambda xml: edited(xml, drop(".//md:IDPSSODescriptor")),
    lambda xml: "<not-metadata/>",
    lambda xml: "not XML at all <",
    lambda xml: xml.replace("</ns0:EntityDescriptor>",
                            "<!--" + "x" * 100_000 + "--></ns0:EntityDescriptor>"),
], ids=["xxe", "billion-laughs", "doctype", "no-entity-id", "no-redirect-binding",
        "no-certificate", "encryption-only", "no-idp", "other-xml", "not-xml", "over-100kB"])
def test_unusable_metadata_is_400_naming_it(client, owner, idp, make):
    body = error(create(client, owner, make(idp.metadata_xml())), 400, "VALIDATION_ERROR")
    assert "idpMetadataXml" in body["details"], body
    assert "root:" not in str(body)  # nothing of /etc/passwd


def test_a_key_descriptor_without_use_counts_as_signing(client, owner, idp):
    response = create(client, owner, edited(idp.metadata_xml(), set_use(None)))
    assert response.status_code == 201, response.get_json()
    assert len(response.get_json()["data"]["saml"]["certificates"]) == 1


def test_patch_replaces_the_certificates(client, owner, idp):
    project, headers = owner
    connection = create(client, owner, idp.metadata_xml()).get_json()["data"]
    rolled = SamlIdp(idp.entity_id, "https://idp.example.test/saml/sso2",
                     signing_key=key_and_certificate("new.idp.example.test"))
    path = f"/api/projects/{project}/sso-connections/{connection['id']}"
    response = client.patch(path, headers=headers, json={"idpMetadataXml": rolled.metadata_xml()})
    assert response.status_code == 200, response.get_json()
    saml = response.get_json()["data"]["saml"]
    assert saml["idpSsoUrl"] == "https://idp.example.test/saml/sso2"
    assert [c["sha256Fingerprint"] for c in saml["certificates"]] == [
        fingerprint(rolled.certificate)]
    refused = client.patch(path, headers=headers, json={"idpMetadataXml": XXE})
    assert "idpMetadataXml" in error(refused, 400, "VALIDATION_ERROR")["details"]
    assert client.get(path, headers=headers).get_json()["data"]["saml"] == saml


def test_the_service_metadata_needs_no_bearer(client, owner, idp):
    connection = create(client, owner, idp.metadata_xml()).get_json()["data"]
    response = client.get(f"/api/auth/sso/saml/{connection['id']}/metadata")
    assert response.status_code == 200
    assert response.mimetype == "application/samlmetadata+xml"
    root = etree.fromstring(response.data)
    assert root.tag == f"{{{MD}}}EntityDescriptor"
    assert root.get("entityID") == connection["saml"]["spEntityId"]
    assert root.find(f"{{{MD}}}Extensions") is None  # no list of algorithms with MD5 in it
    acs = root.find(f".//{{{MD}}}AssertionConsumerService")
    assert acs.get("Location") == connection["saml"]["acsUrl"]
    assert acs.get("Binding") == "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"
    for unknown in ("0" * 32, "nope"):
        assert client.get(f"/api/auth/sso/saml/{unknown}/metadata").status_code == 404


def test_signing_in_redirects_to_the_provider_with_an_authn_request(client, owner, idp):
    connection = create(client, owner, idp.metadata_xml()).get_json()["data"]
    response = client.get(f"/api/auth/sso?connectionId={connection['id']}")
    assert response.status_code == 302
    location = response.headers["Location"]
    assert location.startswith(idp.sso_url + "?")
    stand_in = SamlIdp(idp.entity_id, idp.sso_url, signing_key=(idp.key, idp.certificate))
    stand_in.trust(client.get(connection["saml"]["metadataUrl"].removeprefix("http://app.test"))
                   .data)
    request, relay_state = stand_in.read_request(location)
    assert request.issuer.text == connection["saml"]["spEntityId"]
    assert request.assertion_consumer_service_url == connection["saml"]["acsUrl"]
    assert request.destination == idp.sso_url
    assert request.name_id_policy is None  # the provider's own NameID setting applies
    assert relay_state and len(relay_state) >= 43
    # Each sign-in has its own RelayState and AuthnRequest.
    again = client.get(f"/api/auth/sso?connectionId={connection['id']}").headers["Location"]
    other, other_state = stand_in.read_request(again)
    assert other.id != request.id and other_state != relay_state
