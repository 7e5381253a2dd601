"""Bans (resources.md R2, R8) across every sign-in flow: 403 USER_BANNED only once the credential
checks out, live sessions ended at once, and a ban with an end that ends by itself (one clock)."""
from datetime import timedelta, timezone

import pytest

from core.fields import utc_iso
from tests.conftest import PASSWORD
from tests.factories import make_admin, user_id
from tests.oauth_flow import (
    DONE,
    SPA,
    at_google,
    back_at_spa,
    exchange,
    settings,
    start,
    via_github,
)
from tests.second_factors import passkey_sign_in, register_passkey
from tests.softauthn import SoftAuthenticator

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")

ADMIN, EMAIL = "admin@example.com", "grace@example.com"


@pytest.fixture
def app(make_app, github, google):
    return make_app(**settings(github, google))


@pytest.fixture
def admin(app, auth):
    headers = auth.headers(ADMIN)
    make_admin(app, ADMIN)
    return headers


def ban(client, app, admin, email=EMAIL, **body):
    response = client.post(f"/api/admin/users/{user_id(app, email)}/ban", json=body,
                           headers=admin)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["data"]


def banned(response, reason=None):
    body = response.get_json()
    assert response.status_code == 403, body
    assert body["error"] == "USER_BANNED" and set(body) == {"error", "message"}
    if reason:
        assert reason in body["message"]
    assert "session" not in body
    return body


def password_sign_in(client, password=PASSWORD):
    return client.post("/api/auth/sign-in", json={"email": EMAIL, "password": password})


def test_a_live_session_ends_at_once_and_password_sign_in_is_refused(app, client, auth, admin):
    headers = auth.headers(EMAIL)
    ban(client, app, admin, reason="Abusive behaviour")
    assert client.get("/api/auth/session", headers=headers).status_code == 401
    assert client.get("/api/tickets", headers=headers).status_code == 401
    banned(password_sign_in(client), "Abusive behaviour")
    # A wrong password stays what it was: the ban reveals nothing to a guesser.
    wrong = password_sign_in(client, "not-the-password-at-all")
    assert wrong.status_code == 401 and wrong.get_json()["error"] == "INVALID_CREDENTIALS"
    client.post(f"/api/admin/users/{user_id(app, EMAIL)}/unban", headers=admin)
    assert password_sign_in(client).status_code == 200


def test_magic_link_verify_is_refused_and_the_token_kept(app, client, auth, admin, mail):
    auth.sign_up(EMAIL)
    ban(client, app, admin)
    sent = client.post("/api/auth/send-magic-link", json={"email": EMAIL, "redirectUrl": DONE})
    assert sent.status_code == 200  # send-magic-link answers as usual
    token = mail.last_token(EMAIL)
    body = banned(client.post("/api/auth/magic-link/verify", json={"token": token}))
    assert body["message"] == "This account is banned"
    client.post(f"/api/admin/users/{user_id(app, EMAIL)}/unban", headers=admin)
    assert client.post("/api/auth/magic-link/verify", json={"token": token}).status_code == 200


def test_oauth_callback_and_code_exchange_are_refused(app, client, admin, github, google):
    github.add_user("grace", [(EMAIL, True, True)])
    google.add_user("grace", EMAIL)
    assert via_github(client).status_code == 200  # the account exists, signed in once
    ban(client, app, admin, reason="fraud")
    banned(via_github(client), "fraud")  # the callback without redirectUrl
    back = back_at_spa(client.get(at_google(start(client, "google", DONE))))
    banned(exchange(client, back["code"]), "fraud")  # the code exchange
    assert SPA in DONE


def test_a_refused_first_oauth_sign_in_leaves_the_account_as_it_was(app, client, auth, admin,
                                                                    github):
    """The link, and the claim of an unverified address that comes with it (its password gone),
    are undone with the refused sign-in: they were written in a savepoint of its transaction."""
    auth.sign_up(EMAIL)  # unverified: the provider's sign-in would claim it (contract section 3)
    github.add_user("grace", [(EMAIL, True, True)])
    ban(client, app, admin, reason="fraud")
    banned(via_github(client), "fraud")
    detail = client.get(f"/api/admin/users/{user_id(app, EMAIL)}", headers=admin).get_json()["data"]
    assert detail["counts"]["providers"] == 0 and detail["emailVerified"] is False, detail
    client.post(f"/api/admin/users/{user_id(app, EMAIL)}/unban", headers=admin)
    assert password_sign_in(client).status_code == 200


