"""Every answer under /api is JSON in the contract's envelopes; bad input never gets a 500."""
import pytest
from sqlalchemy import func, select

from core.db import db
from sections.auth.models import User
from sections.auth.password_policy import strength_problem
from tests.conftest import PASSWORD

PUBLIC_BODIES = {
    "/api/auth/sign-up": {"email": "alice@example.com", "password": PASSWORD},
    "/api/auth/sign-in": {"email": "alice@example.com", "password": PASSWORD},
    "/api/auth/verify-email": {"token": "abc"},
    "/api/auth/send-verification-email": {"email": "alice@example.com"},
}
NASTY_STRINGS = [
    "", " ", "a" * 10_000, "\x00", "nul\x00inside@example.com",
    "' OR '1'='1'; DROP TABLE users; --",
    "\"; DELETE FROM sessions; --", "ünïcödé@exämple.com", "😀@😀.com", "%00%27", "<script>",
    "\ud800", "\u202e@example.com", "a@b", "@example.com", "alice@", "alice@example.com\n",
]
WRONG_TYPES = [None, 1, 1.5, True, [], {}, ["a"], {"a": 1}]


def assert_auth_error(response, status, code):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    body = response.get_json()
    assert body["error"] == code and isinstance(body["message"], str)
    return body


@pytest.mark.parametrize("path", PUBLIC_BODIES)
def test_malformed_json_is_400_validation_error(client, path):
    response = client.post(path, data=b'{"email": ', content_type="application/json")
    assert_auth_error(response, 400, "VALIDATION_ERROR")


@pytest.mark.parametrize("path", PUBLIC_BODIES)
@pytest.mark.parametrize("body", [[], [1, 2], "text", 42, None, True])
def test_json_that_is_not_an_object_is_400(client, path, body):
    assert_auth_error(client.post(path, json=body), 400, "VALIDATION_ERROR")


@pytest.mark.parametrize("path", PUBLIC_BODIES)
def test_missing_fields_are_named_in_details(client, path):
    body = assert_auth_error(client.post(path, json={}), 400, "VALIDATION_ERROR")
    assert set(body["details"]) == set(PUBLIC_BODIES[path])
    assert body["details"][next(iter(PUBLIC_BODIES[path]))] == ["Missing data for required field."]


@pytest.mark.parametrize("path", PUBLIC_BODIES)
@pytest.mark.parametrize("value", WRONG_TYPES)
def test_wrong_types_in_every_field_are_400(client, path, value):
    for field in PUBLIC_BODIES[path]:
        body = dict(PUBLIC_BODIES[path], **{field: value})
        response = client.post(path, json=body)
        assert response.status_code == 400, (field, value, response.get_json())
        details = assert_auth_error(response, 400, "VALIDATION_ERROR")["details"]
        assert field in details, (field, value, details)
        assert details[field] and all(isinstance(m, str) for m in details[field]), details


# Well-formed addresses among NASTY_STRINGS (an IDN one; one that trimming repairs).
VALID_EMAILS = {"ünïcödé@exämple.com", "alice@example.com\n"}
# Length bounds of each text field (contract section 3 for passwords; schemas/ otherwise).
LENGTHS = {"sign-up password": (8, 256), "sign-in password": (1, 256), "token": (1, 512)}


def storable(value: str) -> bool:
    """No NUL and no lone surrogate: anything else is refused as VALIDATION_ERROR."""
    return "\x00" not in value and not any("\ud800" <= c <= "\udfff" for c in value)


def expected_answer(path, field, value):
    """(status, code) for `value` in `field` of an otherwise valid body, on an empty database;
    code None for a success."""
    invalid = (400, "VALIDATION_ERROR")
    if not storable(value):
        return invalid
    if field == "email":
        if value not in VALID_EMAILS:
            return invalid
        return {"/api/auth/sign-up": (201, None), "/api/auth/sign-in": (401, "INVALID_CREDENTIALS"),
                "/api/auth/send-verification-email": (200, None)}[path]
    if field == "token":
        low, high = LENGTHS["token"]
        return (400, "INVALID_TOKEN") if low <= len(value) <= high else invalid
    if path == "/api/auth/sign-in":
        low, high = LENGTHS["sign-in password"]
        return (401, "INVALID_CREDENTIALS") if low <= len(value) <= high else invalid
    low, high = LENGTHS["sign-up password"]
    email = PUBLIC_BODIES[path]["email"]
    if not low <= len(value) <= high or strength_problem(value, email):
        return invalid
    return 201, None


@pytest.mark.parametrize("path", PUBLIC_BODIES)
@pytest.mark.parametrize("value", NASTY_STRINGS)
def test_nasty_strings_in_every_field_get_the_exact_answer(client, path, value):
    registered = set()
    for field in PUBLIC_BODIES[path]:
        body = dict(PUBLIC_BODIES[path], **{field: value})
        status, code = expected_answer(path, field, value)
        if status == 201 and body["email"].strip().lower() in registered:
            status, code = 409, "USER_ALREADY_EXISTS"
        response = client.post(path, json=body)
        assert response.is_json and response.status_code == status, (
            field, value, response.status_code, response.get_json())
        if code is None:
            if status == 201:
                registered.add(body["email"].strip().lower())
            continue
        answer = assert_auth_error(response, status, code)
        if code == "VALIDATION_ERROR":
            assert field in answer["details"], (field, value, answer)


