"""Account self-service through HTTP (contract section 9): profile, change-password, the session
list and account deletion with its proof rules and cascade."""
import pyotp
import pytest
from sqlalchemy import select

from core.db import db
from core.fields import utc_iso
from sections.audit.models import AuditEntry
from sections.auth.models import PasskeyCredential, Session, User
from sections.projects.models import Membership, Project
from tests.conftest import PASSWORD
from tests.factories import count, make_admin, make_project, user_id
from tests.http import alive, bearer, refused, sign_in
from tests.second_factors import enrol_two_factor, register_passkey
from tests.softauthn import SoftAuthenticator

EMAIL = "alice@example.com"
NEW_PASSWORD = "Lantern-quartz-meadow-91"
ORIGIN = "http://localhost:3000"
BEARER_ENDPOINTS = [("PATCH", "/api/auth/user"), ("POST", "/api/auth/change-password"),
                    ("GET", "/api/auth/sessions"), ("DELETE", "/api/auth/sessions/abc"),
                    ("POST", "/api/auth/revoke-other-sessions"), ("DELETE", "/api/auth/user")]


@pytest.fixture
def app(make_app):
    return make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN])


def magic_link_account(client, mail, email="magic@example.com"):
    """An account with neither password nor two-factor, signed in by a magic link now."""
    response = client.post("/api/auth/send-magic-link",
                           json={"email": email, "redirectUrl": f"{ORIGIN}/magic"})
    assert response.status_code == 200
    return bearer(client.post("/api/auth/magic-link/verify",
                              json={"token": mail.last_token(email)}))


# --- every endpoint needs the bearer, before the body is even read ---

@pytest.mark.parametrize("method, path", BEARER_ENDPOINTS)
def test_bearer_endpoints_answer_401_before_validating_the_body(client, method, path):
    response = client.open(path, method=method, json={"name": 5, "currentPassword": 1})
    assert refused(response, 401, "INVALID_TOKEN")
    response = client.open(path, method=method, json={},
                           headers={"Authorization": "Bearer not-a-live-token"})
    assert refused(response, 401, "INVALID_TOKEN")


# --- PATCH /api/auth/user ---

def test_profile_update_trims_clears_keeps_and_ignores_read_only_fields(app, client, auth):
    headers = auth.headers()
    before = client.get("/api/auth/session", headers=headers).get_json()["user"]
    image = "https://cdn.example.com/a%20b/pic.png?size=64#x"
    response = client.patch("/api/auth/user", headers=headers, json={
        "name": "  Alice Liddell ", "image": image, "email": "mallory@example.com",
        "role": "admin", "emailVerified": True, "id": "x" * 32, "unknown": 1})
    assert response.status_code == 200, response.get_json()
    user = response.get_json()["user"]
    assert user == {**before, "name": "Alice Liddell", "image": image}
    assert set(user) >= {"id", "email", "name", "image", "emailVerified", "createdAt"}
    # A field left out keeps its value; null clears the other one.
    response = client.patch("/api/auth/user", headers=headers, json={"image": None})
    assert response.get_json()["user"]["name"] == "Alice Liddell"
    assert response.get_json()["user"]["image"] is None
    assert client.get("/api/auth/session", headers=headers).get_json()["user"] == {
        **before, "name": "Alice Liddell"}
    assert client.patch("/api/auth/user", headers=headers, json={"name": None}).get_json()[
        "user"]["name"] is None
    assert client.patch("/api/auth/user", headers=headers, json={}).status_code == 200


def test_name_length_counts_code_points(client, auth):
    headers = auth.headers()
    name = "\U0001F600" * 100  # 100 code points, 400 UTF-8 bytes
    response = client.patch("/api/auth/user", headers=headers, json={"name": name})
    assert response.status_code == 200 and response.get_json()["user"]["name"] == name
    refused(client.patch("/api/auth/user", headers=headers, json={"name": name + "a"}),
            400, "VALIDATION_ERROR", "name")


