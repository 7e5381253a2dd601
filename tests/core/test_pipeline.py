"""The request pipeline (core/pipeline.py) and its edges: request id -> bearer -> rate limit ->
view (a 429 keeps the request id), the bearer before the body, bad JSON, answers JSON or empty,
unknown fields and `Vary: Origin`; through waitress where the parsing happens."""
import contextlib
import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
import requests

from app import create_app
from bench import cluster
from core.db import db
from tests import content
from tests.conftest import (
    PASSWORD,
    POSTGRES_URL,
    USING_POSTGRES,
    AuthActions,
    RecordingClient,
    settings_for,
)
from tests.http import iso
from tests.threaded_server import serve

crew = content.crew  # the fixture

SAMPLE_ARGS = {"provider": "github", "passkey_id": "0" * 32}


NO_SUCH_ID = "0" * 32  # what the URL arguments are filled with: an id nothing has


def api_rules(app):
    """(method, path, view) of every /api endpoint, its URL arguments filled in."""
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/") or rule.endpoint.startswith("api-docs"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>",
                      lambda m: SAMPLE_ARGS.get(m.group(1), NO_SUCH_ID), rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, path, app.view_functions[rule.endpoint]


def requires_a_body(app):
    """(method, path, needs a bearer) of every POST and PATCH whose body the document marks
    required (the passkey ceremonies' is optional; the webhook reads its own bytes)."""
    def required(view):
        arguments = getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", [])
        return any(a.get("in") == "json" and a.get("required") for a in arguments)

    return [(m, p, getattr(view, "requires_auth", False)) for m, p, view in api_rules(app)
            if m in ("POST", "PATCH") and required(view)]


def protected(app):
    return [(m, p) for m, p, view in api_rules(app) if getattr(view, "requires_auth", False)]


def reads_json(method, path, view):
    """Whether the endpoint parses a JSON body: a schema's (flask-smorest's `arguments`), or
    the webhook's own parsing of its verified bytes."""
    arguments = getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    return path.startswith("/api/webhooks/") or any(a.get("in") == "json" for a in arguments)


def with_body(app):
    return [(m, p, getattr(view, "requires_auth", False)) for m, p, view in api_rules(app)
            if reads_json(m, p, view)]


def endpoints(selector):  # the list of endpoints, read from the app itself
    return selector(create_app({"TESTING": True, "SECRET_KEY": "x",
                                "DATABASE_URL": "sqlite://"}))


def test_every_protected_endpoint_is_found():
    # The parametrisation below must not silently shrink to nothing.
    assert ("POST", "/api/auth/two-factor/verify") in endpoints(protected)
    assert ("POST", "/api/auth/passkey/register") in endpoints(protected)


@pytest.fixture(scope="module")
def refusals(tmp_path_factory, smtp_sink):
    """One app for the endpoint-by-endpoint checks below, whose every request is refused before
    its view (401, 400, 403 or 404: nothing changes): its own database (a SQLite file, or a new
    PostgreSQL database), a test client, the bearer of a signed-up (unverified) user, and the app
    served by waitress. An app per check (its database emptied, a sign-up, a server started) was
    most of this file's time. Limits are raised: a 429 would come before what is checked."""
    with contextlib.ExitStack() as stack:
        folder = tmp_path_factory.mktemp("refusals")
        url = (stack.enter_context(cluster.fresh_database(POSTGRES_URL, "refusals"))
               if USING_POSTGRES else f"sqlite:///{folder}/refusals.db")
        app = create_app(settings_for(folder, smtp_sink[1], DATABASE_URL=url,
                                      RATELIMIT_PUBLIC="1000000 per minute",
                                      RATELIMIT_AUTHENTICATED="1000000 per minute"))
        app.test_client_class = RecordingClient
        with app.app_context():
            db.create_all()
        stack.callback(dispose, app)
        client = app.test_client()
        port = stack.enter_context(serve(app))
        yield SimpleNamespace(client=client, bearer=AuthActions(client).headers(),
                              url=f"http://127.0.0.1:{port}")


def dispose(app):
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.parametrize(("method", "path"), endpoints(protected))
def test_a_protected_endpoint_checks_the_bearer_before_the_body(refusals, method, path):
    """Item 7: `{}` (invalid for most of them) without a token is 401, not 400."""
    response = refusals.client.open(path, method=method, json={})
    assert response.status_code == 401, response.get_json()
    body = response.get_json()
    if path.startswith("/api/auth/"):  # the auth envelope (contract section 1)
        assert body["error"] == "INVALID_TOKEN"
    else:  # the general one (resources.md R1)
        assert body["error"] == "Unauthorized" and body["code"] == "AUTH_ERROR"
    # RFC 6750 3 with RFC 9728 5.1 (extensions.md E5.7): where the API's tokens come from.
    assert response.headers["WWW-Authenticate"] == (
        'Bearer resource_metadata="http://app.test/.well-known/oauth-protected-resource/api"')


