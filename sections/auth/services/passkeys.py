"""Passkeys (WebAuthn through py_webauthn): the registration and sign-in ceremonies, their
server-side challenges and the stored credentials (contract section 5)."""
import hmac
import logging
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    decode_credential_public_key,
    decoded_public_key_to_cryptography,
    options_to_json_dict,
    parse_authentication_credential_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    CredentialDeviceType,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from core import clock, tokens
from core.db import db
from core.outcomes import Outcome
from sections.auth.models import PasskeyChallenge, PasskeyCredential, User
from sections.auth.outcomes import InvalidChallenge, InvalidPasskey, PasskeyRefused
from sections.auth.services import accounts, notices, security_log

log = logging.getLogger(__name__)

CHALLENGE_LIFETIME = timedelta(minutes=5)
REGISTER = "register"
SIGN_IN = "sign_in"  # discoverable: the response's userHandle names the account
SIGN_IN_AS = "sign_in_as"  # for the account of a given e-mail (none when it has no account)
DEFAULT_NAME = "Passkey"
# What py_webauthn raises on a hostile or malformed response: its own errors, and plain
# decoding errors from the parts it does not wrap (e.g. a COSE key with a bad curve point).
REFUSED = (WebAuthnException, ValueError, TypeError, LookupError, OverflowError)


@dataclass(frozen=True)
class Challenge:
    challenge: bytes
    purpose: str
    user_id: str | None


def relying_party() -> dict:
    cfg = current_app.config
    return {"expected_rp_id": cfg["WEBAUTHN_RP_ID"], "expected_origin": cfg["WEBAUTHN_ORIGINS"]}


def user_handle(user: User) -> bytes:
    # The WebAuthn user.id: our random account id, never the e-mail (WebAuthn section 14.6.1).
    return user.id.encode("ascii")


def descriptor(row: PasskeyCredential) -> PublicKeyCredentialDescriptor:
    return PublicKeyCredentialDescriptor(
        id=row.credential_id, transports=[AuthenticatorTransport(t) for t in row.transports])


@contextmanager
def refused_as(refusal: type[Outcome]):
    """Turn any verification failure into INVALID_PASSKEY: InvalidPasskey (400) at register,
    PasskeyRefused (401) at sign-in."""
    try:
        yield
    except REFUSED as exc:
        log.info("passkey response refused: %s", exc)
        raise refusal from None


def issue_challenge(purpose: str, challenge: bytes, user_id: str | None) -> str:
    """Keep the challenge for the second step; the client gets an id whose hash we store."""
    challenge_id = tokens.new_token()
    db.session.add(PasskeyChallenge(
        token_hash=tokens.digest(challenge_id), challenge=challenge, purpose=purpose,
        user_id=user_id, expires_at=clock.utcnow() + CHALLENGE_LIFETIME))
    return challenge_id


def spend_challenge(challenge_id: str, purposes: set[str]) -> Challenge:
    """Take a live challenge once. Spent in the transaction of the ceremony's effect: of two
    concurrent uses the conditional DELETE lets one win, the other rolls back entirely."""
    row = db.session.execute(select(PasskeyChallenge).where(
        PasskeyChallenge.token_hash == tokens.digest(challenge_id))).scalar_one_or_none()
    if (row is None or row.purpose not in purposes or row.expires_at <= clock.utcnow()
            or not tokens.matches(challenge_id, row.token_hash)):
        raise InvalidChallenge
    taken = Challenge(row.challenge, row.purpose, row.user_id)
    result = db.session.execute(delete(PasskeyChallenge).where(PasskeyChallenge.id == row.id))
    if result.rowcount != 1:
        raise InvalidChallenge
    return taken


def passkeys_of(user_id: str) -> list[PasskeyCredential]:
    return list(db.session.execute(
        select(PasskeyCredential).where(PasskeyCredential.user_id == user_id)
        .order_by(PasskeyCredential.created_at, PasskeyCredential.id)).scalars())


def answer(row: PasskeyCredential) -> dict:
    """A passkey as its owner's list shows it (PasskeySchema; a new one's answer leaves out
    lastUsedAt): never its key or sign count."""
    return {"id": row.id, "name": row.name, "createdAt": row.created_at,
            "lastUsedAt": row.last_used_at}


def timeout_ms() -> int:
    return int(CHALLENGE_LIFETIME.total_seconds() * 1000)


def registration_options(user: User) -> tuple[dict, str]:
    """Creation options for a discoverable, user-verified credential the user does not have."""
    cfg = current_app.config
    options = generate_registration_options(
        rp_id=cfg["WEBAUTHN_RP_ID"], rp_name=cfg["WEBAUTHN_RP_NAME"], user_name=user.email,
        user_id=user_handle(user), user_display_name=user.name or user.email,
        timeout=timeout_ms(),
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.REQUIRED),
        exclude_credentials=[descriptor(row) for row in passkeys_of(user.id)])
    return options_to_json_dict(options), issue_challenge(REGISTER, options.challenge, user.id)