def test_passkey_second_step_is_refused(app, client, auth, admin):
    headers = auth.headers(EMAIL)
    authenticator = SoftAuthenticator("ES256")
    assert register_passkey(client, headers, authenticator).status_code == 201
    ban(client, app, admin)
    banned(passkey_sign_in(client, authenticator))
    client.post(f"/api/admin/users/{user_id(app, EMAIL)}/unban", headers=admin)
    assert passkey_sign_in(client, authenticator).status_code == 200


def test_a_ban_ends_by_itself_at_its_expiry(app, client, auth, admin, clock):
    auth.sign_up(EMAIL)
    until = clock.now + timedelta(hours=2)
    data = ban(client, app, admin, reason="cool off", expiresAt=utc_iso(until))
    assert data["banned"] is True and data["banExpiresAt"] == utc_iso(until)
    clock.advance(hours=1, minutes=59, seconds=59)
    banned(password_sign_in(client), "cool off")
    clock.advance(seconds=1)  # the expiry itself: over
    url = f"/api/admin/users/{user_id(app, EMAIL)}"
    response = client.post("/api/auth/sign-in", json={"email": ADMIN, "password": PASSWORD})
    admin = {"Authorization": f"Bearer {response.get_json()['session']['token']}"}
    shown = client.get(url, headers=admin).get_json()["data"]
    assert (shown["banned"], shown["banReason"], shown["banExpiresAt"]) == (False, None, None)
    assert [u["email"] for u in client.get("/api/admin/users?banned=true",
                                           headers=admin).get_json()["data"]] == []
    assert client.get("/api/admin/stats", headers=admin).get_json()["data"]["users"][
        "banned"] == 0
    assert password_sign_in(client).status_code == 200


def test_a_session_committed_after_the_ban_is_not_live(app, client, auth):
    """A sign-in that passed its ban check while a ban was committing commits its session after
    the ban's DELETE: the row is left as written here, and the lookup still refuses it."""
    from core.db import db
    from sections.auth.models import User

    headers = auth.headers(EMAIL)
    with app.app_context():
        db.session.execute(db.update(User).where(User.email == EMAIL).values(banned=True))
        db.session.commit()
    assert client.get("/api/auth/session", headers=headers).status_code == 401


SIGN_IN_OPERATIONS = ("signIn", "signInWithPasskey", "verifyMagicLink", "completeOAuth",
                      "exchangeOAuthCode")


def test_every_sign_in_operation_documents_user_banned(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    operations = {op["operationId"]: op for path in paths.values() for op in path.values()
                  if isinstance(op, dict) and "operationId" in op}
    for name in SIGN_IN_OPERATIONS:
        assert "USER_BANNED" in operations[name]["responses"]["403"]["description"], name


def test_a_change_a_ban_and_its_end_answer_what_a_read_shows_after_them(app, client, auth,
                                                                          admin, clock):
    """The answers are made before the commit: each is the user as the next read shows it."""
    auth.sign_up(EMAIL)
    url = f"/api/admin/users/{user_id(app, EMAIL)}"
    until = (clock.now + timedelta(hours=3)).astimezone(timezone(timedelta(hours=2)))
    for method, path, body in (
            ("patch", "", {"name": "Grace", "emailVerified": True, "role": "admin"}),
            ("post", "/ban", {"reason": "spam", "expiresAt": until.isoformat()}),
            ("post", "/unban", None), ("patch", "", {"role": "user"})):
        clock.advance(minutes=1)
        response = getattr(client, method)(url + path, json=body, headers=admin)
        assert response.status_code == 200, response.get_json()
        shown = client.get(url, headers=admin).get_json()["data"]
        shown.pop("counts")
        assert response.get_json()["data"] == shown
    assert shown["role"] == "user" and shown["name"] == "Grace" and shown["banned"] is False