@pytest.mark.parametrize("body", [b"[" * 10_000, b'{"email": ' + b"9" * 5_000 + b"}",
                                  b"9" * 5_000], ids=["nested", "digits-in-object", "digits"])
@pytest.mark.parametrize(("method", "path", "needs_bearer"), endpoints(with_body))
def test_json_that_python_cannot_parse_is_400_on_every_endpoint(
        refusals, method, path, needs_bearer, body):
    """Item 4: RecursionError and the 4,300-digit limit inside JSON parsing were 500s."""
    headers = {"Content-Type": "application/json", **(refusals.bearer if needs_bearer else {})}
    response = requests.request(method, refusals.url + path, data=body, headers=headers,
                                timeout=30)
    answer = response.json()
    if response.status_code in (403, 404) and not path.startswith("/api/webhooks/"):
        # R1's order: visibility (an id nothing has, a passkey of the caller's included) and
        # permission (an unverified caller, not an admin) are checked before the body; a JSON
        # error, never a 500. The auth envelope puts the code in `error`.
        code = answer["error"] if path.startswith("/api/auth/") else answer["code"]
        assert code in {"NOT_FOUND", "FORBIDDEN", "EMAIL_NOT_VERIFIED"}, answer
    elif path.startswith("/api/auth/"):
        assert response.status_code == 400 and answer["error"] == "VALIDATION_ERROR"
    elif path.startswith("/api/webhooks/"):
        assert response.status_code == 400
        assert answer["error"] in {"Invalid payload", "Invalid signature"}
    else:
        assert response.status_code == 400, response.text
        assert answer["error"] == "Bad Request" and answer["code"] == "VALIDATION_ERROR"


def test_a_429_carries_the_clients_request_id(make_app):
    client = make_app(RATELIMIT_PUBLIC="1 per minute").test_client()
    body = {"email": "nobody@example.com", "password": "x"}
    assert client.post("/api/auth/sign-in", json=body).status_code == 401
    limited = client.post("/api/auth/sign-in", json=body, headers={"X-Request-ID": "req-429"})
    assert limited.status_code == 429
    assert limited.headers["X-Request-ID"] == "req-429"


def test_a_per_user_429_carries_the_request_id_and_counts_per_user(make_app):
    client = make_app(RATELIMIT_AUTHENTICATED="2 per minute").test_client()
    headers = AuthActions(client).headers()
    for _ in range(2):
        assert client.get("/api/auth/session", headers=headers).status_code == 200
    limited = client.get("/api/auth/session", headers={**headers, "X-Request-ID": "mine-1"})
    assert limited.status_code == 429 and limited.headers["X-Request-ID"] == "mine-1"
    assert limited.headers["X-RateLimit-Limit"] == "2"


def test_options_outside_cors_is_empty_without_an_html_type(live_server):
    """Item 6: Flask's automatic OPTIONS answered an empty text/html body."""
    response = requests.options(f"{live_server}/api/auth/sign-in", timeout=10)
    assert response.status_code == 200
    assert response.content == b""
    assert "html" not in response.headers.get("Content-Type", "")


def test_a_redirect_carries_no_html_page(make_app):
    """Item 6: every 302 carried Flask's "Redirecting..." page."""
    client = make_app(GITHUB_CLIENT_ID="id", GITHUB_CLIENT_SECRET="secret").test_client()
    response = client.get("/api/auth/oauth/github")
    assert response.status_code == 302
    assert response.data == b""
    assert "html" not in response.headers.get("Content-Type", "")


def test_unknown_fields_are_ignored_entirely(client):
    """Item 8: an unknown field is not validated, even holding a NUL character."""
    body = {"email": "alice@example.com", "password": PASSWORD, "extra": "\u0000",
            "other": "\ud800"}
    response = client.post("/api/auth/sign-up", json=body)
    assert response.status_code == 201, response.get_json()


