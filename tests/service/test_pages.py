"""The pages behind the e-mailed links (sections/site/pages.py), in a real Chromium against the live
server: each says what the link is for, spends nothing on load, and posts its token on a press."""
import pytest
import requests
from sqlalchemy import select

from core import tokens
from core.db import db
from sections.auth.models import OneTimeToken
from tests.browser import chromium, open_page, wait_until
from tests.conftest import PASSWORD
from tests.http import bearer, sign_in_at, sign_up_at

pytestmark = pytest.mark.browser

EMAIL = "page@example.com"
OWNER = "owner@example.com"
NEW_PASSWORD = "Lantern-quartz-meadow-91"
RESULT = "document.getElementById('result')"
DONE = f"{RESULT}.dataset.done === 'true' && {RESULT}.textContent"
INTRO = "document.querySelector('p').textContent"


def session_of(server, token):
    return requests.get(f"{server}/api/auth/session", headers=bearer(token), timeout=10).json()


def on_the_server(server, link):
    """The e-mailed link (to APP_BASE_URL, http://app.test) as served by the live server."""
    return server + link.removeprefix("http://app.test")


def test_the_verification_page_verifies_only_when_the_button_is_pressed(live_server, mail,
                                                                          tmp_path):
    created = requests.post(f"{live_server}/api/auth/sign-up",
                            json={"email": EMAIL, "password": PASSWORD}, timeout=30).json()
    bearer = created["session"]["token"]
    link = mail.last_link(EMAIL)
    assert link.startswith("http://app.test/verify-email?token=")  # APP_BASE_URL's page
    with chromium(tmp_path) as cdp:
        open_page(cdp, on_the_server(live_server, link))
        assert cdp.evaluate("document.title") == "Verify your e-mail address"
        assert session_of(live_server, bearer)["user"]["emailVerified"] is False  # not on load
        cdp.evaluate("document.getElementById('submit').click()")
        shown = wait_until(cdp, DONE)
    assert EMAIL in shown and "verified" in shown
    assert session_of(live_server, bearer)["user"]["emailVerified"] is True


def test_the_magic_link_page_signs_in_on_a_press(app, live_server, mail, tmp_path):
    app.config["ALLOWED_REDIRECT_ORIGINS"] = [live_server]  # known once the port is bound
    sent = requests.post(f"{live_server}/api/auth/send-magic-link", timeout=10,
                         json={"email": EMAIL, "redirectUrl": f"{live_server}/magic-link"})
    assert sent.status_code == 200
    link = mail.last_link(EMAIL)
    with chromium(tmp_path) as cdp:
        open_page(cdp, link)  # the e-mailed link itself
        assert cdp.evaluate("document.title") == "Sign in with your magic link"
        cdp.evaluate("document.getElementById('submit').click()")
        shown = wait_until(cdp, DONE)
    assert f"Signed in as {EMAIL}." in shown
    token = shown.rsplit("Bearer token: ", 1)[1].strip()
    assert session_of(live_server, token)["user"]["email"] == EMAIL


def invited(server, mail):
    """An owner's project "Apollo" and an invitation to EMAIL (a verified account): the owner's
    bearer, the guest's, the project's id and the e-mailed link."""
    owner, guest = (sign_up_at(server, OWNER)["session"]["token"],
                    sign_up_at(server, EMAIL)["session"]["token"])
    verified = requests.post(f"{server}/api/auth/verify-email",
                             json={"token": mail.last_token(EMAIL)}, timeout=10)
    assert verified.status_code == 200
    mail.clear()
    project = requests.post(f"{server}/api/projects", headers=bearer(owner),
                            json={"name": "Apollo"}, timeout=10).json()["data"]["id"]
    sent = requests.post(f"{server}/api/projects/{project}/invitations", headers=bearer(owner),
                         json={"email": EMAIL}, timeout=10)
    assert sent.status_code == 201
    return owner, guest, project, mail.last_link(EMAIL)


def invitation_status(server, owner, project):
    listed = requests.get(f"{server}/api/projects/{project}/invitations", headers=bearer(owner),
                          timeout=10).json()["data"]
    return [invitation["status"] for invitation in listed]


def project_seen_by(server, token, project):
    return requests.get(f"{server}/api/projects/{project}", headers=bearer(token), timeout=10)


