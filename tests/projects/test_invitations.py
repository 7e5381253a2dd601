"""Invitations (resources.md R3) through HTTP: the e-mail on the real SMTP sink, the token's
single use, lifetime and addressee, replacement, revocation and concurrent accepts."""
import pytest
import requests
from sqlalchemy import func, select

from core.db import db
from core.fields import utc_iso
from sections.projects.models import Invitation, Membership
from tests.factories import (
    audit_entries,
    make_admin,
    make_project,
    members_of,
    user_id,
    verify_email,
)
from tests.http import error, signed_in
from tests.parallel import run_at_once

OWNER, GUEST, OTHER = "owner@example.com", "guest@example.com", "other@example.com"


@pytest.fixture
def setup(app, auth):
    """A project, its owner's headers, and a guest (verified) who has an account."""
    owner = auth.headers(OWNER)
    guest = auth.headers(GUEST)
    verify_email(app, GUEST)
    project = make_project(app, OWNER, name="Apollo")
    return project, owner, guest


def invite(client, project, headers, email=GUEST):
    return client.post(f"/api/projects/{project}/invitations", headers=headers,
                       json={"email": email})


def test_an_invitation_is_mailed_with_a_link_holding_its_token(app, client, setup, mail, clock):
    project, owner, _ = setup
    response = invite(client, project, owner, "  Guest@Example.com ")
    assert response.status_code == 201
    data = response.get_json()["data"]
    stamp = utc_iso(clock.now)
    assert data == {
        "id": data["id"], "projectId": project, "email": GUEST, "status": "PENDING",
        "invitedBy": {"id": user_id(app, OWNER), "email": OWNER, "name": None, "image": None},
        "role": "member", "createdAt": stamp, "expiresAt": data["expiresAt"]}
    assert data["expiresAt"][:10] > stamp[:10]
    body = mail.last_body(GUEST)
    assert "Apollo" in body
    assert mail.last_link(GUEST).startswith("http://app.test/invitations?token=")
    token = mail.last_token(GUEST)
    with app.app_context():  # only its SHA-256 is stored
        row = db.session.execute(select(Invitation)).scalar_one()
        assert token not in (row.token_hash, row.id) and len(row.token_hash) == 64


def test_invitation_url_is_configurable(make_app, smtp_sink, mail, auth):
    app = make_app(INVITATION_URL="https://front.test/join?from=mail")
    client = app.test_client()
    owner = {"Authorization": "Bearer " + client.post("/api/auth/sign-up", json={
        "email": OWNER, "password": "Tr0ub4dor&3-horse-staple"}).get_json()["session"]["token"]}
    project = make_project(app, OWNER)
    assert invite(client, project, owner).status_code == 201
    assert mail.last_link(GUEST).startswith("https://front.test/join?from=mail&token=")


def test_accept_makes_the_guest_a_member(app, client, setup, mail):
    project, owner, guest = setup
    invite(client, project, owner)
    listed = client.get("/api/invitations", headers=guest).get_json()
    assert listed["meta"]["total"] == 1
    assert listed["data"][0]["project"] == {"id": project, "name": "Apollo"}
    assert "email" not in listed["data"][0]["invitedBy"]  # the invitee is not a member yet
    response = client.post("/api/invitations/accept", headers=guest,
                           json={"token": mail.last_token(GUEST)})
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert (data["id"], data["role"], data["memberCount"]) == (project, "member", 2)
    assert members_of(app, project)[user_id(app, GUEST)] == "member"
    assert client.get("/api/invitations", headers=guest).get_json()["data"] == []
    statuses = client.get(f"/api/projects/{project}/invitations", headers=owner).get_json()
    assert [i["status"] for i in statuses["data"]] == ["ACCEPTED"]
    # Used: the token is spent.
    again = client.post("/api/invitations/accept", headers=guest,
                        json={"token": mail.last_token(GUEST)})
    error(again, 400, "INVALID_TOKEN")


def test_decline_answers_the_invitation(client, setup, mail, app):
    project, owner, guest = setup
    invite(client, project, owner)
    token = mail.last_token(GUEST)
    response = client.post("/api/invitations/decline", headers=guest, json={"token": token})
    assert response.status_code == 200
    assert response.get_json()["data"]["status"] == "DECLINED"
    error(client.post("/api/invitations/accept", headers=guest, json={"token": token}), 400,
          "INVALID_TOKEN")
    assert user_id(app, GUEST) not in members_of(app, project)


