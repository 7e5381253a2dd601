"""Small steps through HTTP that many test files take: signing in, bearer headers, the two
error envelopes (contract section 1), the wire's timestamps; for the test client and for live
servers (`requests`)."""
import uuid

import requests
from sqlalchemy import text

from tests.conftest import PASSWORD

EMAIL = "alice@example.com"  # the default user of AuthActions (tests/conftest.py)


def bearer(token_or_answer) -> dict:
    """Bearer headers for a session token, or for the session a sign-up or sign-in answer
    (which must have succeeded) carries."""
    token = token_or_answer
    if not isinstance(token, str):
        assert token.status_code in (200, 201), token.get_json()
        token = token.get_json()["session"]["token"]
    return {"Authorization": f"Bearer {token}"}


def sign_in(client, email=EMAIL, password=PASSWORD, headers=None, environ_base=None,
            **extra):
    """Sign in with a password through the test client (from the client address in
    `environ_base`, if given); `extra` goes into the body (`totpCode`, `recoveryCode`); the
    response, whatever it says."""
    return client.post("/api/auth/sign-in", headers=headers, environ_base=environ_base or {},
                       json={"email": email, "password": password, **extra})


def signed_in(client, email) -> dict:
    """Bearer headers of a new session of `email` (after the clock moved past the last one's)."""
    return bearer(sign_in(client, email))


def alive(client, headers) -> bool:
    """Whether the session of `headers` still works (200), or was ended (401)."""
    status = client.get("/api/auth/session", headers=headers).status_code
    assert status in (200, 401)
    return status == 200


def refused(response, status, code, field=None) -> dict:
    """A refusal in the auth envelope: `error` is the code, with a message, and no `code`
    key (contract section 1); `field` named in its details."""
    body = response.get_json()
    assert response.status_code == status, body
    assert body["error"] == code and body["message"], body
    assert set(body) <= {"error", "message", "details"}, body
    if field is not None:
        assert field in body["details"], body
    return body


def error(response, status, code) -> dict:
    """A refusal in the sections' envelope: `code` the code, `error` its title, a message."""
    body = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == code and body["message"] and body["error"], body
    assert set(body) <= {"error", "message", "code", "details"}, body
    return body


def iso(moment) -> str:
    """`moment` (UTC) in the API's format, whole seconds: 2030-01-01T00:00:00.000Z."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def new_email() -> str:
    return f"{uuid.uuid4().hex[:12]}@example.com"


# --- live servers, by URL ---

def sign_up_at(server, email, password=PASSWORD) -> dict:
    """Sign up at the server `server` (a base URL); its answer's body."""
    response = requests.post(f"{server}/api/auth/sign-up",
                             json={"email": email, "password": password}, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def sign_in_at(server, email, password=PASSWORD):
    """Sign in at the server `server` (a base URL); its response, whatever it says."""
    return requests.post(f"{server}/api/auth/sign-in",
                         json={"email": email, "password": password}, timeout=30)


def change_request(server, token):
    """A request (to run later) of the account of `token` to change to a new address."""
    return lambda: requests.post(f"{server}/api/auth/change-email",
                                 headers={"Authorization": f"Bearer {token}"},
                                 json={"newEmail": new_email(), "password": PASSWORD}, timeout=60)


def project_at_a_verified_domain(server: str, engine):
    """Over HTTP on `server` (a waitress process): a new owner's bearer headers, its new
    project, and a fresh domain the project holds VERIFIED (written directly into the shared
    database through `engine`)."""
    owner = sign_up_at(server, new_email())
    headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    project = requests.post(f"{server}/api/projects", headers=headers,
                            json={"name": uuid.uuid4().hex}, timeout=30).json()["data"]["id"]
    domain = f"{uuid.uuid4().hex[:10]}.test"
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO project_domains (id, project_id, domain, status, value, verified_at, "
            "created_at) VALUES (:id, :p, :d, 'VERIFIED', 'saas-verification=x', now(), now())"),
            {"id": uuid.uuid4().hex, "p": project, "d": domain})
    return headers, project, domain