@pytest.mark.parametrize("field, value", [
    ("name", ""), ("name", "   "), ("name", "a" * 101), ("name", "Al\x00ice"), ("name", 5),
    ("name", True), ("name", ["Alice"]), ("name", {"first": "A"}), ("name", "\ud800"),
    ("image", "http://example.com/a.png"), ("image", "https://user:pw@example.com/a.png"),
    ("image", "https:///a.png"), ("image", "example.com/a.png"), ("image", ""),
    ("image", "https://example.com/a b.png"), ("image", "https://example.com/" + "a" * 2030),
    ("image", "https://example.com/\x00.png"), ("image", 5), ("image", ["https://e.com/a"]),
])
def test_profile_bad_values_change_nothing(client, auth, field, value):
    headers = auth.headers()
    client.patch("/api/auth/user", headers=headers, json={"name": "Alice"})
    # A valid field beside the bad one is not applied either (all or nothing).
    other = {"name": "Bob"} if field == "image" else {"image": "https://example.com/b.png"}
    response = client.patch("/api/auth/user", headers=headers, json={field: value, **other})
    refused(response, 400, "VALIDATION_ERROR", field)
    user = client.get("/api/auth/session", headers=headers).get_json()["user"]
    assert (user["name"], user["image"]) == ("Alice", None)


def test_image_of_2048_characters_is_kept_exactly(client, auth):
    image = "https://example.com/" + "a" * (2048 - len("https://example.com/"))
    response = client.patch("/api/auth/user", headers=auth.headers(), json={"image": image})
    assert response.status_code == 200 and response.get_json()["user"]["image"] == image


@pytest.mark.parametrize("method, path", [m for m in BEARER_ENDPOINTS
                                          if m[0] in ("PATCH", "DELETE") and "user" in m[1]]
                         + [("POST", "/api/auth/change-password")])
@pytest.mark.parametrize("body", ["[]", '"text"', "5", "null", "{not json", '[{"name": "A"}]'])
def test_bodies_that_are_not_json_objects_are_400(client, auth, method, path, body):
    response = client.open(path, method=method, data=body, content_type="application/json",
                           headers=auth.headers())
    refused(response, 400, "VALIDATION_ERROR")


# --- POST /api/auth/change-password ---

def change(client, headers, current=PASSWORD, new=NEW_PASSWORD, **extra):
    return client.post("/api/auth/change-password", headers=headers,
                       json={"currentPassword": current, "newPassword": new, **extra})


def test_change_password_ends_other_sessions_and_keeps_the_callers(client, auth):
    mine = auth.headers()
    other = bearer(sign_in(client))
    response = change(client, mine)
    assert response.status_code == 200 and response.get_json() == {"success": True}
    assert alive(client, mine) and not alive(client, other)
    refused(sign_in(client), 401, "INVALID_CREDENTIALS")
    assert sign_in(client, password=NEW_PASSWORD).status_code == 200


def test_change_password_can_keep_other_sessions(client, auth):
    mine = auth.headers()
    other = bearer(sign_in(client))
    assert change(client, mine, revokeOtherSessions=False).status_code == 200
    assert alive(client, mine) and alive(client, other)
    assert change(client, mine, current=NEW_PASSWORD, new=PASSWORD,
                  revokeOtherSessions=True).status_code == 200
    assert alive(client, mine) and not alive(client, other)


def test_wrong_current_password_is_400_and_the_session_stays(client, auth):
    headers = auth.headers()
    refused(change(client, headers, current="not-the-password"), 400, "INVALID_CREDENTIALS")
    assert alive(client, headers)
    assert sign_in(client).status_code == 200  # unchanged


