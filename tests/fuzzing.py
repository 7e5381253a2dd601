"""What the schema fuzzing files share (tests/service/test_fuzz*.py): the fuzzing app and its
fixtures, the checks each answer must pass and the Hypothesis settings. The operations are fuzzed
in two files, by path (`AUTH_AND_PROTOCOL`), so that both of the suite's processes take a share:
one file is run by one process (setup.cfg: by file)."""
import json

import pytest
import schemathesis
import stripe
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    skips_on_unexpected_http_status,
    status_code_conformance,
    unsupported_method,
)

from tests.conftest import PASSWORD

# Any endpoint may answer these, whatever its own documentation lists (the `default` response):
# 405, 413 (body over 1 MiB) and 415 (body not JSON). Not 429 or 503: here the limits are
# unlimited and the database is healthy, so either is accepted only where the operation itself
# documents it (e.g. 503 from /api/health), never as a general answer.
GENERAL_STATUSES = {405, 413, 415}
UNLIMITED = "1000000 per minute"  # a 429 would hide what the endpoint itself answers
# Closed loopback ports: provider calls fail at once, never reach the internet, and answer the
# documented 502 OAUTH_PROVIDER_UNAVAILABLE or 400 OAUTH_ERROR.
NOWHERE = "http://127.0.0.1:9"
OAUTH = {
    "GITHUB_CLIENT_ID": "fuzz-github", "GITHUB_CLIENT_SECRET": "fuzz-github-secret",
    "GITHUB_AUTHORIZE_URL": f"{NOWHERE}/login/oauth/authorize",
    "GITHUB_TOKEN_URL": f"{NOWHERE}/login/oauth/access_token",
    "GITHUB_API_BASE_URL": f"{NOWHERE}/api/",
    "GOOGLE_CLIENT_ID": "fuzz-google", "GOOGLE_CLIENT_SECRET": "fuzz-google-secret",
    "GOOGLE_DISCOVERY_URL": f"{NOWHERE}/.well-known/openid-configuration",
}
EMAIL = "fuzzer@example.com"
WEBHOOK_SECRET = "whsec_fuzz"
# The operations of tests/service/test_fuzz.py; tests/service/test_fuzz_resources.py takes
# every other one (the same pattern, excluded): together, each operation of the document once.
AUTH_AND_PROTOCOL = r"^/(api/(auth|oauth2|scim|health|webhooks)|\.well-known)(/|$)"


@pytest.fixture
def fuzz_app(make_app):
    return make_app(RATELIMIT_PUBLIC=UNLIMITED, RATELIMIT_AUTHENTICATED=UNLIMITED,
                    ACCOUNT_FAILURE_LIMIT=UNLIMITED, PAYMENT_WEBHOOK_SECRET=[WEBHOOK_SECRET],
                    ALLOWED_REDIRECT_ORIGINS=["https://app.example.com"], **OAUTH)


@pytest.fixture
def api_schema(fuzz_app):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", fuzz_app)


@pytest.fixture
def bearer(fuzz_app):
    """Bearer headers of a live session per call: the last one while it is live, a new sign-in
    once a case has ended it (sign-out, a revocation). Asking is a session read; signing in
    for every case was a third of this file's time."""
    client = fuzz_app.test_client()
    client.post("/api/auth/sign-up", json={"email": EMAIL, "password": PASSWORD})
    current = {}

    def headers():
        if not current or client.get("/api/auth/session", headers=current).status_code != 200:
            response = client.post("/api/auth/sign-in",
                                   json={"email": EMAIL, "password": PASSWORD})
            assert response.status_code == 200, response.get_json()
            current["Authorization"] = f"Bearer {response.get_json()['session']['token']}"
        return dict(current)

    return headers


@schemathesis.check
@skips_on_unexpected_http_status  # the probes of undocumented methods (unsupported_method)
def no_undocumented_server_error(ctx, response, case):
    """Never a 500; another 5xx only where the operation documents it (e.g. 502 from OAuth)."""
    status = response.status_code
    if status == 500 or (status > 500 and status not in GENERAL_STATUSES
                         and str(status) not in case.operation.responses.status_codes):
        raise AssertionError(f"{case.operation.label} answered {status}")


@schemathesis.check
@skips_on_unexpected_http_status
def status_is_listed(ctx, response, case):
    """The status is one the operation lists itself, not only covered by `default`."""
    status = response.status_code
    listed = case.operation.responses.status_codes
    if status not in GENERAL_STATUSES and str(status) not in listed:
        raise AssertionError(f"{case.operation.label} answered {status}; it lists {listed}")


CHECKS = [no_undocumented_server_error, status_is_listed, status_code_conformance,
          content_type_conformance, response_schema_conformance, response_headers_conformance,
          unsupported_method]
every_operation = schemathesis.pytest.from_fixture("api_schema")


# Reproducible in CI: derandomized, no example database; the app and its database persist
# across the examples of one test, as they would in production. Derandomized, an operation's
# cases are drawn from a seed that Hypothesis makes of the test function's source: both files'
# `test_every_answer_is_documented` are the same text, so an operation gets the same cases in
# either file.
FUZZ = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


def signed(case) -> dict:
    """The generated event as raw JSON with a valid signature, so that parsing and effects are
    fuzzed too (a case that drops the header still tests the refusal)."""
    if case.media_type != "application/json":
        return {}
    try:
        raw = json.dumps(case.body)
    except (TypeError, ValueError):  # not JSON (e.g. no body at all)
        return {}
    signature = stripe.WebhookSignature.generate_signature_header(raw, WEBHOOK_SECRET)
    return {"data": raw.encode(), "headers": {"Payment-Signature": signature}}