def register(user: User, challenge_id: str, credential: dict, name: str | None):
    """Verify an attestation (WebAuthn section 7.1) and store the new credential."""
    challenge = spend_challenge(challenge_id, {REGISTER})
    if challenge.user_id != user.id:  # a challenge issued to another account
        raise InvalidChallenge
    with refused_as(InvalidPasskey):
        parsed = parse_registration_credential_json(credential)
        verified = verify_registration_response(
            credential=parsed, expected_challenge=challenge.challenge,
            require_user_verification=True, **relying_party())
        # py_webauthn only decodes the key at sign-in: refuse an unusable one now.
        decoded_public_key_to_cryptography(
            decode_credential_public_key(verified.credential_public_key))
    if not hmac.compare_digest(parsed.raw_id, verified.credential_id):
        # rawId must name the credential the authenticator attested (WebAuthn section 7.1).
        raise InvalidPasskey
    transports = sorted({t.value for t in parsed.response.transports or []})
    row = PasskeyCredential(
        credential_id=verified.credential_id, user_id=user.id,
        public_key=verified.credential_public_key, sign_count=verified.sign_count,
        transports=transports,
        backup_eligible=verified.credential_device_type == CredentialDeviceType.MULTI_DEVICE,
        backed_up=verified.credential_backed_up, name=name or DEFAULT_NAME)
    db.session.add(row)
    try:
        db.session.flush()
    except IntegrityError:  # the credential ID is registered already (to anyone)
        db.session.rollback()
        raise InvalidPasskey("This passkey is already registered") from None
    security_log.record(user.id, "passkey_add")
    notices.notify(user, "passkey_add")
    return row


def sign_in_options(email: str | None) -> tuple[dict, str]:
    """Request options for the discoverable flow, whether or not `email` is given.

    The answer never lists credentials: an `email` with passkeys, without, or without an
    account gets the same kind of answer (registration requires resident keys, so every passkey
    is discoverable). A given `email` still binds the challenge to its account, checked at
    step 2 (`owned_as_claimed`).
    """
    purpose, user_id = SIGN_IN, None
    if email is not None:
        purpose = SIGN_IN_AS
        user = accounts.by_email(email)
        user_id = user.id if user is not None else None
    options = generate_authentication_options(
        rp_id=current_app.config["WEBAUTHN_RP_ID"], timeout=timeout_ms(),
        user_verification=UserVerificationRequirement.REQUIRED)
    return options_to_json_dict(options), issue_challenge(purpose, options.challenge, user_id)


def sign_in(challenge_id: str, credential: dict) -> User:
    """Verify an assertion (WebAuthn section 7.2) and return the credential's owner."""
    challenge = spend_challenge(challenge_id, {SIGN_IN, SIGN_IN_AS})
    with refused_as(PasskeyRefused):
        parsed = parse_authentication_credential_json(credential)
    row = db.session.execute(select(PasskeyCredential).where(
        PasskeyCredential.credential_id == parsed.raw_id)).scalar_one_or_none()
    if row is None or not owned_as_claimed(row, challenge, parsed.response.user_handle):
        raise PasskeyRefused
    with refused_as(PasskeyRefused):
        # Refuses a missing UV flag and a sign count that did not grow (when either is
        # non-zero): a possibly cloned authenticator (WebAuthn section 7.2 step 21).
        verified = verify_authentication_response(
            credential=parsed, expected_challenge=challenge.challenge,
            credential_public_key=row.public_key, credential_current_sign_count=row.sign_count,
            require_user_verification=True, **relying_party())
    row.sign_count = verified.new_sign_count
    row.backed_up = verified.credential_backed_up
    row.last_used_at = clock.utcnow()
    return row.user


def owned_as_claimed(row: PasskeyCredential, challenge: Challenge, handle: bytes | None) -> bool:
    """WebAuthn section 7.2 step 6: the credential belongs to the account the ceremony named,
    and the userHandle (required when no account was named) is that owner's."""
    if challenge.purpose == SIGN_IN_AS and row.user_id != challenge.user_id:
        return False
    if handle is None:
        return challenge.purpose == SIGN_IN_AS
    return hmac.compare_digest(handle, user_handle(row.user))


def remove(row: PasskeyCredential) -> None:
    """Delete one of the caller's passkeys (once E1.3's proof passed)."""
    db.session.delete(row)
    security_log.record(row.user_id, "passkey_remove")
    notices.notify(row.user, "passkey_remove")