def test_wrong_current_passwords_count_toward_the_account_cap(make_app):
    app = make_app(ACCOUNT_FAILURE_LIMIT="3 per 15 minutes")
    client = app.test_client()
    headers = bearer(client.post("/api/auth/sign-up",
                                 json={"email": EMAIL, "password": PASSWORD}))
    for _ in range(3):
        refused(change(client, headers, current="wrong-password"), 400, "INVALID_CREDENTIALS")
    response = change(client, headers)  # the right password, after the cap
    refused(response, 429, "RATE_LIMITED")
    assert int(response.headers["Retry-After"]) > 0
    refused(sign_in(client), 429, "RATE_LIMITED")  # one cap for every flow (section 6)
    assert alive(client, headers)


def test_new_password_must_meet_the_policy(client, auth):
    headers = auth.headers()
    body = refused(change(client, headers, new="password123"), 400, "VALIDATION_ERROR",
                   "newPassword")
    assert "weak" in body["details"]["newPassword"][0]
    # The account's address is context for the strength check (contract section 3).
    refused(change(client, headers, new="alice@example.com"), 400, "VALIDATION_ERROR",
            "newPassword")
    refused(change(client, headers, new="Sh0rt!x"), 400, "VALIDATION_ERROR", "newPassword")
    refused(change(client, headers, new="x" * 257), 400, "VALIDATION_ERROR", "newPassword")
    assert sign_in(client).status_code == 200


@pytest.mark.parametrize("body, field", [
    ({"newPassword": NEW_PASSWORD}, "currentPassword"),
    ({"currentPassword": PASSWORD}, "newPassword"),
    ({"currentPassword": "", "newPassword": NEW_PASSWORD}, "currentPassword"),
    ({"currentPassword": 12345678, "newPassword": NEW_PASSWORD}, "currentPassword"),
    ({"currentPassword": PASSWORD, "newPassword": ["x"]}, "newPassword"),
    ({"currentPassword": PASSWORD + "\x00", "newPassword": NEW_PASSWORD}, "currentPassword"),
    ({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD + "\x00"}, "newPassword"),
    ({"currentPassword": "x" * 257, "newPassword": NEW_PASSWORD}, "currentPassword"),
    ({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD, "revokeOtherSessions": "true"},
     "revokeOtherSessions"),
    ({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD, "revokeOtherSessions": 1},
     "revokeOtherSessions"),
    ({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD, "revokeOtherSessions": None},
     "revokeOtherSessions"),
])
def test_change_password_bad_input(client, auth, body, field):
    headers = auth.headers()
    other = bearer(sign_in(client))
    response = client.post("/api/auth/change-password", headers=headers, json=body)
    refused(response, 400, "VALIDATION_ERROR", field)
    assert alive(client, other) and sign_in(client).status_code == 200


def test_account_without_password_is_told_to_use_the_reset_flow(client, mail):
    headers = magic_link_account(client, mail)
    body = refused(change(client, headers, current="anything-at-all"), 400, "VALIDATION_ERROR",
                   "currentPassword")
    assert "forgot-password" in body["message"]


def test_change_password_hashes_with_the_current_parameters(make_app):
    old = make_app()
    headers = bearer(old.test_client().post("/api/auth/sign-up",
                                            json={"email": EMAIL, "password": PASSWORD}))
    new = make_app(PASSWORD_HASH_MEMORY_COST=2048, PASSWORD_HASH_TIME_COST=2)  # same database

    def stored_hash():
        with new.app_context():
            return db.session.execute(select(User.password_hash)).scalar_one()

    assert stored_hash().startswith("$argon2id$v=19$m=1024,t=1,p=1$")
    assert change(new.test_client(), headers).status_code == 200
    assert stored_hash().startswith("$argon2id$v=19$m=2048,t=2,p=1$")