def test_the_wrong_account_gets_403_and_the_invitation_stays_usable(app, client, auth, setup,
                                                                    mail):
    project, owner, guest = setup
    invite(client, project, owner)
    token = mail.last_token(GUEST)
    other = auth.headers(OTHER)
    verify_email(app, OTHER)
    for action in ("accept", "decline"):
        error(client.post(f"/api/invitations/{action}", headers=other, json={"token": token}),
              403, "FORBIDDEN")
    assert client.post("/api/invitations/accept", headers=guest,
                       json={"token": token}).status_code == 200


def test_an_unverified_addressee_gets_email_not_verified(app, client, auth, mail):
    owner = auth.headers(OWNER)
    guest = auth.headers(GUEST)  # not verified
    project = make_project(app, OWNER)
    invite(client, project, owner)
    token = mail.last_token(GUEST)
    for action in ("accept", "decline"):
        error(client.post(f"/api/invitations/{action}", headers=guest, json={"token": token}),
              403, "EMAIL_NOT_VERIFIED")
    listed = client.get("/api/invitations", headers=guest).get_json()
    assert listed == {"data": [], "meta": {"total": 0, "page": 1, "limit": 20, "pages": 0}}
    verify_email(app, GUEST)
    assert client.get("/api/invitations", headers=guest).get_json()["meta"]["total"] == 1
    assert client.post("/api/invitations/accept", headers=guest,
                       json={"token": token}).status_code == 200


def test_an_expired_invitation_is_400_and_listed_expired(client, setup, mail, clock):
    project, owner, guest = setup
    invite(client, project, owner)
    token = mail.last_token(GUEST)
    clock.advance(days=7)
    owner, guest = signed_in(client, OWNER), signed_in(client, GUEST)
    error(client.post("/api/invitations/accept", headers=guest, json={"token": token}), 400,
          "INVALID_TOKEN")
    url = f"/api/projects/{project}/invitations"
    assert [i["status"] for i in client.get(url, headers=owner).get_json()["data"]] == [
        "EXPIRED"]
    assert client.get(url + "?status=EXPIRED", headers=owner).get_json()["meta"]["total"] == 1
    assert client.get(url + "?status=PENDING", headers=owner).get_json()["meta"]["total"] == 0
    assert client.get("/api/invitations", headers=guest).get_json()["data"] == []
    error(client.delete(f"{url}/{client.get(url, headers=owner).get_json()['data'][0]['id']}",
                        headers=owner), 409, "CONFLICT")


def test_one_second_before_expiry_it_still_works(client, setup, mail, clock):
    project, owner, guest = setup
    invite(client, project, owner)
    token = mail.last_token(GUEST)  # delivered now, as the outbox does, not a week later
    clock.advance(days=7, seconds=-1)
    assert client.post("/api/invitations/accept", headers=guest,
                       json={"token": token}).status_code == 200


def test_a_revoked_invitation_is_400(client, setup, mail):
    project, owner, guest = setup
    invitation = invite(client, project, owner).get_json()["data"]
    url = f"/api/projects/{project}/invitations/{invitation['id']}"
    response = client.delete(url, headers=owner)
    assert response.status_code == 204 and response.data == b""
    error(client.post("/api/invitations/accept", headers=guest,
                      json={"token": mail.last_token(GUEST)}), 400, "INVALID_TOKEN")
    error(client.delete(url, headers=owner), 409, "CONFLICT")
    error(client.delete(f"/api/projects/{project}/invitations/nope", headers=owner), 404,
          "NOT_FOUND")
    listed = client.get(f"/api/projects/{project}/invitations?status=REVOKED",
                        headers=owner).get_json()
    assert [i["id"] for i in listed["data"]] == [invitation["id"]]


def test_a_new_invitation_replaces_the_pending_one(client, setup, mail):
    project, owner, guest = setup
    first = invite(client, project, owner).get_json()["data"]
    old_token = mail.last_token(GUEST)
    second = invite(client, project, owner).get_json()["data"]
    assert second["id"] != first["id"]
    error(client.post("/api/invitations/accept", headers=guest, json={"token": old_token}),
          400, "INVALID_TOKEN")
    statuses = {i["id"]: i["status"] for i in client.get(
        f"/api/projects/{project}/invitations", headers=owner).get_json()["data"]}
    assert statuses == {first["id"]: "REVOKED", second["id"]: "PENDING"}
    assert client.post("/api/invitations/accept", headers=guest,
                       json={"token": mail.last_token(GUEST)}).status_code == 200