def test_a_preflight_of_a_protected_endpoint_is_answered_before_any_access_check(make_app):
    """A browser's CORS preflight carries no bearer: the access step (401, 404) leaves it to
    Flask-CORS, or the browser never sends the real request."""
    client = make_app(CORS_ORIGINS="https://spa.test").test_client()
    for path in ("/api/auth/passkey/register", "/api/projects/%00", "/api/tickets/x"):
        response = client.options(path, headers={
            "Origin": "https://spa.test", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type"})
        assert response.status_code == 200, (path, response.status_code)
        assert response.headers["Access-Control-Allow-Origin"] == "https://spa.test"


def test_cors_answers_vary_on_origin_with_one_origin(make_app):
    """Item 10: a shared cache must not hand one origin's CORS answer to another."""
    client = make_app(CORS_ORIGINS="https://spa.test").test_client()
    allowed = client.get("/api/health", headers={"Origin": "https://spa.test"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://spa.test"
    assert "Origin" in allowed.headers["Vary"]
    other = client.get("/api/health", headers={"Origin": "https://evil.test"})
    assert "Access-Control-Allow-Origin" not in other.headers
    assert "Origin" in other.headers["Vary"]
    preflight = client.options("/api/auth/sign-in", headers={
        "Origin": "https://spa.test", "Access-Control-Request-Method": "POST"})
    assert "Origin" in preflight.headers["Vary"]


@pytest.fixture
def patched(client, crew):
    """Every PATCH endpoint: the path of one resource and the headers of a caller who may
    change it."""
    def made(kind, role, **body):
        response = client.post(f"/api/{kind}", json=body, headers=crew[role])
        assert response.status_code == 201, response.get_json()
        return f"/api/{kind}/{response.get_json()['data']['id']}"

    now = datetime.now(UTC)
    festival = made("festivals", "member", projectId=crew.project, name="Fest",
                    status="PUBLISHED", startsAt=iso(now - timedelta(hours=1)),
                    endsAt=iso(now + timedelta(days=1)))
    review = made("reviews", "outsider", festivalId=festival.rsplit("/", 1)[1], rating=4,
                  body="Loud")
    return {
        "project": (f"/api/projects/{crew.project}", crew["owner"]),
        "article": (made("articles", "author", projectId=crew.project, title="T", content="C"),
                    crew["author"]),
        "festival": (festival, crew["member"]),
        "review": (review, crew["outsider"]),
        "ticket": (made("tickets", "outsider", subject="S", description="D"), crew["outsider"]),
        "admin user": (f"/api/admin/users/{crew.ids['member']}", crew["admin"]),
        "own account": ("/api/auth/user", crew["member"]),
    }


def validation_details(response) -> dict:
    body = response.get_json()
    assert response.status_code == 400, body
    assert body["error" if "/api/auth/" in response.request.path else "code"] == "VALIDATION_ERROR"
    return body["details"]


@pytest.mark.parametrize("kind", ["project", "article", "festival", "review", "ticket",
                                  "admin user", "own account"])
@pytest.mark.parametrize("content_type", ["application/json", None])
def test_a_patch_without_a_body_is_400_like_any_body_that_is_not_an_object(
        client, patched, kind, content_type):
    """R1: no body at all is no JSON object; it was read as `{}`, a change of nothing (200)."""
    path, headers = patched[kind]
    before = client.get(path, headers=headers).get_json()
    empty = client.patch(path, headers=headers, content_type=content_type)
    not_an_object = client.patch(path, json=[], headers=headers)
    assert validation_details(empty) == validation_details(not_an_object)
    assert client.get(path, headers=headers).get_json() == before


@pytest.mark.parametrize(("method", "path", "needs_bearer"), endpoints(requires_a_body))
def test_every_post_and_patch_whose_body_is_required_refuses_no_body(
        refusals, method, path, needs_bearer):
    response = refusals.client.open(path, method=method, content_type="application/json",
                                    headers=refusals.bearer if needs_bearer else {})
    body = response.get_json()
    if response.status_code in (403, 404):
        # R1's order: visibility (an id nothing has) and permission (an unverified caller, not
        # an admin) are checked before the body; the auth envelope names the code as `error`.
        code = body["error"] if path.startswith("/api/auth/") else body["code"]
        assert code in {"NOT_FOUND", "FORBIDDEN", "EMAIL_NOT_VERIFIED"}, body
    else:
        assert validation_details(response) == {"body": ["Invalid input type."]}


def test_operations_with_an_optional_body_or_none_take_no_body_as_before(client, auth):
    headers = auth.headers()
    for path in ("/api/auth/passkey/register", "/api/auth/passkey/sign-in"):  # step 1: `{}`
        response = client.post(path, headers=headers, content_type="application/json")
        assert response.status_code == 200 and "challengeId" in response.get_json()
    # Contract section 1: a DELETE with no body is read as `{}`: no password given.
    deletion = client.delete("/api/auth/user", headers=headers)
    assert deletion.status_code == 403
    assert deletion.get_json()["error"] == "REAUTHENTICATION_REQUIRED"
    assert client.post("/api/auth/sign-out", headers=headers).get_json() == {"success": True}