def test_change_password_spends_outstanding_reset_tokens(client, auth, mail):
    headers = auth.headers()
    client.post("/api/auth/forgot-password", json={"email": EMAIL,
                                                   "redirectUrl": f"{ORIGIN}/reset"})
    token = mail.last_token(EMAIL)
    assert change(client, headers).status_code == 200
    response = client.post("/api/auth/reset-password",
                           json={"token": token, "newPassword": "Another-granite-lake-77"})
    refused(response, 400, "INVALID_TOKEN")
    assert sign_in(client, password=NEW_PASSWORD).status_code == 200


def test_two_factor_is_not_asked_to_change_the_password(app, client, auth, clock):
    headers = auth.headers()
    enrol_two_factor(app, client, headers, clock)
    assert change(client, headers).status_code == 200


# --- the session list ---

def test_session_list_shows_agent_address_and_current_never_a_token(client, auth, clock):
    first = auth.headers()
    clock.advance(minutes=1)
    second = bearer(sign_in(client, headers={"User-Agent": "Mozilla/5.0 (X11) Firefox/140.0"}))
    clock.advance(minutes=1)
    bearer(sign_in(client, headers={"User-Agent": ""}))
    response = client.get("/api/auth/sessions", headers=second)
    assert response.status_code == 200
    listed = response.get_json()["sessions"]
    assert len(listed) == 3
    assert [s["createdAt"] for s in listed] == sorted((s["createdAt"] for s in listed),
                                                      reverse=True)  # newest first
    assert [s["current"] for s in listed] == [False, True, False]
    assert listed[1]["userAgent"] == "Mozilla/5.0 (X11) Firefox/140.0"
    assert listed[0]["userAgent"] is None  # sent empty
    assert listed[2]["userAgent"].startswith("Werkzeug/")  # the test client's own
    for item in listed:
        assert set(item) == {"id", "createdAt", "expiresAt", "lastUsedAt", "userAgent",
                             "ipAddress", "current", "impersonatedBy"}
        assert item["impersonatedBy"] is None
        assert item["ipAddress"] == "127.0.0.1"
        assert item["lastUsedAt"] == item["createdAt"]
        assert item["createdAt"].endswith("Z") and item["expiresAt"].endswith("Z")
    tokens = [h["Authorization"].split()[1] for h in (first, second)]
    assert not any(token in response.get_data(as_text=True) for token in tokens)
    # `id` is the session.id sign-in answered.
    mine = client.get("/api/auth/session", headers=second).get_json()["session"]["id"]
    assert listed[1]["id"] == mine


def test_user_agent_is_cut_at_300_characters(client, auth):
    auth.sign_up()
    headers = bearer(sign_in(client, headers={"User-Agent": "A" * 500}))
    listed = client.get("/api/auth/sessions", headers=headers).get_json()["sessions"]
    assert [s["userAgent"] for s in listed if s["current"]] == ["A" * 300]


def test_session_list_shows_only_the_callers_live_sessions(app, client, auth, clock):
    alice = auth.headers()
    bob = auth.headers("bob@example.com")
    clock.advance(days=6, hours=23)
    fresh = bearer(sign_in(client))  # alice's first session is now 7 days old, never renewed
    clock.advance(hours=2)
    listed = client.get("/api/auth/sessions", headers=fresh).get_json()["sessions"]
    assert len(listed) == 1 and listed[0]["current"]
    assert not alive(client, alice) and not alive(client, bob)  # expired: never listed
    fresh_bob = bearer(sign_in(client, email="bob@example.com"))
    listed = client.get("/api/auth/sessions", headers=fresh_bob).get_json()["sessions"]
    assert len(listed) == 1 and listed[0]["current"]


def test_last_used_moves_once_per_renewal_never_per_read(client, auth, clock):
    headers = auth.headers()

    def listed():
        return client.get("/api/auth/sessions", headers=headers).get_json()["sessions"][0]

    created = listed()["createdAt"]
    clock.advance(hours=20)
    assert listed()["lastUsedAt"] == created  # read, not renewed
    clock.advance(hours=5)  # 25 hours after the last renewal: this read renews
    renewed = listed()
    moved = renewed["lastUsedAt"]
    assert moved == utc_iso(clock.now) != created
    clock.advance(hours=3)
    again = listed()
    assert again["lastUsedAt"] == moved and again["createdAt"] == created