def test_the_invitation_page_joins_the_project_only_when_the_button_is_pressed(
        live_server, mail, tmp_path):
    owner, guest, project, link = invited(live_server, mail)
    assert link.startswith("http://app.test/invitations?token=")  # INVITATION_URL's default
    with chromium(tmp_path) as cdp:
        open_page(cdp, on_the_server(live_server, link))
        assert cdp.evaluate("document.title") == "Join a project"
        assert "invited to a project" in cdp.evaluate(INTRO)
        # A mail scanner that follows the link changes nothing.
        assert invitation_status(live_server, owner, project) == ["PENDING"]
        assert project_seen_by(live_server, guest, project).status_code == 404
        cdp.evaluate(f"document.getElementById('bearer').value = {guest!r}")
        cdp.evaluate("document.getElementById('submit').click()")
        shown = wait_until(cdp, DONE)
    assert shown == "You are now a member of Apollo."
    assert invitation_status(live_server, owner, project) == ["ACCEPTED"]
    joined = project_seen_by(live_server, guest, project)
    assert joined.status_code == 200 and joined.json()["data"]["role"] == "member"


def test_the_invitation_page_declines_on_its_other_button(live_server, mail, tmp_path):
    owner, guest, project, link = invited(live_server, mail)
    with chromium(tmp_path) as cdp:
        open_page(cdp, on_the_server(live_server, link))
        cdp.evaluate(f"document.getElementById('bearer').value = {guest!r}")
        cdp.evaluate("document.getElementById('decline').click()")
        shown = wait_until(cdp, DONE)
    assert shown == "You declined the invitation."
    assert invitation_status(live_server, owner, project) == ["DECLINED"]
    assert project_seen_by(live_server, guest, project).status_code == 404


def unspent(app, token) -> bool:
    with app.app_context():
        return db.session.execute(select(OneTimeToken).where(
            OneTimeToken.token_hash == tokens.digest(token))).scalar_one_or_none() is not None


def test_the_reset_page_sets_the_password_only_when_the_button_is_pressed(app, live_server, mail,
                                                                        tmp_path):
    app.config["ALLOWED_REDIRECT_ORIGINS"] = [live_server]  # known once the port is bound
    session = sign_up_at(live_server, EMAIL)["session"]["token"]
    sent = requests.post(f"{live_server}/api/auth/forgot-password", timeout=10,
                         json={"email": EMAIL, "redirectUrl": f"{live_server}/reset-password"})
    assert sent.status_code == 200
    link = mail.last_link(EMAIL)
    token = mail.last_token(EMAIL)
    assert link == f"{live_server}/reset-password?token={token}"
    with chromium(tmp_path) as cdp:
        open_page(cdp, link)  # the e-mailed link itself
        assert cdp.evaluate("document.title") == "Choose a new password"
        assert "new password" in cdp.evaluate(INTRO)
        # A mail scanner that follows the link changes nothing: the token is still there, the
        # account's session alive (a reset ends them all).
        assert unspent(app, token)
        assert session_of(live_server, session)["user"]["email"] == EMAIL
        cdp.evaluate(f"document.getElementById('newPassword').value = {NEW_PASSWORD!r}")
        cdp.evaluate("document.getElementById('submit').click()")
        shown = wait_until(cdp, DONE)
    assert shown == "Done."
    assert not unspent(app, token)
    assert sign_in_at(live_server, EMAIL, NEW_PASSWORD).status_code == 200
    assert sign_in_at(live_server, EMAIL, PASSWORD).status_code == 401
    assert session_of(live_server, session)["error"] == "INVALID_TOKEN"


def test_a_spent_link_shows_the_services_message(live_server, mail, tmp_path):
    requests.post(f"{live_server}/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD},
                  timeout=30)
    token = mail.last_token(EMAIL)
    assert requests.post(f"{live_server}/api/auth/verify-email", json={"token": token},
                         timeout=10).status_code == 200
    with chromium(tmp_path) as cdp:
        open_page(cdp, f"{live_server}/verify-email?token={token}")
        cdp.evaluate("document.getElementById('submit').click()")
        wait_until(cdp, f"{RESULT}.className === 'error'")
        shown = cdp.evaluate(f"{RESULT}.textContent")
    assert "token" in shown.lower()


@pytest.mark.parametrize("path", ["/verify-email", "/magic-link", "/invitations",
                                  "/reset-password"])
def test_pages_are_served_only_when_links_lead_to_the_service(make_app, path):
    same = make_app().test_client().get(path)
    assert same.status_code == 200 and same.content_type.startswith("text/html")
    split = make_app(API_BASE_URL="https://api.example.com").test_client().get(path)
    assert split.status_code == 404 and split.is_json
