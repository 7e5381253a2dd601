"""One address rule (extensions.md E4.6): a directory's e-mails are stored as written whatever
they are, and the address a User links by is taken by sign-up's rule, so the directory can
provision whoever could sign up (`ada@corp.test`), and a value that is no address links to
no account."""
from sqlalchemy import select

from core.db import db
from sections.auth.models import User
from sections.scim.models import ScimUser
from tests.factories import members_of, user_id
from tests.scim.scim import directory, scim, user_body
from tests.sso_provider import verified_domain


def linked_account(app, scim_user_id):
    with app.app_context():
        return db.session.get(ScimUser, scim_user_id).account_id


def accounts(app) -> set:
    with app.app_context():
        return set(db.session.execute(select(User.email)).scalars())


def test_an_address_at_a_special_use_domain_is_provisioned(app, client, auth):
    project, _headers, token = directory(app, client, auth)
    verified_domain(app, project, "corp.test")
    created = scim(client, "POST", "/Users", token, user_body(
        "ada", emails=[{"value": "ada@corp.test", "primary": True}]))
    assert created.status_code == 201, created.get_json()
    ada = user_id(app, "ada@corp.test")
    assert linked_account(app, created.get_json()["id"]) == ada
    assert members_of(app, project)[ada] == "member"
    # Read back as written; linked by the trimmed, lower-cased address.
    emails = [{"value": " Grace@Corp.TEST ", "type": "work"}]
    grace = scim(client, "POST", "/Users", token, user_body("grace", emails=emails))
    assert grace.status_code == 201, grace.get_json()
    assert scim(client, "GET", f"/Users/{grace.get_json()['id']}", token).get_json()[
        "emails"] == emails
    assert members_of(app, project)[user_id(app, "grace@corp.test")] == "member"


def test_a_value_that_is_no_address_links_to_no_account(app, client, auth):
    project, _headers, token = directory(app, client, auth)
    verified_domain(app, project, "corp.example")
    before, members = accounts(app), members_of(app, project)
    victim = "victim@example.com@corp.example"
    for body in (user_body("victim", emails=[{"value": victim}]), user_body(victim),
                 user_body("mallory", emails=[{"value": victim, "primary": True},
                                              {"value": "mallory@corp.example"}])):
        created = scim(client, "POST", "/Users", token, body)
        assert created.status_code == 201, created.get_json()
        assert scim(client, "GET", f"/Users/{created.get_json()['id']}",
                    token).get_json() == created.get_json()
        assert linked_account(app, created.get_json()["id"]) is None
    assert accounts(app) == before and members_of(app, project) == members


def test_an_e_mail_that_cannot_be_stored_is_400(app, client, auth):
    _project, _headers, token = directory(app, client, auth)
    for value in ("a\x00@corp.example", "\ud800@corp.example", "a" * 321, 7):
        answer = scim(client, "POST", "/Users", token, user_body(
            "nul", emails=[{"value": value}]))
        assert answer.status_code == 400, (value, answer.get_json())
        assert answer.get_json()["scimType"] == "invalidValue"