def test_revoke_one_session_and_another_users_is_404(client, auth):
    alice = auth.headers()
    other = bearer(sign_in(client))
    bob = auth.headers("bob@example.com")
    bob_session = client.get("/api/auth/sessions", headers=bob).get_json()["sessions"][0]["id"]
    refused(client.delete(f"/api/auth/sessions/{bob_session}", headers=alice), 404, "NOT_FOUND")
    refused(client.delete("/api/auth/sessions/" + "0" * 32, headers=alice), 404, "NOT_FOUND")
    refused(client.delete("/api/auth/sessions/not-an-id", headers=alice), 404, "NOT_FOUND")
    assert alive(client, bob)
    other_id = [s["id"] for s in client.get("/api/auth/sessions", headers=alice)
                .get_json()["sessions"] if not s["current"]][0]
    response = client.delete(f"/api/auth/sessions/{other_id}", headers=alice)
    assert response.status_code == 204 and response.data == b""
    assert not alive(client, other) and alive(client, alice)
    refused(client.delete(f"/api/auth/sessions/{other_id}", headers=alice), 404, "NOT_FOUND")


def test_revoking_the_current_session_signs_out(client, auth):
    headers = auth.headers()
    mine = client.get("/api/auth/session", headers=headers).get_json()["session"]["id"]
    assert client.delete(f"/api/auth/sessions/{mine}", headers=headers).status_code == 204
    assert not alive(client, headers)


def test_revoke_other_sessions_keeps_only_the_callers(client, auth):
    mine = auth.headers()
    others = [bearer(sign_in(client)) for _ in range(2)]
    bob = auth.headers("bob@example.com")
    response = client.post("/api/auth/revoke-other-sessions", headers=mine)
    assert response.status_code == 200 and response.get_json() == {"success": True}
    assert alive(client, mine) and alive(client, bob)
    assert not any(alive(client, h) for h in others)
    assert len(client.get("/api/auth/sessions", headers=mine).get_json()["sessions"]) == 1


# --- DELETE /api/auth/user: proof ---

def delete_user(client, headers, **body):
    return client.delete("/api/auth/user", headers=headers, json=body)


def test_delete_with_the_password_then_sign_up_again(app, client, auth):
    headers = auth.headers()
    other = bearer(sign_in(client))
    refused(delete_user(client, headers), 403, "REAUTHENTICATION_REQUIRED")
    refused(client.delete("/api/auth/user", headers=headers), 403, "REAUTHENTICATION_REQUIRED")
    refused(delete_user(client, headers, password="wrong-password"), 400, "INVALID_CREDENTIALS")
    assert alive(client, headers)
    response = delete_user(client, headers, password=PASSWORD)
    assert response.status_code == 204 and response.data == b""
    assert not alive(client, headers) and not alive(client, other)
    refused(sign_in(client), 401, "INVALID_CREDENTIALS")
    assert count(app, User) == 0 and count(app, Session) == 0
    auth.sign_up()  # the address is free at once
    assert sign_in(client).status_code == 200


