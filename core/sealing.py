"""Secrets the service must use again (a TOTP secret, an identity provider's client secret) are
kept sealed: Fernet under a key derived from SECRET_KEY by HKDF, one key per purpose."""
import base64

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app


def _fernet(secret_key: str, purpose: bytes) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=purpose).derive(
        secret_key.encode("utf-8"))
    return Fernet(base64.urlsafe_b64encode(key))


def _box(purpose: bytes) -> MultiFernet:
    # Seal under SECRET_KEY; also open under Flask's SECRET_KEY_FALLBACKS during a rotation.
    config = current_app.config
    keys = [config["SECRET_KEY"], *(config.get("SECRET_KEY_FALLBACKS") or [])]
    return MultiFernet([_fernet(key, purpose) for key in keys])


def seal(secret: str, purpose: bytes) -> str:
    return _box(purpose).encrypt(secret.encode("utf-8")).decode("ascii")


def unseal(stored: str, purpose: bytes) -> str:
    """The secret; RuntimeError when SECRET_KEY changed without the old key in the fallbacks."""
    try:
        return _box(purpose).decrypt(stored.encode("ascii")).decode("utf-8")
    except InvalidToken:
        raise RuntimeError(f"a stored secret ({purpose.decode()}) does not decrypt: SECRET_KEY "
                           "changed without the old key in SECRET_KEY_FALLBACKS") from None
