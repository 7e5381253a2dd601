"""Verified domains (extensions.md E4.1) through HTTP: claiming a domain, its normal form and
the names refused, verification against a DNS server on loopback (the right record, a wrong
one, NXDOMAIN, no answer at all), one project at a time holding a domain, the list, removal,
who may do what, and the audit entries."""
import re

import pytest

from tests.content import signed_in_user
from tests.factories import audit_entries, make_project, user_id
from tests.http import error

OWNER, ADMIN, MEMBER, OUTSIDER, STAFF, RIVAL = (
    "owner@acme.test", "admin@acme.test", "member@acme.test", "outsider@example.com",
    "staff@example.com", "rival@example.com")
VALUE = re.compile(r"saas-verification=[A-Za-z0-9_-]{43}")


@pytest.fixture
def app(make_app, dns_server):
    # A short budget: the lookup that gets no answer gives up quickly (config.py DNS_TIMEOUT).
    return make_app(DNS_RESOLVER=dns_server.address, DNS_TIMEOUT=0.3)


@pytest.fixture
def team(app):
    headers = {email: signed_in_user(app, email, role="admin" if email == STAFF else "user")
               for email in (OWNER, ADMIN, MEMBER, OUTSIDER, STAFF, RIVAL)}
    project = make_project(app, OWNER, members=[MEMBER], admins=[ADMIN], name="Acme")
    rival = make_project(app, RIVAL, name="Rival")
    return project, rival, headers


def add(client, project, headers, domain):
    return client.post(f"/api/projects/{project}/domains", headers=headers,
                       json={"domain": domain})


def added(client, project, headers, domain) -> dict:
    response = add(client, project, headers, domain)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def verify(client, project, headers, domain_id):
    return client.post(f"/api/projects/{project}/domains/{domain_id}/verify", headers=headers)