def test_delete_with_two_factor_checks_in_the_contracts_order(app, client, auth, clock):
    headers = auth.headers()
    secret, codes = enrol_two_factor(app, client, headers, clock)
    good = pyotp.TOTP(secret).at(clock.now)
    # Wrong password first, whatever the code; then a missing proof; then a wrong code.
    refused(delete_user(client, headers, password="wrong-password"), 400, "INVALID_CREDENTIALS")
    refused(delete_user(client, headers, password="wrong-password", totpCode="000000"),
            400, "INVALID_CREDENTIALS")
    refused(delete_user(client, headers, password=PASSWORD), 403, "REAUTHENTICATION_REQUIRED")
    refused(delete_user(client, headers, totpCode=good), 403, "REAUTHENTICATION_REQUIRED")
    refused(delete_user(client, headers, totpCode="000000"), 403, "REAUTHENTICATION_REQUIRED")
    wrong = "000000" if good != "000000" else "111111"
    refused(delete_user(client, headers, password=PASSWORD, totpCode=wrong), 400, "INVALID_TOTP")
    refused(delete_user(client, headers, password=PASSWORD, totpCode="not-a-code"),
            400, "INVALID_TOTP")
    assert alive(client, headers)
    # A recovery code works in place of the TOTP code.
    assert delete_user(client, headers, password=PASSWORD, totpCode=codes[0]).status_code == 204
    assert count(app, User) == 0


def test_delete_with_a_totp_code(app, client, auth, clock):
    headers = auth.headers()
    secret, _ = enrol_two_factor(app, client, headers, clock)
    response = delete_user(client, headers, password=PASSWORD,
                           totpCode=pyotp.TOTP(secret).at(clock.now))
    assert response.status_code == 204


def test_an_account_with_neither_proof_needs_a_recent_session(app, client, mail, clock):
    headers = magic_link_account(client, mail)
    clock.advance(seconds=601)
    refused(delete_user(client, headers, password="ignored"), 403, "REAUTHENTICATION_REQUIRED")
    fresh = magic_link_account(client, mail)
    clock.advance(seconds=599)
    assert delete_user(client, fresh).status_code == 204
    assert count(app, User) == 0


def test_reauthentication_window_is_a_setting(make_app, mail, clock):
    client = make_app(ALLOWED_REDIRECT_ORIGINS=[ORIGIN], REAUTHENTICATION_WINDOW=30).test_client()
    headers = magic_link_account(client, mail)
    clock.advance(seconds=31)
    refused(delete_user(client, headers), 403, "REAUTHENTICATION_REQUIRED")


def test_wrong_deletion_proofs_count_toward_the_cap(make_app, clock):
    app = make_app(ACCOUNT_FAILURE_LIMIT="3 per 15 minutes")
    client = app.test_client()
    headers = bearer(client.post("/api/auth/sign-up",
                                 json={"email": EMAIL, "password": PASSWORD}))
    secret, _ = enrol_two_factor(app, client, headers, clock)
    refused(delete_user(client, headers, password="wrong-1"), 400, "INVALID_CREDENTIALS")
    refused(delete_user(client, headers, password=PASSWORD, totpCode="12345"), 400, "INVALID_TOTP")
    refused(change(client, headers, current="wrong-2"), 400, "INVALID_CREDENTIALS")
    response = delete_user(client, headers, password=PASSWORD,
                           totpCode=pyotp.TOTP(secret).at(clock.now))
    refused(response, 429, "RATE_LIMITED")
    assert "Retry-After" in response.headers
    assert count(app, User) == 1 and alive(client, headers)


@pytest.mark.parametrize("body, field", [
    ({"password": ""}, "password"), ({"password": 123}, "password"),
    ({"password": "x" * 257}, "password"), ({"password": "pass\x00word"}, "password"),
    ({"password": PASSWORD, "totpCode": 123456}, "totpCode"),
    ({"password": PASSWORD, "totpCode": ""}, "totpCode"),
    ({"password": PASSWORD, "totpCode": "1" * 65}, "totpCode"),
    ({"password": PASSWORD, "totpCode": "12\x003456"}, "totpCode"),
])
def test_delete_bad_input(app, client, auth, body, field):
    headers = auth.headers()
    refused(delete_user(client, headers, **body), 400, "VALIDATION_ERROR", field)
    assert count(app, User) == 1


# --- DELETE /api/auth/user: cascade and conflicts ---

