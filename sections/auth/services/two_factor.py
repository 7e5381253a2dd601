"""Two-factor authentication: TOTP enrolment (RFC 6238), recovery codes and the sign-in check.

TOTP secrets are stored Fernet-encrypted under a key derived from SECRET_KEY, never in clear.
"""
import base64
import hmac
import re
import secrets

import pyotp
import segno
from flask import current_app
from pyotp.exceptions import OTPVerificationError
from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm.attributes import set_committed_value

from core import clock, sealing, tokens
from core.db import db
from core.outcomes import EmailNotVerified
from sections.auth.models import RecoveryCode, User
from sections.auth.outcomes import (
    InvalidTotp,
    TotpRefused,
    TotpRequired,
    TwoFactorAlreadyEnabled,
    TwoFactorNotEnabled,
)
from sections.auth.services import notices, security_log, throttle

# RFC 6238 section 5.2: one step (30 s) of drift accepted either way, never two.
VALID_WINDOW = 1
TOTP_CODE = re.compile(r"[0-9]{6}")
RECOVERY_CODE_COUNT = 10
RECOVERY_CODE_BYTES = 10  # 80 random bits: SHA-256 is enough, no slow hash needed
HKDF_INFO = b"totp-secret-at-rest"
SEPARATORS = str.maketrans("", "", " -")


# --- the secret at rest ---

def encrypt(secret: str) -> str:
    return sealing.seal(secret, HKDF_INFO)


def decrypt(stored: str) -> str:
    return sealing.unseal(stored, HKDF_INFO)


# --- enrolment ---

def issuer() -> str:
    config = current_app.config
    return config["TOTP_ISSUER"] or config["API_TITLE"]


def enable(user: User) -> dict:
    """Make a new pending secret (replacing an earlier pending one) and its QR code."""
    require_can_enable(user)
    secret = pyotp.random_base32()
    user.totp_pending_secret = encrypt(secret)
    uri = pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name=issuer())
    # make_qr, not make: segno.make may choose a Micro QR that authenticator apps cannot read.
    qr_code = segno.make_qr(uri, error="m").png_data_uri(scale=5, border=4)
    return {"secret": secret, "qrCode": qr_code, "otpauthUrl": uri}


def require_can_enable(user: User) -> None:
    """403 EMAIL_NOT_VERIFIED before the address is proven; 409 when two-factor is on."""
    if not user.email_verified:
        # Contract section 5: a factor set up before the address is proven would be wiped when
        # the address's owner claims the account, or would let whoever set it up keep it.
        raise EmailNotVerified(
            "Verify your e-mail address before turning on two-factor authentication")
    if user.two_factor_enabled:
        raise TwoFactorAlreadyEnabled


def activate(user: User, code: str) -> list[str]:
    """Turn two-factor on with a code of the pending secret; returns the new recovery codes."""
    throttle.attempt(user.email)
    if user.two_factor_enabled:
        throttle.forgive(user.email)
        raise TwoFactorAlreadyEnabled
    pending = user.totp_pending_secret
    if pending is None:
        throttle.forgive(user.email)
        raise InvalidTotp("No two-factor enrolment is pending: call two-factor/enable first")
    if not _accept_totp(user, decrypt(pending), _normal(code)):
        raise InvalidTotp
    throttle.forgive(user.email)
    # Conditional on the row still being pending, so two concurrent verifies activate once.
    if not _update_if(user, User.totp_pending_secret == pending, two_factor_enabled=True,
                      totp_secret=pending, totp_pending_secret=None):
        raise TwoFactorAlreadyEnabled
    security_log.record(user.id, "two_factor_enable")
    notices.notify(user, "two_factor_enable")
    return _new_recovery_codes(user)


def require_enabled(user: User) -> None:
    if not user.two_factor_enabled:
        raise TwoFactorNotEnabled


def turn_off(user: User) -> None:
    """Two-factor off once the caller's proof passed (extensions E1.3: the request's `code`, a
    TOTP or recovery code, is its code proof, with the password when the account has one)."""
    reset(user)
    security_log.record(user.id, "two_factor_disable")
    notices.notify(user, "two_factor_disable")


