"""The pages behind the e-mailed links (blueprints/pages.py), in a real Chromium against the live
server: each says what the link is for, spends nothing on load, and posts its token on a press."""
import pytest
import requests

from tests.browser import chromium, open_page, wait_until
from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

EMAIL = "page@example.com"
RESULT = "document.getElementById('result')"
DONE = f"{RESULT}.dataset.done === 'true' && {RESULT}.textContent"


def session_of(server, token):
    return requests.get(f"{server}/api/auth/session",
                        headers={"Authorization": f"Bearer {token}"}, timeout=10).json()


def test_the_verification_page_verifies_only_when_the_button_is_pressed(live_server, mail,
                                                                          tmp_path):
    created = requests.post(f"{live_server}/api/auth/sign-up",
                            json={"email": EMAIL, "password": PASSWORD}, timeout=30).json()
    bearer = created["session"]["token"]
    link = mail.last_link(EMAIL)
    assert link.startswith("http://app.test/verify-email?token=")  # APP_BASE_URL's page
    with chromium(tmp_path) as cdp:
        open_page(cdp, live_server + link.removeprefix("http://app.test"))
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