def test_nasty_strings_lose_nothing(app, client, auth):
    auth.sign_up()
    for value in NASTY_STRINGS:
        client.post("/api/auth/sign-up", json={"email": value, "password": value})
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(User)) == 1
    assert client.post("/api/auth/sign-in", json=PUBLIC_BODIES["/api/auth/sign-in"]).status_code \
        == 200


def test_ten_thousand_character_email_is_400(client):
    response = client.post("/api/auth/sign-up",
                           json={"email": "a" * 9_988 + "@example.com", "password": PASSWORD})
    body = assert_auth_error(response, 400, "VALIDATION_ERROR")
    assert "email" in body["details"]


def test_unknown_fields_are_ignored(client):
    body = dict(PUBLIC_BODIES["/api/auth/sign-up"], admin=True, emailVerified=True)
    response = client.post("/api/auth/sign-up", json=body)
    assert response.status_code == 201
    assert response.get_json()["user"]["emailVerified"] is False


def test_body_over_one_mib_is_413(client):
    response = client.post("/api/auth/sign-up", data=b"{" + b" " * (2 * 1024 * 1024) + b"}",
                           content_type="application/json")
    assert_auth_error(response, 413, "PAYLOAD_TOO_LARGE")


def test_non_json_body_is_415(client):
    response = client.post("/api/auth/sign-in", data="email=a&password=b",
                           content_type="application/x-www-form-urlencoded")
    assert_auth_error(response, 415, "UNSUPPORTED_MEDIA_TYPE")


def test_unknown_auth_path_is_404_in_the_auth_envelope(client):
    assert assert_auth_error(client.get("/api/auth/nope"), 404, "NOT_FOUND").keys() == {
        "error", "message"}


def test_unknown_path_is_404_in_the_general_envelope(client):
    response = client.get("/api/projects/42/no/such/thing")
    assert response.status_code == 404
    assert response.get_json()["error"] == "Not Found"
    assert response.get_json()["code"] == "NOT_FOUND"


def test_wrong_method_is_405_with_allow(client):
    response = client.get("/api/auth/sign-in")
    assert_auth_error(response, 405, "METHOD_NOT_ALLOWED")
    assert "POST" in response.headers["Allow"]


def test_unexpected_exception_is_a_json_500_without_traceback(make_app, caplog):
    app = make_app()

    @app.get("/api/boom")
    def boom():
        raise RuntimeError("secret internals")

    response = app.test_client().get("/api/boom", headers={"X-Request-ID": "req-123"})
    assert response.status_code == 500
    assert response.get_json() == {"error": "Internal Server Error",
                                   "message": "Internal server error", "code": "INTERNAL_ERROR"}
    assert "secret internals" not in response.get_data(as_text=True)
    assert "req-123" in caplog.text and "secret internals" in caplog.text


def test_health_checks_the_database(client):
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_health_is_503_when_the_database_is_down(make_app):
    app = make_app(DATABASE_URL="postgresql://nobody@127.0.0.1:1/none")
    response = app.test_client().get("/api/health")
    assert response.status_code == 503
    assert response.get_json()["code"] == "SERVICE_UNAVAILABLE"


def test_database_down_is_a_json_503_on_other_endpoints(make_app):
    app = make_app(DATABASE_URL="postgresql://nobody@127.0.0.1:1/none")
    response = app.test_client().post("/api/auth/sign-in", json=PUBLIC_BODIES["/api/auth/sign-in"])
    assert_auth_error(response, 503, "SERVICE_UNAVAILABLE")
    # Its own Retry-After, not the rate limiter's window on this (limited) endpoint.
    assert response.headers["Retry-After"] == "5"


def test_a_section_outcome_answers_its_base_status_with_its_own_code(client, auth):
    """sections/auth/outcomes.py InvalidCredentials extends Unauthenticated, and
    sections/payments/outcomes.py InvalidSignature extends Invalid: each answers its base's
    status (core/errors.py OUTCOMES) with its own code, in its blueprint's envelope."""
    auth.sign_up()
    wrong = client.post("/api/auth/sign-in",
                        json={"email": "alice@example.com", "password": "not-" + PASSWORD})
    assert wrong.status_code == 401
    assert wrong.get_json() == {"error": "INVALID_CREDENTIALS",
                                "message": "Invalid email or password"}
    # The bearer challenge is the base's own answer (a missing or dead token); a refused
    # password names its own code and carries no challenge, as before outcomes had codes.
    assert "WWW-Authenticate" not in wrong.headers
    unsigned = client.post("/api/webhooks/payment", json={})
    assert unsigned.status_code == 400
    assert unsigned.get_json() == {
        "error": "Invalid signature", "code": "INVALID_SIGNATURE",
        "message": "No signing secret is configured: set PAYMENT_WEBHOOK_SECRET"}
