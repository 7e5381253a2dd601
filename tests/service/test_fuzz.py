"""Schema fuzzing of the sign-in and protocol operations in /api/openapi.json (schemathesis,
stateless; tests/service/test_fuzz_resources.py fuzzes the others), then property tests past the
secrets a fuzzer cannot guess (signed events, live passkey challenges): no answer is a 500, and
every answer is documented (status, content type, body schema)."""
import base64
import json

import pytest
import stripe
from hypothesis import given
from hypothesis import strategies as st

from tests import fuzzing
from tests.fuzzing import AUTH_AND_PROTOCOL, CHECKS, FUZZ, GENERAL_STATUSES, WEBHOOK_SECRET, signed
from tests.softauthn import SoftAuthenticator, b64

fuzz_app, api_schema, bearer = fuzzing.fuzz_app, fuzzing.api_schema, fuzzing.bearer  # fixtures
schema = fuzzing.every_operation.include(path_regex=AUTH_AND_PROTOCOL)


@schema.parametrize()
@FUZZ
# Every operation runs as a subtest of this one item (30 examples each, derandomized: about
# 2,500 requests for the whole API); its time grows with the API, past setup.cfg's 300 s.
@pytest.mark.timeout(1800)
def test_every_answer_is_documented(case, bearer):
    kwargs = {"headers": bearer() if case.operation.definition.raw.get("security") else {}}
    if case.operation.path == "/api/webhooks/payment":
        kwargs.update(signed(case))
    case.call_and_validate(checks=CHECKS, **kwargs)


# --- past the secrets ---------------------------------------------------------------------------

def assert_documented(api_schema, path, method, response):
    operation = api_schema[path][method]
    status = response.status_code
    assert status != 500, response.get_data(as_text=True)
    assert status in GENERAL_STATUSES or str(status) in operation.responses.status_codes, status
    operation.validate_response(response)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=16),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3),
    max_leaves=6)


UNIX = st.integers(min_value=0, max_value=253402300799)  # the range a datetime holds
ITEM = st.fixed_dictionaries({}, optional={"current_period_end": UNIX | st.none()})
PROVIDER_OBJECT = st.fixed_dictionaries({
    "id": st.sampled_from(["pi_1", "ch_1", "sub_1"]) | st.text(min_size=1, max_size=255),
    "amount": st.integers(min_value=0, max_value=2**63 - 1),
    "amount_refunded": st.integers(min_value=0, max_value=2**63 - 1),
    "currency": st.sampled_from(["usd", "EUR", "jpy"]),
    "status": st.sampled_from(["succeeded", "active", "canceled"]),
    "customer": st.sampled_from(["cus_1", "cus_2"]),
}, optional={
    "payment_intent": st.sampled_from(["pi_1", "pi_2"]) | st.none(),
    "current_period_end": UNIX | st.none(),
    "items": st.fixed_dictionaries({"data": st.lists(ITEM, max_size=2)}),
})
EVENT = st.fixed_dictionaries({
    "id": st.sampled_from(["evt_1", "evt_2", "evt_3"]) | st.text(min_size=1, max_size=255),
    "object": st.just("event"),
    "type": st.sampled_from(["payment_intent.succeeded", "charge.refunded",
                             "customer.subscription.updated", "invoice.paid"]),
    "created": UNIX,
    "data": st.fixed_dictionaries({"object": PROVIDER_OBJECT}),
})


def paths_of(document: dict, prefix=()):
    for key, value in document.items():
        yield (*prefix, key)
        if isinstance(value, dict):
            yield from paths_of(value, (*prefix, key))


def spoil(data, document: dict, replacement, min_parts=0, max_parts=2) -> dict:
    """A copy of the document with some of its values, at any depth, replaced or removed."""
    document = json.loads(json.dumps(document))
    chosen = st.lists(st.sampled_from(list(paths_of(document))), min_size=min_parts,
                      max_size=max_parts, unique=True)
    for path in data.draw(chosen):
        parent = document
        for key in path[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(parent, dict) or path[-1] not in parent:
            continue  # an enclosing value was replaced or removed already
        if data.draw(st.integers(0, 3)) == 0:
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(replacement(parent[path[-1]]))
    return document


@FUZZ
@given(data=st.data())
def test_signed_events_are_answered_as_documented(fuzz_app, api_schema, data):
    raw = json.dumps(spoil(data, data.draw(EVENT), lambda value: JSON))
    response = fuzz_app.test_client().post(
        "/api/webhooks/payment", data=raw, content_type="application/json",
        headers={"Payment-Signature": stripe.WebhookSignature.generate_signature_header(
            raw, WEBHOOK_SECRET)})
    assert_documented(api_schema, "/api/webhooks/payment", "POST", response)


@st.composite
def damaged(draw, value):
    """A part of a real credential, damaged: bytes flipped or cut, replaced, or any JSON."""
    how = draw(st.sampled_from(["flip", "cut", "bytes", "json"]))
    if how == "json" or not isinstance(value, str):
        return draw(JSON)
    if how == "bytes":
        return b64(draw(st.binary(max_size=300)))
    # Draws must not depend on the value's length (an ECDSA signature's varies from run to run).
    at, mask = draw(st.integers(min_value=0, max_value=4095)), draw(st.integers(1, 255))
    raw = bytearray(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)) or b"\0")
    at %= len(raw)
    if how == "cut":
        return b64(bytes(raw[:at]))
    raw[at] ^= mask
    return b64(bytes(raw))


def damage(data, credential: dict) -> dict:
    return spoil(data, credential, damaged, min_parts=1, max_parts=3)


ORIGIN = "http://localhost:5000"  # the default WEBAUTHN_ORIGINS


@FUZZ
@given(data=st.data())
def test_damaged_passkey_registrations_are_answered_as_documented(fuzz_app, api_schema, bearer,
                                                                    data):
    client, headers = fuzz_app.test_client(), bearer()
    step = client.post("/api/auth/passkey/register", json={}, headers=headers).get_json()
    credential = damage(data, SoftAuthenticator().create(step["options"], ORIGIN))
    response = client.post("/api/auth/passkey/register", headers=headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert_documented(api_schema, "/api/auth/passkey/register", "POST", response)


@pytest.fixture
def passkey_holder(fuzz_app, bearer):
    """A software authenticator holding a passkey of the fuzzing account."""
    client, headers, authenticator = fuzz_app.test_client(), bearer(), SoftAuthenticator()
    step = client.post("/api/auth/passkey/register", json={}, headers=headers).get_json()
    credential = authenticator.create(step["options"], ORIGIN)
    response = client.post("/api/auth/passkey/register", headers=headers,
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert response.status_code == 201, response.get_json()
    return authenticator


@FUZZ
@given(data=st.data())
def test_damaged_passkey_sign_ins_are_answered_as_documented(fuzz_app, api_schema,
                                                              passkey_holder, data):
    client = fuzz_app.test_client()
    step = client.post("/api/auth/passkey/sign-in", json={}).get_json()
    credential = damage(data, passkey_holder.get(step["options"], ORIGIN))
    response = client.post("/api/auth/passkey/sign-in",
                           json={"challengeId": step["challengeId"], "credential": credential})
    assert_documented(api_schema, "/api/auth/passkey/sign-in", "POST", response)