def test_delete_cascades_sessions_passkeys_memberships_and_solo_projects(app, client, auth):
    headers = auth.headers()
    auth.sign_up("bob@example.com")
    assert register_passkey(client, headers, SoftAuthenticator("ES256")).status_code == 201
    solo = make_project(app, EMAIL, name="Solo")
    shared = make_project(app, "bob@example.com", members=[EMAIL], name="Bob's")
    alice = user_id(app, EMAIL)
    assert delete_user(client, headers, password=PASSWORD).status_code == 204
    assert count(app, Session, Session.user_id == alice) == 0
    assert count(app, PasskeyCredential) == 0
    assert count(app, Membership, Membership.user_id == alice) == 0
    assert count(app, Project, Project.id == solo) == 0
    assert count(app, Project, Project.id == shared) == 1  # bob's stays, without alice
    assert count(app, Membership, Membership.project_id == shared) == 1
    with app.app_context():
        entry = db.session.execute(select(AuditEntry)).scalar_one()
        # the actor's id stays as written (extensions.md E4.5); its answer's `actor` is null
        assert (entry.action, entry.target_id, entry.actor_id) == ("user.delete", alice, alice)


def test_owner_of_a_shared_project_gets_409_and_keeps_everything(app, client, auth):
    headers = auth.headers()
    auth.sign_up("bob@example.com")
    project = make_project(app, EMAIL, members=["bob@example.com"])
    body = refused(delete_user(client, headers, password=PASSWORD), 409, "CONFLICT")
    assert "transfer" in body["message"].lower()
    assert alive(client, headers)
    assert count(app, Project, Project.id == project) == 1 and count(app, AuditEntry) == 0


def test_the_last_admin_gets_409_another_admin_may_go(app, client, auth):
    headers = auth.headers()
    make_admin(app, EMAIL)
    refused(delete_user(client, headers, password=PASSWORD), 409, "CONFLICT")
    assert alive(client, headers)
    auth.sign_up("bob@example.com")
    make_admin(app, "bob@example.com")
    assert delete_user(client, headers, password=PASSWORD).status_code == 204


def test_proof_comes_before_the_conflict(app, client, auth):
    headers = auth.headers()
    make_admin(app, EMAIL)
    refused(delete_user(client, headers), 403, "REAUTHENTICATION_REQUIRED")
    refused(delete_user(client, headers, password="wrong-password"), 400, "INVALID_CREDENTIALS")


def test_operations_are_documented_with_ids_and_error_codes(client):
    spec = client.get("/api/openapi.json").get_json()
    expected = {
        ("/api/auth/user", "patch"): ("updateUser", {"200", "400", "401"}),
        ("/api/auth/change-password", "post"): ("changePassword", {"200", "400", "401", "429"}),
        ("/api/auth/forgot-password", "post"): ("forgotPassword", {"200", "400"}),
        ("/api/auth/reset-password", "post"): ("resetPassword", {"200", "400"}),
        ("/api/auth/sessions", "get"): ("listSessions", {"200", "401"}),
        ("/api/auth/sessions/{session_id}", "delete"): ("revokeSession", {"204", "401", "404"}),
        ("/api/auth/revoke-other-sessions", "post"): ("revokeOtherSessions", {"200", "401"}),
        ("/api/auth/user", "delete"): ("deleteUser", {"204", "400", "401", "403", "409", "429"}),
    }
    ids = [op.get("operationId") for item in spec["paths"].values() for op in item.values()
           if isinstance(op, dict)]
    for (path, method), (operation_id, statuses) in expected.items():
        op = spec["paths"][path][method]
        assert op["operationId"] == operation_id and ids.count(operation_id) == 1
        assert statuses <= set(op["responses"]), (path, method)
        assert op["summary"]
    listed = spec["components"]["schemas"]["SessionInfo"]
    assert "token" not in listed["properties"]
    assert set(listed["required"]) == {"id", "createdAt", "expiresAt", "lastUsedAt",
                                       "userAgent", "ipAddress", "current", "impersonatedBy"}
