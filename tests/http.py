"""Small steps through HTTP that many test files take: signing up and in, bearer headers, and
checking a refusal's envelope; for the test client and for live servers (`requests`)."""
import uuid

import requests

from tests.conftest import PASSWORD


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
