"""The second factors as a user's devices work them: an authenticator app's TOTP codes
(RFC 6238) and a passkey (WebAuthn, with the software authenticator of tests/softauthn.py)."""
import pyotp

from tests.factories import verify_email

ORIGIN = "http://localhost:5000"  # the default WEBAUTHN_ORIGINS, RP ID "localhost"
REGISTER = "/api/auth/passkey/register"
SIGN_IN = "/api/auth/passkey/sign-in"


def code_at(secret, clock, steps=0):
    """The code an authenticator app shows `steps` 30-second steps away from the clock's now."""
    return pyotp.TOTP(secret).at(clock.now, counter_offset=steps)


def enrol(client, headers, clock):
    """enable + verify: returns (secret, recovery codes)."""
    secret = client.post("/api/auth/two-factor/enable", headers=headers).get_json()["secret"]
    response = client.post("/api/auth/two-factor/verify", headers=headers,
                           json={"code": code_at(secret, clock)})
    assert response.status_code == 200, response.get_json()
    # Later codes come from later steps, so the enrolment code is never mistaken for a replay.
    clock.advance(minutes=5)
    return secret, response.get_json()["recoveryCodes"]


def enrol_two_factor(app, client, headers, clock, email="alice@example.com"):
    """Verify `email` (two-factor needs it), then `enrol`: returns (secret, recovery codes)."""
    verify_email(app, email)
    return enrol(client, headers, clock)


def begin_register(client, headers):
    response = client.post(REGISTER, json={}, headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def register_passkey(client, headers, authenticator, name=None, **create_kwargs):
    """Both steps of registration; returns the second step's response."""
    step = begin_register(client, headers)
    credential = authenticator.create(step["options"], create_kwargs.pop("origin", ORIGIN),
                                      **create_kwargs)
    body = {"challengeId": step["challengeId"], "credential": credential}
    if name is not None:
        body["name"] = name
    return client.post(REGISTER, json=body, headers=headers)


def begin_sign_in(client, email=None):
    response = client.post(SIGN_IN, json={} if email is None else {"email": email})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def passkey_sign_in(client, authenticator, email=None, tamper=None, **get_kwargs):
    """Both steps of sign-in; `tamper(credential)` may edit the assertion before it is sent."""
    step = begin_sign_in(client, email)
    credential = authenticator.get(step["options"], get_kwargs.pop("origin", ORIGIN),
                                   **get_kwargs)
    if tamper:
        tamper(credential)
    return client.post(SIGN_IN, json={"challengeId": step["challengeId"],
                                      "credential": credential})