def test_inviting_a_member_is_409_and_bad_addresses_are_400(app, client, setup, mail):
    mail.clear()  # the set-up's sign-up e-mails
    project, owner, _ = setup
    error(invite(client, project, owner, OWNER.upper()), 409, "CONFLICT")
    for bad in ("not-an-address", "", None, 5, ["a@example.com"], "a" * 320 + "@example.com",
                "nul\x00@example.com"):
        body = error(invite(client, project, owner, bad), 400, "VALIDATION_ERROR")
        assert list(body["details"]) == ["email"]
    missing = client.post(f"/api/projects/{project}/invitations", headers=owner, json={})
    assert list(error(missing, 400, "VALIDATION_ERROR")["details"]) == ["email"]
    assert mail.to(OWNER) == []
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Invitation)) == 0


def test_an_unknown_address_is_invited_like_any_other(client, setup, mail):
    # Members join only by invitation: nothing tells whether an address has an account.
    project, owner, _ = setup
    known = invite(client, project, owner, GUEST)
    unknown = invite(client, project, owner, "nobody@example.com")
    assert known.status_code == unknown.status_code == 201
    assert set(known.get_json()["data"]) == set(unknown.get_json()["data"])
    assert mail.to("nobody@example.com")


@pytest.mark.parametrize("token", ["", None, 5, "x" * 513, ["t"], "nope", "a\ud800"])
def test_bad_tokens(client, setup, token):
    _, _, guest = setup
    for action in ("accept", "decline"):
        response = client.post(f"/api/invitations/{action}", headers=guest,
                               json={"token": token})
        expected = "INVALID_TOKEN" if token == "nope" else "VALIDATION_ERROR"
        error(response, 400, expected)


def test_an_admin_invites_and_lists_invitations_of_any_project(app, client, auth, setup):
    project, _, _ = setup
    admin = auth.headers("admin@example.com")
    make_admin(app, "admin@example.com")
    assert invite(client, project, admin, OTHER).status_code == 201
    listed = client.get(f"/api/projects/{project}/invitations", headers=admin).get_json()
    assert listed["data"][0]["invitedBy"]["email"] == "admin@example.com"


def test_concurrent_accepts_of_one_token_make_one_membership(app, client, setup, mail,
                                                             live_server):
    project, owner, guest = setup
    invite(client, project, owner)
    token = mail.last_token(GUEST)

    def accept(_):
        response = requests.post(f"{live_server}/api/invitations/accept", json={"token": token},
                                 headers=guest, timeout=30)
        return response.status_code, response.json().get("code")

    results = run_at_once(8, accept)
    assert sorted(code for code, _ in results) == [200] + [400] * 7, results
    assert {c for s, c in results if s == 400} == {"INVALID_TOKEN"}
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Membership).where(
            Membership.project_id == project)) == 2


def test_concurrent_accept_and_revoke_settle_once(app, client, setup, mail, live_server):
    project, owner, guest = setup
    invitation = invite(client, project, owner).get_json()["data"]
    token = mail.last_token(GUEST)

    def act(i):
        if i % 2:
            return requests.post(f"{live_server}/api/invitations/accept",
                                 json={"token": token}, headers=guest, timeout=30).status_code
        return requests.delete(
            f"{live_server}/api/projects/{project}/invitations/{invitation['id']}",
            headers=owner, timeout=30).status_code

    codes = run_at_once(6, act)
    assert codes.count(200) + codes.count(204) == 1, codes
    joined = user_id(app, GUEST) in members_of(app, project)
    assert joined == (200 in codes)
    # the accept that won is audited (extensions.md E4.5); a revocation is not
    assert [e[1] for e in audit_entries(app)] == (["project.member_add"] if joined else [])


def test_concurrent_invitations_of_one_address_leave_one_pending(app, client, setup, mail,
                                                                 live_server):
    project, owner, _ = setup

    def send(_):
        return requests.post(f"{live_server}/api/projects/{project}/invitations",
                             json={"email": GUEST}, headers=owner, timeout=30).status_code

    codes = run_at_once(6, send)
    assert set(codes) <= {201, 409} and 201 in codes, codes
    with app.app_context():
        pending = db.session.scalar(select(func.count()).select_from(Invitation).where(
            Invitation.status == "PENDING"))
    assert pending == 1
    # The one pending invitation is the one whose e-mail arrived last among the accepted.
    guest = signed_in(client, GUEST)
    assert client.post("/api/invitations/accept", headers=guest,
                       json={"token": mail.last_token(GUEST)}).status_code == 200