def reset(user: User) -> None:
    """Two-factor off: no secret, no pending secret, no recovery codes."""
    user.two_factor_enabled = False
    user.totp_secret = user.totp_pending_secret = user.totp_last_step = None
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))


# --- sign-in ---

def check_sign_in(user: User, code: str | None) -> None:
    """Raise TotpRequired / TotpRefused (401 TOTP_REQUIRED / INVALID_TOTP) when `user` has
    two-factor on and `code` is missing or not accepted; accept a recovery code once in place
    of a TOTP code.

    Called after the first factor (password, magic link, OAuth). Every code is counted against
    the account's failure cap (contract section 6) before it is checked; a right one is forgiven.
    """
    if not user.two_factor_enabled:
        return
    throttle.attempt(user.email)
    if not isinstance(code, str) or not _normal(code):
        throttle.forgive(user.email)  # nothing was checked
        raise TotpRequired
    if not _accept(user, code):
        security_log.record_failure(user.id, "totp")
        raise TotpRefused
    throttle.forgive(user.email)


# --- codes ---

def accept_code(user: User, code: str) -> bool:
    """A current TOTP code or an unused recovery code of `user`, spent once accepted. The
    caller counts a refusal toward the failure cap (account deletion, contract section 9)."""
    return user.two_factor_enabled and _accept(user, code)


def _normal(code: str) -> str:
    """Authenticator apps show "123 456" and recovery codes carry dashes: compare without them."""
    return code.strip().translate(SEPARATORS).lower()


def _accept(user: User, code: str) -> bool:
    code = _normal(code)
    if TOTP_CODE.fullmatch(code):
        return _accept_totp(user, decrypt(user.totp_secret), code)
    return _accept_recovery_code(user, code)


def _accept_totp(user: User, secret: str, code: str) -> bool:
    if not TOTP_CODE.fullmatch(code):
        return False
    try:
        step = pyotp.TOTP(secret).verify_and_get_timecode(
            code, for_time=clock.utcnow(), valid_window=VALID_WINDOW)
    except OTPVerificationError:
        return False
    # RFC 6238 section 5.2: a code is accepted once. The UPDATE only matches while the stored
    # step is older, so a replay (or an older code), even a concurrent one, is refused.
    return _update_if(user, or_(User.totp_last_step.is_(None), User.totp_last_step < step),
                      totp_last_step=step)


def _update_if(user: User, condition, **values) -> bool:
    """UPDATE the user's row only while `condition` holds; False when another request won."""
    result = db.session.execute(
        update(User).where(User.id == user.id, condition).values(**values)
        .execution_options(synchronize_session=False))
    if result.rowcount != 1:
        return False
    for name, value in values.items():
        set_committed_value(user, name, value)
    return True


def _new_recovery_code() -> str:
    raw = base64.b32encode(secrets.token_bytes(RECOVERY_CODE_BYTES)).decode("ascii").lower()
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def _new_recovery_codes(user: User) -> list[str]:
    """Replace the user's recovery codes: only SHA-256 digests are stored, shown only once."""
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    codes = [_new_recovery_code() for _ in range(RECOVERY_CODE_COUNT)]
    db.session.add_all(RecoveryCode(user_id=user.id, code_hash=tokens.digest(_normal(code)))
                       for code in codes)
    return codes


def _accept_recovery_code(user: User, code: str) -> bool:
    wanted = tokens.digest(code)
    rows = db.session.execute(
        select(RecoveryCode).where(RecoveryCode.user_id == user.id)).scalars().all()
    match = None
    for row in rows:  # every row is compared, in constant time, whichever matches
        if hmac.compare_digest(row.code_hash, wanted):
            match = row
    if match is None:
        return False
    # Single use, also against a concurrent request presenting the same code.
    result = db.session.execute(delete(RecoveryCode).where(RecoveryCode.id == match.id)
                                .execution_options(synchronize_session=False))
    return result.rowcount == 1