def listed(client, project, headers, query="") -> dict:
    response = client.get(f"/api/projects/{project}/domains{query}", headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_domain_is_claimed_pending_with_its_record(app, client, team):
    project, _, headers = team
    domain = added(client, project, headers[OWNER], "acme.test")
    assert domain["domain"] == "acme.test" and domain["status"] == "PENDING"
    assert domain["verifiedAt"] is None and domain["createdAt"].endswith("Z")
    assert domain["verification"]["type"] == "dns-txt"
    assert domain["verification"]["name"] == "_saas-verification.acme.test"
    assert VALUE.fullmatch(domain["verification"]["value"])
    other = added(client, project, headers[OWNER], "acme-mail.test")
    assert other["verification"]["value"] != domain["verification"]["value"]
    assert audit_entries(app, "project.domain_add")[0] == (
        user_id(app, OWNER), "project.domain_add", "project", project,
        {"domainId": domain["id"], "domain": "acme.test"})


@pytest.mark.parametrize("sent, stored", [
    ("ACME.Test", "acme.test"),
    ("acme.test.", "acme.test"),  # the DNS root's dot
    (" acme.test ", "acme.test"),
    ("Bücher.example", "xn--bcher-kva.example"),
    ("xn--bcher-kva.example", "xn--bcher-kva.example"),
    ("ＡＣＭＥ.test", "acme.test"),  # full-width letters map to ASCII (UTS 46)
    ("例え.テスト", "xn--r8jz45g.xn--zckzah"),
    ("foo.github.io", "foo.github.io"),  # under a public suffix, not one itself
    ("mail.acme.co.uk", "mail.acme.co.uk"),
    ("a-b.c-d.test", "a-b.c-d.test"),
    pytest.param(("a" * 63 + ".") * 3 + "a" * 37 + ".test",
                 ("a" * 63 + ".") * 3 + "a" * 37 + ".test", id="234 characters"),
])
def test_the_domain_is_stored_in_its_normal_form(client, team, sent, stored):
    project, _, headers = team
    assert added(client, project, headers[OWNER], sent)["domain"] == stored
    assert len(stored) <= 234


@pytest.mark.parametrize("sent", [
    "", "   ", "acme", "com", "co.uk", "github.io", "kawasaki.jp", "xn--p1ai",
    "192.0.2.1", "192.0.2.1.", "::1", "[2001:db8::1]", "1.2.3",
    pytest.param("a" * 64 + ".test", id="a label of 64"),
    pytest.param(("a" * 63 + ".") * 3 + "a" * 38 + ".test", id="235 characters"),
    pytest.param(("ä" * 20 + ".") * 11 + "test", id="too long once in ASCII"),
    pytest.param("x" * 5000 + ".test", id="5000 characters"),
    "-acme.test", "acme-.test", "ac_me.test", "acme..test",
    "acme.test..", ".acme.test", "ac me.test", "acme.test/path", "user@acme.test",
    "☃.test", "xn--zz.test", "acme.test\u0000", "\ud800.test", "http://acme.test",
    "*.acme.test", "ab--cd.test",
])
def test_names_that_are_no_claimable_domain_are_400(client, team, sent):
    project, _, headers = team
    body = error(add(client, project, headers[OWNER], sent), 400, "VALIDATION_ERROR")
    assert "domain" in str(body["details"])


@pytest.mark.parametrize("body", [{}, {"domain": None}, {"domain": 7}, {"domain": ["a.test"]}])
def test_bodies_without_a_domain_string_are_400(client, team, body):
    project, _, headers = team
    error(client.post(f"/api/projects/{project}/domains", headers=headers[OWNER], json=body),
          400, "VALIDATION_ERROR")


def test_a_domain_once_per_project_and_twenty_at_most(client, team):
    project, rival, headers = team
    added(client, project, headers[OWNER], "bücher.example")
    for spelling in ("xn--bcher-kva.example", "BÜCHER.example."):
        error(add(client, project, headers[OWNER], spelling), 409, "CONFLICT")
    # Another project may claim it too: only verification is one project's at a time.
    added(client, rival, headers[RIVAL], "bücher.example")
    for i in range(19):
        added(client, project, headers[OWNER], f"d{i}.test")
    body = error(add(client, project, headers[OWNER], "one-more.test"), 409, "CONFLICT")
    assert "20" in body["message"]
    assert listed(client, project, headers[OWNER])["meta"]["total"] == 20


def test_verification_with_the_record_published(app, client, team, dns_server):
    project, _, headers = team
    domain = added(client, project, headers[OWNER], "acme.test")
    dns_server.publish(domain["verification"]["name"], "v=spf1 -all",
                       domain["verification"]["value"])
    answer = verify(client, project, headers[OWNER], domain["id"])
    assert answer.status_code == 200, answer.get_json()
    verified = answer.get_json()["data"]
    assert verified["status"] == "VERIFIED" and verified["verifiedAt"].endswith("Z")
    # Again: 200, unchanged, and no second entry; the record may go once verified.
    dns_server.forget(domain["verification"]["name"])
    again = verify(client, project, headers[OWNER], domain["id"])
    assert again.status_code == 200 and again.get_json()["data"] == verified
    assert audit_entries(app, "project.domain_verify") == [
        (user_id(app, OWNER), "project.domain_verify", "project", project,
         {"domainId": domain["id"], "domain": "acme.test"})]
    assert listed(client, project, headers[OWNER])["data"] == [verified]


def test_a_record_in_several_strings_is_read_joined(client, team, dns_server):
    project, _, headers = team
    domain = added(client, project, headers[OWNER], "Bücher.example")
    assert domain["verification"]["name"] == "_saas-verification.xn--bcher-kva.example"
    dns_server.publish(domain["verification"]["name"], domain["verification"]["value"],
                       split=True)
    assert verify(client, project, headers[OWNER],
                  domain["id"]).get_json()["data"]["status"] == "VERIFIED"


@pytest.mark.parametrize("dns_state, says", [
    ("wrong", "other values"),
    ("nxdomain", "NXDOMAIN"),
    ("no_txt", "no TXT record"),
    ("silent", "did not answer"),
    ("value_elsewhere", "NXDOMAIN"),  # the value at the domain itself, not at the record's name
])
def test_without_the_record_verification_is_409_naming_it(app, client, team, dns_server,
                                                          dns_state, says):
    project, _, headers = team
    domain = added(client, project, headers[OWNER], "acme.test")
    name, value = domain["verification"]["name"], domain["verification"]["value"]
    if dns_state == "wrong":
        dns_server.publish(name, value[:-1], value + "x", "saas-verification=" + "A" * 43)
    elif dns_state == "no_txt":
        dns_server.exists_without_txt(name)
    elif dns_state == "silent":
        dns_server.silence(name)
    elif dns_state == "value_elsewhere":
        dns_server.publish("acme.test", value)
    body = error(verify(client, project, headers[OWNER], domain["id"]), 409, "CONFLICT")
    assert name in body["message"] and value in body["message"] and says in body["message"]
    assert listed(client, project, headers[OWNER])["data"][0]["status"] == "PENDING"
    assert audit_entries(app, "project.domain_verify") == []
    # Published later, it verifies.
    dns_server.publish(name, value)
    assert verify(client, project, headers[OWNER], domain["id"]).status_code == 200


def test_one_project_at_a_time_holds_a_domain_verified(client, team, dns_server):
    project, rival, headers = team
    mine = added(client, project, headers[OWNER], "acme.test")
    theirs = added(client, rival, headers[RIVAL], "ACME.test")
    name = mine["verification"]["name"]
    dns_server.publish(name, mine["verification"]["value"], theirs["verification"]["value"])
    assert verify(client, project, headers[OWNER], mine["id"]).status_code == 200
    body = error(verify(client, rival, headers[RIVAL], theirs["id"]), 409, "CONFLICT")
    assert "another project" in body["message"]
    assert listed(client, rival, headers[RIVAL])["data"][0]["status"] == "PENDING"
    # Once the holder removes it, the other project may verify it.
    removed = client.delete(f"/api/projects/{project}/domains/{mine['id']}",
                            headers=headers[OWNER])
    assert removed.status_code == 204
    assert verify(client, rival, headers[RIVAL], theirs["id"]).status_code == 200


def test_the_list_filters_by_status_and_sorts_by_creation(client, team, dns_server, clock):
    project, _, headers = team
    made = []
    for name in ("a.test", "b.test", "c.test"):
        made.append(added(client, project, headers[OWNER], name))
        clock.advance(seconds=1)
    dns_server.publish(made[1]["verification"]["name"], made[1]["verification"]["value"])
    verify(client, project, headers[OWNER], made[1]["id"])
    owner = headers[OWNER]
    assert [d["domain"] for d in listed(client, project, owner)["data"]] == [
        "c.test", "b.test", "a.test"]
    assert [d["domain"] for d in listed(client, project, owner, "?order=asc")["data"]] == [
        "a.test", "b.test", "c.test"]
    assert [d["domain"] for d in listed(client, project, owner, "?status=VERIFIED")["data"]] \
        == ["b.test"]
    pending = listed(client, project, owner, "?status=PENDING&limit=1")
    assert pending["meta"]["total"] == 2 and len(pending["data"]) == 1
    for query in ("?status=verified", "?status=DONE", "?sort=domain", "?limit=0"):
        error(client.get(f"/api/projects/{project}/domains{query}", headers=owner),
              400, "VALIDATION_ERROR")


def test_removal(app, client, team, dns_server):
    project, rival, headers = team
    domain = added(client, project, headers[OWNER], "acme.test")
    dns_server.publish(domain["verification"]["name"], domain["verification"]["value"])
    verify(client, project, headers[OWNER], domain["id"])
    path = f"/api/projects/{project}/domains/{domain['id']}"
    # Through another project's path: no such domain there.
    error(client.delete(f"/api/projects/{rival}/domains/{domain['id']}",
                        headers=headers[RIVAL]), 404, "NOT_FOUND")
    assert client.delete(path, headers=headers[OWNER]).status_code == 204
    error(client.delete(path, headers=headers[OWNER]), 404, "NOT_FOUND")
    error(client.post(path + "/verify", headers=headers[OWNER]), 404, "NOT_FOUND")
    assert listed(client, project, headers[OWNER])["meta"]["total"] == 0
    assert audit_entries(app, "project.domain_remove") == [
        (user_id(app, OWNER), "project.domain_remove", "project", project,
         {"domainId": domain["id"], "domain": "acme.test", "status": "VERIFIED"})]
    # Claimed again, it starts over with a new value.
    again = added(client, project, headers[OWNER], "acme.test")
    assert again["status"] == "PENDING"
    assert again["verification"]["value"] != domain["verification"]["value"]


def test_who_may_do_what(client, team, dns_server):
    project, _, headers = team
    domain = added(client, project, headers[OWNER], "acme.test")
    base = f"/api/projects/{project}/domains"
    one = f"{base}/{domain['id']}"
    # A project admin reads the list, and changes nothing (403 before the body's 400).
    assert listed(client, project, headers[ADMIN])["meta"]["total"] == 1
    for response in (client.post(base, headers=headers[ADMIN], json={"domain": "x.test"}),
                     client.post(base, headers=headers[ADMIN], json={"domain": "com"}),
                     client.post(one + "/verify", headers=headers[ADMIN]),
                     client.delete(one, headers=headers[ADMIN])):
        body = error(response, 403, "FORBIDDEN")
        assert "domains of this project" in body["message"]
    # A member: 403 everywhere; someone outside the project: 404 everywhere; nobody: 401.
    for who, status, code in ((MEMBER, 403, "FORBIDDEN"), (OUTSIDER, 404, "NOT_FOUND")):
        for response in (client.get(base, headers=headers[who]),
                         client.post(base, headers=headers[who], json={"domain": "x.test"}),
                         client.post(one + "/verify", headers=headers[who]),
                         client.delete(one, headers=headers[who])):
            error(response, status, code)
    error(client.get(base), 401, "AUTH_ERROR")
    # A platform admin acts as the owner.
    staff = headers[STAFF]
    assert listed(client, project, staff)["meta"]["total"] == 1
    other = added(client, project, staff, "staff.test")
    dns_server.publish(other["verification"]["name"], other["verification"]["value"])
    assert verify(client, project, staff, other["id"]).status_code == 200
    assert client.delete(f"{base}/{other['id']}", headers=staff).status_code == 204
    # Ids that name nothing.
    for bad in ("0" * 32, "%00", "x" * 65):
        error(client.post(f"{base}/{bad}/verify", headers=headers[OWNER]), 404, "NOT_FOUND")
    error(client.get(f"/api/projects/{'0' * 32}/domains", headers=staff), 404, "NOT_FOUND")


def test_a_deleted_project_takes_its_domains(app, client, team, dns_server):
    project, rival, headers = team
    domain = added(client, project, headers[OWNER], "acme.test")
    theirs = added(client, rival, headers[RIVAL], "acme.test")
    name = domain["verification"]["name"]
    dns_server.publish(name, domain["verification"]["value"], theirs["verification"]["value"])
    verify(client, project, headers[OWNER], domain["id"])
    assert client.delete(f"/api/projects/{project}", headers=headers[OWNER]).status_code == 204
    assert verify(client, rival, headers[RIVAL], theirs["id"]).status_code == 200
